//===- Frontend.cpp - Discover and lower annotated functions --------------===//
//
// discover: a Preprocessor token watcher finds `[[custom_op...(...)]]` in the
//           token stream after macro expansion (Clang drops unknown
//           attributes from the AST, and `mutates=""` is no expression).
// attach:   each annotation belongs to the first declaration that starts at
//           or after its `[[`, in the same file.
// lower:    TypeMapper and DefaultRenderer turn the function into plain model
//           structs; nothing Clang-typed leaves this file.
//===----------------------------------------------------------------------===//
#include "opgen/Frontend.h"

#include "Config.h"
#include "TypeMapper.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/LiteralSupport.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>

using namespace clang;

namespace opgen {

namespace {

SourceLoc toSourceLoc(const SourceManager &SM, SourceLocation L,
                      const std::string &Root) {
  SourceLoc Out;
  if (L.isInvalid())
    return Out;
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L));
  if (P.isInvalid())
    return Out;
  llvm::SmallString<256> Abs(P.getFilename());
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  Out.File = displayPath(std::string(Abs), Root);
  Out.Line = P.getLine();
  Out.Column = P.getColumn();
  return Out;
}

//===----------------------------------------------------------------------===//
// discover: the token watcher
//===----------------------------------------------------------------------===//

/// An annotation as found in the token stream, before it is attached.
struct RawAnnotation {
  Annotation Attr;
  SourceLocation ListBegin; ///< Expansion location of the `[[`.
};

const char *annotationSpelling(AnnotationKind K) {
  switch (K) {
  case AnnotationKind::CustomOp:
    return "custom_op";
  case AnnotationKind::Fake:
    return "custom_op_fake";
  case AnnotationKind::Backward:
    return "custom_op_backward";
  }
  return "custom_op";
}

std::optional<AnnotationKind> annotationKind(llvm::StringRef Name) {
  if (Name == "custom_op")
    return AnnotationKind::CustomOp;
  if (Name == "custom_op_fake")
    return AnnotationKind::Fake;
  if (Name == "custom_op_backward")
    return AnnotationKind::Backward;
  return std::nullopt;
}

/// A small state machine fed every token the preprocessor produces.
class AnnotationScanner {
public:
  AnnotationScanner(Preprocessor &PP, DiagSink &Diags, std::string Root)
      : PP(PP), Diags(Diags), Root(std::move(Root)) {}

  void onToken(const Token &Tok) {
    if (Collecting) {
      collect(Tok);
    } else if (InList) {
      scanList(Tok);
    } else if (Tok.is(tok::l_square)) {
      if (PrevWasLSquare) {
        InList = true;
        ListBegin = PrevLoc;
        ListParenDepth = 0;
      }
    }
    PrevWasLSquare = Tok.is(tok::l_square);
    PrevLoc = Tok.getLocation();
  }

  /// Called at the end of the translation unit.
  void finish() {
    if (Collecting)
      Diags.report(DiagId::AttrUnterminated, loc(NameLoc),
                   {annotationSpelling(Kind)});
    Collecting = false;
  }

  std::vector<RawAnnotation> take() { return std::move(Found); }

private:
  SourceLoc loc(SourceLocation L) const {
    return toSourceLoc(PP.getSourceManager(), L, Root);
  }

  void scanList(const Token &Tok) {
    if (Tok.isOneOf(tok::l_paren, tok::l_square, tok::l_brace)) {
      ++ListParenDepth;
    } else if (Tok.isOneOf(tok::r_paren, tok::r_brace)) {
      --ListParenDepth;
    } else if (Tok.is(tok::r_square)) {
      if (ListParenDepth == 0) {
        InList = false; // `]]`: the second `]` is harmless outside a list.
        return;
      }
      --ListParenDepth;
    } else if (ListParenDepth == 0 && Tok.is(tok::identifier)) {
      if (auto K = annotationKind(Tok.getIdentifierInfo()->getName())) {
        Kind = *K;
        NameLoc = Tok.getLocation();
        Collecting = true;
        SawOpenParen = false;
        Args.clear();
        Depth = 0;
      }
    } else if (Tok.is(tok::semi)) {
      InList = false;
    }
  }

  void collect(const Token &Tok) {
    if (!SawOpenParen) {
      if (Tok.is(tok::l_paren)) {
        SawOpenParen = true;
        return;
      }
      // `[[custom_op]]` without arguments.
      Collecting = false;
      Diags.report(DiagId::AttrMissingName, loc(NameLoc),
                   {annotationSpelling(Kind)});
      scanList(Tok);
      return;
    }
    if (Tok.is(tok::l_paren)) {
      ++Depth;
    } else if (Tok.is(tok::r_paren)) {
      if (Depth == 0) {
        Collecting = false;
        parse();
        return;
      }
      --Depth;
    } else if (Tok.isOneOf(tok::semi, tok::l_brace, tok::r_square)) {
      // A `)` is missing: stop here so the rest of the file is not eaten.
      Collecting = false;
      InList = false;
      Diags.report(DiagId::AttrUnterminated, loc(NameLoc),
                   {annotationSpelling(Kind)});
      return;
    }
    Args.push_back(Tok);
  }

  /// Reads adjacent string literals starting at \p I into \p Out.
  bool readString(size_t &I, AnnotationValue &Out) {
    size_t Begin = I;
    while (I < Args.size() && tok::isStringLiteral(Args[I].getKind()))
      ++I;
    if (I == Begin)
      return false;
    StringLiteralParser Literal(llvm::ArrayRef<Token>(Args).slice(Begin, I - Begin),
                                PP);
    if (Literal.hadError)
      return false;
    Out.Text = Literal.GetString().str();
    Out.Loc = loc(Args[Begin].getLocation());
    return true;
  }

  void parse() {
    RawAnnotation Raw;
    Raw.ListBegin = PP.getSourceManager().getExpansionLoc(ListBegin);
    Raw.Attr.Kind = Kind;
    Raw.Attr.Loc = loc(NameLoc);
    const char *Spelling = annotationSpelling(Kind);
    size_t I = 0;
    if (!readString(I, Raw.Attr.Name)) {
      Diags.report(DiagId::AttrMissingName,
                   loc(I < Args.size() ? Args[I].getLocation() : NameLoc),
                   {Spelling});
      return;
    }
    while (I < Args.size()) {
      if (!Args[I].is(tok::comma) || I + 2 >= Args.size() + 0 ||
          !Args[I + 1].isAnyIdentifier() || !Args[I + 2].is(tok::equal)) {
        Diags.report(DiagId::AttrExpectedKey,
                     loc(Args[std::min(I + 1, Args.size() - 1)].getLocation()),
                     {Spelling});
        return;
      }
      std::string Key = Args[I + 1].getIdentifierInfo()->getName().str();
      SourceLoc KeyLoc = loc(Args[I + 1].getLocation());
      I += 3;
      AnnotationValue Value;
      if (!readString(I, Value)) {
        Diags.report(DiagId::AttrNonStringValue,
                     loc(I < Args.size() ? Args[I].getLocation()
                                         : Args[I - 1].getLocation()),
                     {Key});
        return;
      }
      if (Raw.Attr.find(Key)) {
        Diags.report(DiagId::AttrDuplicateKey, KeyLoc, {Key});
        return;
      }
      Raw.Attr.Keys.push_back({Key, Value});
    }
    // Tokens replayed after tentative parsing reach the watcher again.
    for (const RawAnnotation &Seen : Found)
      if (Seen.Attr.Loc == Raw.Attr.Loc)
        return;
    Found.push_back(std::move(Raw));
  }

  Preprocessor &PP;
  DiagSink &Diags;
  std::string Root;
  std::vector<RawAnnotation> Found;

  bool PrevWasLSquare = false;
  SourceLocation PrevLoc;
  bool InList = false;
  SourceLocation ListBegin;
  int ListParenDepth = 0;

  bool Collecting = false;
  bool SawOpenParen = false;
  AnnotationKind Kind = AnnotationKind::CustomOp;
  SourceLocation NameLoc;
  std::vector<Token> Args;
  int Depth = 0;
};

//===----------------------------------------------------------------------===//
// attach and lower
//===----------------------------------------------------------------------===//

/// Collects every declaration with its expansion start, per file.
class DeclCollector : public RecursiveASTVisitor<DeclCollector> {
public:
  explicit DeclCollector(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }
  bool shouldVisitLambdaBody() const { return false; }

  bool VisitDecl(Decl *D) {
    if (isa<TranslationUnitDecl>(D) || D->isImplicit())
      return true;
    SourceLocation L = SM.getExpansionLoc(D->getBeginLoc());
    if (L.isInvalid() || SM.isInSystemHeader(L))
      return true;
    auto [File, Offset] = SM.getDecomposedLoc(L);
    ByFile[File].push_back({Offset, D});
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *E) {
    // A lambda's class is what an annotation in front of it would hit.
    VisitDecl(E->getLambdaClass());
    return true;
  }

  void sort() {
    for (auto &[File, Decls] : ByFile)
      std::stable_sort(Decls.begin(), Decls.end(),
                       [](const auto &A, const auto &B) {
                         return A.first < B.first;
                       });
  }

  /// The first declaration starting at or after \p L in its file.
  Decl *following(SourceLocation L) const {
    auto [File, Offset] = SM.getDecomposedLoc(L);
    auto It = ByFile.find(File);
    if (It == ByFile.end())
      return nullptr;
    auto Pos = std::lower_bound(
        It->second.begin(), It->second.end(), Offset,
        [](const auto &Entry, unsigned O) { return Entry.first < O; });
    return Pos == It->second.end() ? nullptr : Pos->second;
  }

private:
  const SourceManager &SM;
  std::map<FileID, std::vector<std::pair<unsigned, Decl *>>> ByFile;
};

/// What a declaration is, for "must precede a free function, not %1".
std::string describeDecl(const Decl *D) {
  if (isa<CXXMethodDecl>(D))
    return "a member function";
  if (auto *FD = dyn_cast<FunctionDecl>(D))
    if (FD->getDescribedFunctionTemplate())
      return "a function template";
  if (isa<FunctionTemplateDecl>(D))
    return "a function template";
  if (auto *RD = dyn_cast<CXXRecordDecl>(D))
    return RD->isLambda() ? "a lambda" : "a class";
  if (isa<VarDecl>(D))
    return "a variable";
  if (isa<NamespaceDecl>(D))
    return "a namespace";
  if (isa<TypedefNameDecl>(D))
    return "a type alias";
  if (isa<EnumDecl>(D))
    return "an enum";
  return std::string("a ") + D->getDeclKindName() + " declaration";
}

class OpgenConsumer : public ASTConsumer {
public:
  OpgenConsumer(AnnotationScanner &Scanner, DiagSink &Diags,
                const FrontendOptions &Opts, FrontendResult &Result,
                std::string HostSource)
      : Scanner(Scanner), Diags(Diags), Opts(Opts), Result(Result),
        HostSource(std::move(HostSource)) {}

  // Bodies are never needed to lower a signature.
  bool shouldSkipFunctionBody(Decl *) override { return true; }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    Scanner.finish();
    const SourceManager &SM = Ctx.getSourceManager();
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return; // Clang has said why; lowering a broken AST helps nobody.
    DeclCollector Collector(SM);
    Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
    Collector.sort();
    for (RawAnnotation &Raw : Scanner.take()) {
      Decl *D = Collector.following(Raw.ListBegin);
      const char *Spelling = annotationSpelling(Raw.Attr.Kind);
      if (!D) {
        Diags.report(DiagId::AttrNoDeclaration, Raw.Attr.Loc, {Spelling});
        continue;
      }
      auto *FD = dyn_cast<FunctionDecl>(D);
      if (!FD || isa<CXXMethodDecl>(FD) || FD->getDescribedFunctionTemplate() ||
          FD->isTemplated()) {
        Diags.report(DiagId::AttrNotAFunction, Raw.Attr.Loc,
                     {Spelling, describeDecl(D)});
        continue;
      }
      lower(Ctx, *FD, std::move(Raw.Attr));
    }
  }

private:
  void lower(ASTContext &Ctx, const FunctionDecl &FD, Annotation Attr) {
    const SourceManager &SM = Ctx.getSourceManager();
    AnnotatedFunction Fn;
    Fn.Attr = std::move(Attr);
    Fn.Impl.Loc = toSourceLoc(SM, FD.getLocation(), Opts.Root);
    Fn.Impl.HostSource = HostSource;
    Fn.Impl.Callee = calleeName(Ctx, FD);
    if (FD.isVariadic()) {
      Diags.report(DiagId::VariadicFunction, Fn.Impl.Loc,
                   {FD.getNameAsString()});
      return;
    }
    TypeMapper Mapper(Ctx);
    bool Ok = true;
    unsigned Index = 0;
    for (const ParmVarDecl *P : FD.parameters()) {
      ++Index;
      SourceLoc PLoc = toSourceLoc(SM, P->getLocation(), Opts.Root);
      if (P->getName().empty()) {
        Diags.report(DiagId::UnnamedParam,
                     toSourceLoc(SM, P->getBeginLoc(), Opts.Root),
                     {std::to_string(Index), FD.getNameAsString()});
        Ok = false;
        continue;
      }
      MappedParam M;
      std::string Why;
      if (!Mapper.mapParam(P->getType(), M, Why)) {
        Diags.report(DiagId::UnsupportedType,
                     toSourceLoc(SM, P->getTypeSpecStartLoc(), Opts.Root),
                     {P->getNameAsString(), printType(Ctx, P->getType()), Why});
        Ok = false;
        continue;
      }
      Argument A;
      A.Name = P->getNameAsString();
      A.Ty = M.SchemaType;
      if (P->hasDefaultArg() && !P->hasUninstantiatedDefaultArg()) {
        std::optional<DefaultValue> V =
            Mapper.renderDefault(P->getDefaultArg(), M.SchemaType);
        if (!V) {
          Diags.report(DiagId::UnrenderableDefault,
                       toSourceLoc(SM, P->getDefaultArgRange().getBegin(),
                                   Opts.Root),
                       {A.Name});
          Ok = false;
          continue;
        }
        A.Default = std::move(V);
      }
      M.Cpp.Name = A.Name;
      M.Cpp.Loc = PLoc;
      M.Cpp.Spelling = printType(Ctx, P->getType());
      Fn.Inferred.Arguments.push_back(std::move(A));
      Fn.Impl.Params.push_back(std::move(M.Cpp));
    }
    std::string Why;
    std::vector<Return> Returns;
    if (!Mapper.mapReturn(FD.getReturnType(), Returns, Fn.ReturnsTensorRef,
                          Why)) {
      Diags.report(DiagId::UnsupportedReturn,
                   toSourceLoc(SM, FD.getReturnTypeSourceRange().getBegin(),
                               Opts.Root),
                   {printType(Ctx, FD.getReturnType()), Why});
      Ok = false;
    }
    if (!Ok)
      return;
    Fn.Inferred.Returns = std::move(Returns);
    Fn.Impl.Ret.Spelling = printType(Ctx, FD.getReturnType());
    Fn.Impl.Ret.Reference = Fn.ReturnsTensorRef;
    Result.Functions.push_back(std::move(Fn));
  }

  /// `::ns::fn`, skipping anonymous namespaces (their members are visible in
  /// the enclosing namespace of the same translation unit).
  static std::string calleeName(ASTContext &Ctx, const FunctionDecl &FD) {
    PrintingPolicy Policy(Ctx.getLangOpts());
    Policy.SuppressUnwrittenScope = true;
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    FD.printQualifiedName(OS, Policy);
    return "::" + OS.str();
  }

  AnnotationScanner &Scanner;
  DiagSink &Diags;
  const FrontendOptions &Opts;
  FrontendResult &Result;
  std::string HostSource;
};

/// Records every user (non-system) file entered, for the depfile.
class UserFileCollector : public PPCallbacks {
public:
  UserFileCollector(const SourceManager &SM, std::set<std::string> &Files)
      : SM(SM), Files(Files) {}
  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind Kind, FileID) override {
    if (Reason != EnterFile || Kind != SrcMgr::C_User)
      return;
    if (auto Entry = SM.getFileEntryRefForID(SM.getFileID(Loc))) {
      llvm::SmallString<256> Abs(Entry->getName());
      llvm::sys::fs::make_absolute(Abs);
      llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
      Files.insert(std::string(Abs));
    }
  }

private:
  const SourceManager &SM;
  std::set<std::string> &Files;
};

class OpgenAction : public ASTFrontendAction {
public:
  OpgenAction(DiagSink &Diags, const FrontendOptions &Opts,
              FrontendResult &Result)
      : Diags(Diags), Opts(Opts), Result(Result) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getFrontendOpts().SkipFunctionBodies = true;
    Preprocessor &PP = CI.getPreprocessor();
    Scanner = std::make_unique<AnnotationScanner>(PP, Diags, Opts.Root);
    PP.setTokenWatcher([S = Scanner.get()](const Token &T) { S->onToken(T); });
    PP.addPPCallbacks(std::make_unique<UserFileCollector>(
        CI.getSourceManager(), Result.Dependencies));
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef File) override {
    return std::make_unique<OpgenConsumer>(*Scanner, Diags, Opts, Result,
                                           File.str());
  }

private:
  DiagSink &Diags;
  const FrontendOptions &Opts;
  FrontendResult &Result;
  std::unique_ptr<AnnotationScanner> Scanner;
};

class OpgenActionFactory : public tooling::FrontendActionFactory {
public:
  OpgenActionFactory(DiagSink &Diags, const FrontendOptions &Opts,
                     FrontendResult &Result)
      : Diags(Diags), Opts(Opts), Result(Result) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<OpgenAction>(Diags, Opts, Result);
  }

private:
  DiagSink &Diags;
  const FrontendOptions &Opts;
  FrontendResult &Result;
};

bool isCudaSource(llvm::StringRef Path) {
  return Path.endswith(".cu") || Path.endswith(".cuh");
}
bool isHeader(llvm::StringRef Path) {
  return Path.endswith(".h") || Path.endswith(".hpp") || Path.endswith(".cuh");
}

/// Working default flags when there is no compile database.
std::vector<std::string> defaultFlags() {
  std::vector<std::string> Flags = {"-std=c++17", "-fsyntax-only",
                                    "-D_GLIBCXX_USE_CXX11_ABI=1"};
  for (llvm::StringRef Dir : llvm::split(OPGEN_DEFAULT_SYSTEM_INCLUDES, ';'))
    if (!Dir.empty())
      Flags.push_back("-isystem" + Dir.str());
  if (const char *Env = std::getenv("OPGEN_TORCH_INCLUDE"))
    for (llvm::StringRef Dir : llvm::split(Env, ':'))
      if (!Dir.empty())
        Flags.push_back("-isystem" + Dir.str());
  return Flags;
}

/// Lets clang parse .cu files against the CUDA 13 toolkit without its own
/// (incompatible) CUDA wrapper headers: host side only, with the attribute
/// macros and launch hook the wrappers would have provided.
constexpr const char *CudaPreludePath = "/opgen-virtual/opgen_cuda_prelude.h";
constexpr const char *CudaPrelude = R"(#pragma once
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#include <__clang_cuda_builtin_vars.h>
#include <cuda_runtime_api.h>
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                                 size_t sharedMem = 0,
                                                 void *stream = 0);
)";

} // namespace

bool runFrontend(const FrontendOptions &Opts, DiagSink &Diags,
                 FrontendResult &Result) {
  std::unique_ptr<tooling::CompilationDatabase> Database;
  std::string Error;
  if (!Opts.BuildPath.empty()) {
    Database =
        tooling::CompilationDatabase::loadFromDirectory(Opts.BuildPath, Error);
    if (!Database) {
      llvm::errs() << "opgen: error: " << Error << "\n";
      return false;
    }
  } else {
    Database = std::make_unique<tooling::FixedCompilationDatabase>(
        ".", defaultFlags());
  }

  bool AllCompiled = true;
  for (const std::string &Source : Opts.Sources) {
    // One tool per source keeps each file's flags and errors separate.
    tooling::ClangTool Tool(*Database, {Source});
    Tool.mapVirtualFile(CudaPreludePath, CudaPrelude);
    Tool.appendArgumentsAdjuster(
        [&Opts](const tooling::CommandLineArguments &Args,
                llvm::StringRef File) {
          tooling::CommandLineArguments Out;
          // nvcc-only flags from a CMake compile database would confuse the
          // clang driver; keep what clang understands.
          for (size_t I = 0; I < Args.size(); ++I) {
            llvm::StringRef A = Args[I];
            if (A.startswith("--generate-code") || A.startswith("-gencode") ||
                A.startswith("--expt-") || A.startswith("-Xcompiler") ||
                A.startswith("-forward-unknown") || A == "-x" ||
                A.startswith("-ccbin") || A.startswith("--options-file") ||
                A.startswith("-Xfatbin") || A.startswith("--compiler-options")) {
              if ((A == "-x" || A == "-Xcompiler" || A == "-ccbin" ||
                   A == "-gencode" || A == "--options-file") &&
                  I + 1 < Args.size())
                ++I;
              continue;
            }
            Out.push_back(Args[I]);
          }
          // Language and host-only CUDA mode go right after the driver name.
          std::vector<std::string> Front;
          if (isCudaSource(File))
            Front = {"-x", "cuda", "--cuda-host-only", "-nocudalib",
                     "-nocudainc", "-include", CudaPreludePath,
                     "-isystem" OPGEN_CUDA_INCLUDE};
          else if (isHeader(File))
            Front = {"-x", "c++-header"};
          else
            Front = {"-x", "c++"};
          Out.insert(Out.begin() + 1, Front.begin(), Front.end());
          Out.push_back("-resource-dir=" OPGEN_CLANG_RESOURCE_DIR);
          Out.push_back("-Wno-unknown-attributes");
          Out.push_back("-Wno-unused-command-line-argument");
          Out.push_back("-fsyntax-only");
          Out.insert(Out.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());
          return Out;
        });
    OpgenActionFactory Factory(Diags, Opts, Result);
    if (Tool.run(&Factory) != 0) {
      Diags.report(DiagId::SourceDoesNotCompile, SourceLoc{},
                   {displayPath(Source, Opts.Root)});
      AllCompiled = false;
    }
  }
  return AllCompiled;
}

//===----------------------------------------------------------------------===//
// Rendering through Clang's diagnostics engine
//===----------------------------------------------------------------------===//

namespace {

class ClangDiagSink : public DiagSink {
public:
  explicit ClangDiagSink(const std::string &Root)
      : DiagOpts(new DiagnosticOptions()),
        Printer(llvm::errs(), &*DiagOpts),
        Engine(new DiagnosticIDs(), &*DiagOpts, &Printer,
               /*ShouldOwnClient=*/false) {
    DiagOpts->ShowColors = false;
    FileSystemOptions FSOpts;
    FSOpts.WorkingDir = Root;
    Files = new FileManager(FSOpts);
    Sources = std::make_unique<SourceManager>(Engine, *Files);
    Engine.setSourceManager(Sources.get());
    Printer.BeginSourceFile(LangOptions(), nullptr);
  }
  ~ClangDiagSink() override { Printer.EndSourceFile(); }

protected:
  void emit(DiagId Id, const SourceLoc &Loc,
            const std::vector<std::string> &Args) override {
    const DiagInfo &Info = diagInfo(Id);
    SourceLocation L = translate(Loc);
    report(Info.Level, L, formatDiag(Info.Message, Args));
    if (*Info.Hint)
      report(DiagLevel::Note, L,
             "hint: " + formatDiag(Info.Hint, Args));
  }

private:
  void report(DiagLevel Level, SourceLocation L, const std::string &Text) {
    DiagnosticsEngine::Level ClangLevel =
        Level == DiagLevel::Error     ? DiagnosticsEngine::Error
        : Level == DiagLevel::Warning ? DiagnosticsEngine::Warning
                                      : DiagnosticsEngine::Note;
    // The text is pre-formatted from the catalogue; "%0" keeps any '%' in it
    // from being read as a format directive.
    unsigned ClangId = Engine.getCustomDiagID(ClangLevel, "%0");
    Engine.Report(L, ClangId) << Text;
  }

  SourceLocation translate(const SourceLoc &Loc) {
    if (!Loc.valid())
      return SourceLocation();
    auto File = Files->getOptionalFileRef(Loc.File);
    if (!File)
      return SourceLocation();
    FileID FID = Sources->getOrCreateFileID(*File, SrcMgr::C_User);
    return Sources->translateLineCol(FID, Loc.Line, std::max(1u, Loc.Column));
  }

  IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts;
  TextDiagnosticPrinter Printer;
  DiagnosticsEngine Engine;
  IntrusiveRefCntPtr<FileManager> Files;
  std::unique_ptr<SourceManager> Sources;
};

} // namespace

std::unique_ptr<DiagSink> createClangDiagSink(const std::string &Root) {
  return std::make_unique<ClangDiagSink>(Root);
}

} // namespace opgen
