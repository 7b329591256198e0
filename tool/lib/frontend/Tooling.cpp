//===- Tooling.cpp - Running the frontend with LibTooling -----------------===//
//
// One ClangTool per source, with its compile command (from the compile
// database, or default flags) adjusted for a syntax-only parse
// (CompileCommands.h), and the first preamble that fits it (preamble/). The
// frontend action installs the AnnotationScanner as the Preprocessor's
// token watcher and parses only annotated kernels' bodies; at the end of
// the translation unit its consumer attaches the annotations and lowers the
// annotated functions.
//===----------------------------------------------------------------------===//
#include "opgen/frontend/Frontend.h"

#include "frontend/AnnotationScanner.h"
#include "frontend/Attach.h"
#include "frontend/ClangDiagnostics.h"
#include "frontend/CompileCommands.h"
#include "frontend/Lower.h"
#include "frontend/preamble/Preamble.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <optional>
#include <set>

using namespace clang;

namespace opgen {

namespace {

/// Whether the top-level declaration \p D may hold an annotation or an
/// annotated function: it begins or ends in a user (non-system) file or in
/// a file that holds an annotation, or it spans files. (A file that a
/// system header includes is a system header itself, so a user file's
/// declarations cannot lie in one that begins and ends in the same system
/// header.) A declaration read from a precompiled preamble never does (the
/// preamble holds no annotated or user header); it is not deserialized.
bool mayHoldAnnotated(const SourceManager &SM, const std::set<FileID> &Annotated,
                      const Decl &D) {
  if (D.isFromASTFile())
    return false;
  SourceLocation Begin = SM.getExpansionLoc(D.getBeginLoc());
  SourceLocation End = SM.getExpansionLoc(D.getEndLoc());
  for (SourceLocation L : {Begin, End})
    if (!SM.isInSystemHeader(L) || Annotated.count(SM.getFileID(L)))
      return true;
  return SM.getFileID(Begin) != SM.getFileID(End);
}

/// The top-level declaration that (lexically) holds \p D.
const Decl *topLevel(const Decl &D) {
  const Decl *Top = &D;
  while (const DeclContext *DC = Top->getLexicalDeclContext()) {
    if (isa<TranslationUnitDecl>(DC))
      break;
    Top = cast<Decl>(DC);
  }
  return Top;
}

/// At the end of a translation unit: attach, then lower.
class OpgenConsumer : public ASTConsumer {
public:
  OpgenConsumer(AnnotationScanner &Scanner, DiagSink &Diags,
                const FrontendOptions &Opts, FrontendResult &Result,
                std::string HostSource)
      : Scanner(Scanner), Diags(Diags), Opts(Opts), Result(Result),
        HostSource(std::move(HostSource)) {}

  // Signatures need no bodies; only annotated kernels' bodies are parsed,
  // to synthesise fakes from their allocations.
  bool shouldSkipFunctionBody(Decl *D) override {
    auto *FD = dyn_cast<FunctionDecl>(D);
    return !FD || !FD->getDeclName().isIdentifier() ||
           !Scanner.bodyWanted(FD->getName());
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    Scanner.finish();
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return; // Clang has said why; lowering a broken AST helps nobody.
    std::vector<RawAnnotation> Found = Scanner.take();
    // What the analyses walk (their parent map, built on first use) is only
    // the top-level declarations an annotation or an annotated function's
    // body can be in, not every system header's (ATen's), whose nodes no
    // analysis asks about.
    const SourceManager &SM = Ctx.getSourceManager();
    std::set<FileID> Annotated;
    for (const RawAnnotation &Raw : Found)
      Annotated.insert(SM.getFileID(Raw.ListBegin));
    std::vector<Decl *> Scope;
    std::set<const Decl *> InScope;
    for (Decl *D : Ctx.getTranslationUnitDecl()->noload_decls())
      if (mayHoldAnnotated(SM, Annotated, *D) && InScope.insert(D).second)
        Scope.push_back(D);
    Ctx.setTraversalScope(Scope);
    attachAnnotations(Ctx, std::move(Found), Diags,
                      [&](const FunctionDecl &FD, Annotation Attr) {
                        // A body elsewhere (a system header holding no
                        // annotation): its declaration joins the scope.
                        if (const FunctionDecl *Def = FD.getDefinition()) {
                          const Decl *Top = topLevel(*Def);
                          if (InScope.insert(Top).second) {
                            Scope.push_back(const_cast<Decl *>(Top));
                            Ctx.setTraversalScope(Scope);
                          }
                        }
                        if (std::optional<AnnotatedFunction> Fn =
                                lowerFunction(Ctx, FD, std::move(Attr),
                                              HostSource, Opts.Root, Diags))
                          Result.Functions.push_back(std::move(*Fn));
                      });
  }

private:
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
      SM.getFileManager().makeAbsolutePath(Abs);
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
              FrontendResult &Result, unsigned &HiddenBodyErrors)
      : Diags(Diags), Opts(Opts), Result(Result),
        HiddenBodyErrors(HiddenBodyErrors) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getFrontendOpts().SkipFunctionBodies = true;
    limitBodyErrors(CI, HiddenBodyErrors);
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
  unsigned &HiddenBodyErrors;
  std::unique_ptr<AnnotationScanner> Scanner;
};

class OpgenActionFactory : public tooling::FrontendActionFactory {
public:
  OpgenActionFactory(DiagSink &Diags, const FrontendOptions &Opts,
                     FrontendResult &Result)
      : Diags(Diags), Opts(Opts), Result(Result) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<OpgenAction>(Diags, Opts, Result,
                                         HiddenBodyErrors);
  }

  /// Errors in function bodies not printed (limitBodyErrors).
  unsigned HiddenBodyErrors = 0;

  /// With FrontendOptions::ClangOutput: what FrontendActionFactory does, but
  /// Clang prints into that stream (as it would to stderr, with the
  /// invocation's options), "N errors generated." included.
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    if (!Opts.ClangOutput)
      return FrontendActionFactory::runInvocation(
          std::move(Invocation), Files, std::move(PCHContainerOps),
          DiagConsumer);
    TextDiagnosticPrinter Printer(*Opts.ClangOutput,
                                  &Invocation->getDiagnosticOpts());
    CompilerInstance Compiler(std::move(PCHContainerOps));
    Compiler.setInvocation(std::move(Invocation));
    Compiler.setFileManager(Files);
    std::unique_ptr<FrontendAction> Action(create());
    Compiler.createDiagnostics(&Printer, /*ShouldOwnClient=*/false);
    if (!Compiler.hasDiagnostics())
      return false;
    Compiler.createSourceManager(*Files);
    Compiler.setVerboseOutputStream(*Opts.ClangOutput);
    bool Success = Compiler.ExecuteAction(*Action);
    Files->clearStatCache();
    return Success;
  }

private:
  DiagSink &Diags;
  const FrontendOptions &Opts;
  FrontendResult &Result;
};

/// With FrontendOptions::ClangOutput: prints the Clang driver's diagnostics
/// (bad arguments) into that stream, with the options the driver parsed.
class DriverDiagPrinter : public DiagnosticConsumer {
public:
  explicit DriverDiagPrinter(llvm::raw_ostream &OS) : OS(OS) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    DiagnosticOptions *DiagOpts = &Info.getDiags()->getDiagnosticOptions();
    if (!Printer || DiagOpts != PrinterOpts) {
      Printer = std::make_unique<TextDiagnosticPrinter>(OS, DiagOpts);
      PrinterOpts = DiagOpts;
    }
    Printer->HandleDiagnostic(Level, Info);
  }

private:
  llvm::raw_ostream &OS;
  std::unique_ptr<TextDiagnosticPrinter> Printer;
  const DiagnosticOptions *PrinterOpts = nullptr;
};

} // namespace

FrontendResult runFrontend(const FrontendOptions &Opts, DiagSink &Diags) {
  FrontendResult Result;
  std::unique_ptr<tooling::CompilationDatabase> Database =
      loadDatabase(Opts, Diags);
  if (!Database)
    return Result;
  // --preamble: each loaded once; a source uses the first that fits it.
  std::vector<PreambleUse> Preambles;
  for (const std::string &Pch : Opts.Preambles)
    if (std::optional<PreambleUse> Use = PreambleUse::load(Pch, *Database))
      Preambles.push_back(std::move(*Use));

  for (const std::string &Source : Opts.Sources) {
    // One tool per source keeps each file's flags and errors separate.
    // With ClangOutput (opgen -j) the tool must not chdir into the compile
    // command's directory (the process's working directory is shared by the
    // threads): a file system of its own keeps its working directory.
    tooling::ClangTool Tool(*Database, {Source},
                            std::make_shared<PCHContainerOperations>(),
                            Opts.ClangOutput
                                ? llvm::vfs::createPhysicalFileSystem()
                                : llvm::vfs::getRealFileSystem());
    DriverDiagPrinter DriverDiags(Opts.ClangOutput ? *Opts.ClangOutput
                                                   : llvm::errs());
    if (Opts.ClangOutput) {
      Tool.setDiagnosticConsumer(&DriverDiags);
      Tool.setPrintErrorMessage(false);
    }
    configureTool(Tool, Opts, preambleHook(Preambles, Source, Result));
    OpgenActionFactory Factory(Diags, Opts, Result);
    if (Tool.run(&Factory) != 0) {
      if (Opts.ClangOutput) // What ClangTool prints itself otherwise.
        *Opts.ClangOutput << "Error while processing " << Source << ".\n";
      Diags.report(DiagId::SourceDoesNotCompile, SourceLoc{},
                   {displayPath(Source, Opts.Root)});
      if (unsigned N = Factory.HiddenBodyErrors)
        Diags.report(DiagId::BodyErrorsNotShown, SourceLoc{},
                     {std::to_string(N), N == 1 ? "" : "s"});
    }
  }
  return Result;
}

//===----------------------------------------------------------------------===//
// In-memory sources (the fuzzers)
//===----------------------------------------------------------------------===//

llvm::Expected<FrontendResult> runFrontendOnCode(
    const std::string &Code, const std::string &FileName,
    const std::vector<std::pair<std::string, std::string>> &Files,
    const std::vector<std::string> &Args, DiagSink &Diags) {
  // Only these files exist: an input cannot #include anything else (a
  // device, a huge file) and nothing depends on the machine's headers.
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> FS(
      new llvm::vfs::InMemoryFileSystem);
  FS->setCurrentWorkingDirectory("/");
  FS->addFile(FileName, 0, llvm::MemoryBuffer::getMemBufferCopy(Code));
  for (const auto &[Path, Text] : Files)
    FS->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Text));
  llvm::IntrusiveRefCntPtr<FileManager> FM(
      new FileManager(FileSystemOptions(), FS));

  std::vector<std::string> CommandLine = {
      "clang", "-fsyntax-only", "-x", "c++", "-nostdinc",
      "-Wno-unknown-attributes", "-fno-caret-diagnostics"};
  CommandLine.insert(CommandLine.end(), Args.begin(), Args.end());
  CommandLine.push_back(FileName);

  FrontendOptions Opts;
  FrontendResult Result;
  unsigned HiddenBodyErrors = 0; // Nothing is printed here anyway.
  Opts.Sources = {FileName};
  Opts.Root = "/";
  tooling::ToolInvocation Invocation(
      CommandLine,
      std::make_unique<OpgenAction>(Diags, Opts, Result, HiddenBodyErrors),
      FM.get());
  DiagnosticConsumer Quiet; // Counts errors, prints nothing.
  Invocation.setDiagnosticConsumer(&Quiet);
  if (!Invocation.run() || Quiet.getNumErrors() != 0)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        FileName + " does not compile (" +
            std::to_string(Quiet.getNumErrors()) + " errors)");
  return Result;
}

} // namespace opgen
