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
#include "opgen/frontend/Frontend.h"
#include "opgen/model/SourceKind.h"

#include "Config.h"
#include "analysis/FakeSynthesis.h"
#include "frontend/TypeMapper.h"

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
#include "clang/Lex/Lexer.h"
#include "clang/Lex/LiteralSupport.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <map>
#include <set>

using namespace clang;

namespace opgen {

SourceLoc toSourceLoc(const SourceManager &SM, SourceLocation L,
                      const std::string &Root) {
  SourceLoc Out;
  if (L.isInvalid())
    return Out;
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L));
  if (P.isInvalid())
    return Out;
  llvm::SmallString<256> Abs(P.getFilename());
  // Relative to the compile command's directory (the file system's working
  // directory), which with opgen -j is not the process's.
  SM.getFileManager().makeAbsolutePath(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  Out.File = displayPath(std::string(Abs), Root);
  Out.Line = P.getLine();
  Out.Column = P.getColumn();
  return Out;
}

namespace {

//===----------------------------------------------------------------------===//
// discover: the token watcher
//===----------------------------------------------------------------------===//

/// An annotation as found in the token stream, before it is attached.
struct RawAnnotation {
  Annotation Attr;
  SourceLocation ListBegin; ///< Expansion location of the `[[`.
  /// The tokens around the attribute list: `int64_t w [[a]];` or
  /// `const at::Tensor& x [[a]])` put it after a declarator (it appertains
  /// to what precedes it), `[[a]] at::Tensor f();` before a declaration.
  tok::TokenKind Before = tok::unknown; ///< The token before `[[`.
  tok::TokenKind After = tok::unknown;  ///< The token after `]]`.
  bool HasAfter = false;

  bool trailing() const {
    if (Before == tok::unknown || Before == tok::semi ||
        Before == tok::l_brace || Before == tok::r_brace)
      return false; // The start of a declaration.
    return After == tok::semi || After == tok::comma || After == tok::equal ||
           After == tok::r_paren || After == tok::r_brace ||
           After == tok::colon || After == tok::l_square;
  }
};

/// A small state machine fed every token the preprocessor produces.
class AnnotationScanner {
public:
  AnnotationScanner(Preprocessor &PP, DiagSink &Diags, std::string Root)
      : PP(PP), Diags(Diags), Root(std::move(Root)) {}

  void onToken(const Token &Tok) {
    watchName(Tok);
    if (AwaitClose) {
      // The second `]` of `]]`; the token after it is what the attribute
      // list is followed by.
      AwaitClose = false;
      AwaitAfter = Tok.is(tok::r_square);
    } else if (AwaitAfter) {
      AwaitAfter = false;
      for (RawAnnotation &Raw : Found)
        if (!Raw.HasAfter && Raw.ListBegin == ClosedListBegin) {
          Raw.After = Tok.getKind();
          Raw.HasAfter = true;
          // Kernels and backwards (whose fakes may be synthesised).
          WatchingName = Raw.Attr.Kind != AnnotationKind::Fake;
          LastIdentifier.clear();
        }
    }
    if (Collecting) {
      collect(Tok);
    } else if (InList) {
      scanList(Tok);
    } else if (Tok.is(tok::l_square)) {
      if (PrevWasLSquare) {
        InList = true;
        ListBegin = PrevLoc;
        ListParenDepth = 0;
        BeforeList = PrevPrevKind;
      }
    }
    PrevWasLSquare = Tok.is(tok::l_square);
    PrevLoc = Tok.getLocation();
    PrevPrevKind = PrevKind;
    PrevKind = Tok.getKind();
  }

  /// Called at the end of the translation unit.
  void finish() {
    if (Collecting)
      Diags.report(DiagId::AttrUnterminated, loc(NameLoc),
                   {std::string(enumName(Kind))});
    Collecting = false;
  }

  std::vector<RawAnnotation> take() { return std::move(Found); }

  /// Whether a function of this name follows a `custom_op` or
  /// `custom_op_backward` annotation: its body is parsed (fakes are
  /// synthesised from it); others are skipped.
  bool bodyWanted(llvm::StringRef Name) const {
    return BodyNames.count(Name.str()) != 0;
  }

private:
  /// After an annotation: the identifier before the first `(` is the name
  /// of the annotated function.
  void watchName(const Token &Tok) {
    if (!WatchingName)
      return;
    if (Tok.is(tok::identifier)) {
      LastIdentifier = Tok.getIdentifierInfo()->getName().str();
    } else if (Tok.is(tok::l_paren)) {
      if (!LastIdentifier.empty())
        BodyNames.insert(LastIdentifier);
      WatchingName = false;
    } else if (Tok.isOneOf(tok::semi, tok::l_brace, tok::r_brace)) {
      WatchingName = false;
    }
  }

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
        AwaitClose = true;
        ClosedListBegin = PP.getSourceManager().getExpansionLoc(ListBegin);
        return;
      }
      --ListParenDepth;
    } else if (ListParenDepth == 0 && Tok.is(tok::identifier)) {
      if (auto K = parseEnum<AnnotationKind>(Tok.getIdentifierInfo()->getName())) {
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
                   {std::string(enumName(Kind))});
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
                   {std::string(enumName(Kind))});
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
    Raw.Before = BeforeList;
    Raw.Attr.Kind = Kind;
    Raw.Attr.Loc = loc(NameLoc);
    std::string Spelling(enumName(Kind));
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
  tok::TokenKind PrevKind = tok::unknown, PrevPrevKind = tok::unknown;
  bool InList = false;
  SourceLocation ListBegin;
  tok::TokenKind BeforeList = tok::unknown;
  int ListParenDepth = 0;
  bool AwaitClose = false, AwaitAfter = false;
  SourceLocation ClosedListBegin;

  bool Collecting = false;
  bool SawOpenParen = false;
  AnnotationKind Kind = AnnotationKind::CustomOp;
  SourceLocation NameLoc;
  std::vector<Token> Args;
  int Depth = 0;

  bool WatchingName = false;
  std::string LastIdentifier;
  std::set<std::string> BodyNames;
};

//===----------------------------------------------------------------------===//
// attach and lower
//===----------------------------------------------------------------------===//

/// Collects every declaration with its expanded source range, per file, to
/// find the declaration each annotation belongs to.
class DeclCollector : public RecursiveASTVisitor<DeclCollector> {
public:
  DeclCollector(const SourceManager &SM, const LangOptions &LangOpts)
      : SM(SM), LangOpts(LangOpts) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }
  bool shouldVisitLambdaBody() const { return false; }

  bool VisitDecl(Decl *D) {
    if (isa<TranslationUnitDecl>(D) || D->isImplicit())
      return true;
    record(D, D->getSourceRange(), innerStart(D));
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *E) {
    // A lambda's class is implicit and has no useful range of its own: use
    // the expression's. Its body is not collected.
    const CompoundStmt *Body = E->getCompoundStmtBody();
    record(E->getLambdaClass(), E->getSourceRange(),
           Body ? Body->getBeginLoc() : SourceLocation());
    return true;
  }

  void sort() {
    for (auto &[File, Decls] : ByFile)
      std::stable_sort(Decls.begin(), Decls.end(),
                       [](const Entry &A, const Entry &B) {
                         return A.Begin < B.Begin;
                       });
  }

  /// Where an annotation belongs.
  struct Attachment {
    Decl *D = nullptr; ///< Null when no declaration is there.
    bool InBody = false; ///< Inside a (skipped) function body.
  };

  /// The declaration the annotation \p Raw belongs to:
  /// * when its `[[` lies inside the head of a declaration
  ///   (`struct [[a]] S {}`, `int64_t v [[a]] = 1;`, `[] [[a]] () {}`,
  ///   `void f [[a]] ()`), that declaration;
  /// * when it trails a declarator (`int64_t w [[a]];`,
  ///   `const at::Tensor& x [[a]])`), the declaration before it;
  /// * otherwise the first declaration starting at or after it, within the
  ///   innermost enclosing scope (namespace or class body, template or
  ///   parameter list).
  Attachment attach(const RawAnnotation &Raw) const {
    auto [File, Offset] = SM.getDecomposedLoc(Raw.ListBegin);
    auto It = ByFile.find(File);
    if (It == ByFile.end())
      return {};
    const std::vector<Entry> &Decls = It->second;
    // Ranges nest, and a parent precedes its children at the same start:
    // the innermost enclosing declaration is the last one that contains L.
    const Entry *Outer = nullptr;
    for (const Entry &E : Decls) {
      if (E.Begin >= Offset)
        break;
      if (Offset <= E.End)
        Outer = &E;
    }
    if (Outer && !(Outer->HasInner && Offset > Outer->Inner))
      return {Outer->D};
    // The declaration that ends last before the annotation, in the same
    // scope. A skipped function body is not part of its function's range:
    // an annotation inside one would otherwise reach the next function.
    const Entry *Prev = nullptr;
    for (const Entry &E : Decls) {
      if (E.Begin >= Offset)
        break;
      if (E.End < Offset && (!Outer || E.Begin > Outer->Inner) &&
          (!Prev || E.End >= Prev->End))
        Prev = &E;
    }
    if (Prev) {
      const auto *FD = dyn_cast<FunctionDecl>(Prev->D);
      if (FD && FD->hasSkippedBody() && openBraces(File, Prev->End, Offset))
        return {nullptr, /*InBody=*/true};
    }
    if (Raw.trailing())
      return {Prev ? Prev->D : nullptr};
    auto Pos = std::lower_bound(
        Decls.begin(), Decls.end(), Offset,
        [](const Entry &E, unsigned O) { return E.Begin < O; });
    if (Pos == Decls.end() || (Outer && Pos->Begin > Outer->End) ||
        isa<EmptyDecl>(Pos->D))
      return {};
    return {Pos->D};
  }

private:
  struct Entry {
    unsigned Begin = 0, End = 0;
    /// Where the part that holds other declarations starts (a body, a
    /// parameter list); an annotation after it belongs to one of those.
    bool HasInner = false;
    unsigned Inner = 0;
    Decl *D = nullptr;
  };

  static SourceLocation innerStart(const Decl *D) {
    if (isa<LinkageSpecDecl, ExportDecl>(D))
      return D->getBeginLoc();
    if (const auto *NS = dyn_cast<NamespaceDecl>(D))
      return NS->getLocation(); // The name, or `{` when anonymous.
    if (const auto *Tag = dyn_cast<TagDecl>(D))
      return Tag->getBraceRange().getBegin();
    if (const auto *T = dyn_cast<TemplateDecl>(D))
      if (const TemplateParameterList *Params = T->getTemplateParameters())
        return Params->getLAngleLoc();
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (FunctionTypeLoc FTL = FD->getFunctionTypeLoc())
        return FTL.getLParenLoc();
      return FD->getLocation();
    }
    return SourceLocation();
  }

  /// Whether more `{` than `}` lie between offsets \p From and \p To of
  /// \p File, by raw lexing (macros are not expanded).
  bool openBraces(FileID File, unsigned From, unsigned To) const {
    bool Invalid = false;
    llvm::StringRef Buffer = SM.getBufferData(File, &Invalid);
    if (Invalid || To > Buffer.size())
      return false;
    Lexer Raw(SM.getLocForStartOfFile(File), LangOpts, Buffer.begin(),
              Buffer.begin() + From, Buffer.end());
    int Depth = 0;
    Token Tok;
    while (!Raw.LexFromRawLexer(Tok)) {
      if (SM.getFileOffset(Tok.getLocation()) >= To)
        break;
      if (Tok.is(tok::l_brace))
        ++Depth;
      else if (Tok.is(tok::r_brace))
        --Depth;
    }
    return Depth > 0;
  }

  void record(Decl *D, SourceRange Range, SourceLocation InnerLoc) {
    if (Range.getBegin().isInvalid())
      return;
    CharSourceRange R = SM.getExpansionRange(Range);
    SourceLocation B = R.getBegin();
    if (B.isInvalid() || SM.isInSystemHeader(B))
      return;
    Entry E;
    E.D = D;
    FileID File;
    std::tie(File, E.Begin) = SM.getDecomposedLoc(B);
    E.End = E.Begin;
    if (R.getEnd().isValid()) {
      auto [EndFile, EndOffset] = SM.getDecomposedLoc(R.getEnd());
      if (EndFile == File && EndOffset > E.Begin)
        E.End = EndOffset;
    }
    if (InnerLoc.isValid()) {
      auto [InnerFile, InnerOffset] =
          SM.getDecomposedLoc(SM.getExpansionLoc(InnerLoc));
      if (InnerFile == File) {
        E.HasInner = true;
        E.Inner = InnerOffset;
      }
    }
    ByFile[File].push_back(E);
  }

  const SourceManager &SM;
  const LangOptions &LangOpts;
  std::map<FileID, std::vector<Entry>> ByFile;
};

/// What a declaration is, for "must precede a free function, not %1".
std::string describeDecl(const Decl *D) {
  if (isa<CXXMethodDecl>(D))
    return "a member function";
  if (auto *FD = dyn_cast<FunctionDecl>(D)) {
    if (FD->getDescribedFunctionTemplate() || FD->isTemplated())
      return "a function template";
    if (FD->getTemplateSpecializationInfo())
      return "a function template specialization";
    if (FD->getFriendObjectKind() != Decl::FOK_None)
      return "a friend function";
    if (FD->isDeleted())
      return "a deleted function";
  }
  if (isa<FunctionTemplateDecl>(D))
    return "a function template";
  if (auto *RD = dyn_cast<CXXRecordDecl>(D)) {
    if (RD->isLambda())
      return "a lambda";
    return RD->getDescribedClassTemplate() ? "a class template" : "a class";
  }
  if (isa<ClassTemplateDecl>(D))
    return "a class template";
  if (isa<ParmVarDecl>(D))
    return "a parameter";
  if (isa<VarDecl, VarTemplateDecl>(D))
    return "a variable";
  if (isa<FieldDecl>(D))
    return "a data member";
  if (isa<NamespaceDecl>(D))
    return "a namespace";
  if (isa<TypedefNameDecl, TypeAliasTemplateDecl>(D))
    return "a type alias";
  if (isa<EnumDecl>(D))
    return "an enum";
  if (isa<EnumConstantDecl>(D))
    return "an enumerator";
  if (isa<FriendDecl>(D))
    return "a friend declaration";
  if (isa<TemplateTypeParmDecl, NonTypeTemplateParmDecl,
          TemplateTemplateParmDecl>(D))
    return "a template parameter";
  return std::string("a ") + D->getDeclKindName() + " declaration";
}

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
    const SourceManager &SM = Ctx.getSourceManager();
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return; // Clang has said why; lowering a broken AST helps nobody.
    DeclCollector Collector(SM, Ctx.getLangOpts());
    Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
    Collector.sort();
    for (RawAnnotation &Raw : Scanner.take()) {
      DeclCollector::Attachment At = Collector.attach(Raw);
      Decl *D = At.D;
      std::string Spelling(enumName(Raw.Attr.Kind));
      if (At.InBody) {
        Diags.report(DiagId::AttrNotAFunction, Raw.Attr.Loc,
                     {Spelling, "a declaration inside a function body"});
        continue;
      }
      if (!D) {
        Diags.report(DiagId::AttrNoDeclaration, Raw.Attr.Loc, {Spelling});
        continue;
      }
      auto *FD = dyn_cast<FunctionDecl>(D);
      // Hidden friends cannot be named from the generated wrappers, and
      // deleted functions cannot be called.
      if (!FD || isa<CXXMethodDecl>(FD) || FD->getDescribedFunctionTemplate() ||
          FD->isTemplated() || FD->getTemplateSpecializationInfo() ||
          FD->getFriendObjectKind() != Decl::FOK_None || FD->isDeleted()) {
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
    std::optional<SourceKind> DeclKind =
        classifySource(Fn.Impl.Loc.File);
    Fn.Impl.Lang = DeclKind && DeclKind->Cuda ? Language::Cuda : Language::Cxx;
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
        // The start of the type as written, qualifiers included.
        Diags.report(DiagId::UnsupportedType,
                     toSourceLoc(SM, P->getBeginLoc(), Opts.Root),
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
    if (!Mapper.mapReturn(FD.getReturnType(), Returns, Fn.Impl.Ret.Reference,
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
    const FunctionDecl *Def = FD.getDefinition();
    if (Fn.Attr.Kind != AnnotationKind::Fake && Def && Def->hasBody() &&
        !Fn.Inferred.Returns.empty())
      Fn.Impl.Synthesis = synthesizeFake(Ctx, *Def, Fn.Inferred.Arguments,
                                         Fn.Inferred.Returns, Opts.Root);
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
      // Clang's message lists one failure per database kind, a line each.
      std::string Why;
      for (llvm::StringRef Line : llvm::split(llvm::StringRef(Error).trim(), '\n'))
        Why += (Why.empty() ? "" : "; ") + Line.trim().str();
      Diags.report(DiagId::NoCompileDatabase, SourceLoc{},
                   {Opts.BuildPath, Why});
      return false;
    }
  } else {
    Database = std::make_unique<tooling::FixedCompilationDatabase>(
        ".", defaultFlags());
  }

  bool AllCompiled = true;
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
            // nvcc spells `-isystem=<dir>`; to clang a leading '=' means
            // "relative to the sysroot".
            if (A.startswith("-isystem=")) {
              Out.push_back("-isystem" + A.drop_front(9).str());
              continue;
            }
            Out.push_back(Args[I]);
          }
          // Language and host-only CUDA mode go right after the driver name.
          std::vector<std::string> Front;
          std::optional<SourceKind> Kind = classifySource(File);
          if (Kind && Kind->Cuda)
            Front = {"-x", "cuda", "--cuda-host-only", "-nocudalib",
                     "-nocudainc", "-Wno-unknown-cuda-version", "-include",
                     CudaPreludePath, "-isystem" OPGEN_CUDA_INCLUDE};
          else if (Kind && !Kind->Compiled)
            Front = {"-x", "c++-header"};
          else
            Front = {"-x", "c++"};
          Out.insert(Out.begin() + 1, Front.begin(), Front.end());
          std::vector<std::string> Back = {
              "-resource-dir=" OPGEN_CLANG_RESOURCE_DIR,
              "-Wno-unknown-attributes", "-Wno-unused-command-line-argument",
              "-fsyntax-only"};
          Back.insert(Back.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());
          // A command interpolated for a file missing from the database ends
          // in `-- <file>`: flags must go before that `--`.
          auto DashDash = std::find(Out.begin(), Out.end(), "--");
          Out.insert(DashDash, Back.begin(), Back.end());
          return Out;
        });
    OpgenActionFactory Factory(Diags, Opts, Result);
    if (Tool.run(&Factory) != 0) {
      if (Opts.ClangOutput) // What ClangTool prints itself otherwise.
        *Opts.ClangOutput << "Error while processing " << Source << ".\n";
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
    // Clang drops a note that follows nothing (or an ignored diagnostic);
    // a catalogue note stands on its own.
    if (Info.Level == DiagLevel::Note)
      Engine.setLastDiagnosticIgnored(false);
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

//===----------------------------------------------------------------------===//
// In-memory sources (the fuzzers)
//===----------------------------------------------------------------------===//

bool runFrontendOnCode(
    const std::string &Code, const std::string &FileName,
    const std::vector<std::pair<std::string, std::string>> &Files,
    const std::vector<std::string> &Args, DiagSink &Diags,
    FrontendResult &Result) {
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
  Opts.Sources = {FileName};
  Opts.Root = "/";
  tooling::ToolInvocation Invocation(
      CommandLine, std::make_unique<OpgenAction>(Diags, Opts, Result),
      FM.get());
  DiagnosticConsumer Quiet; // Counts errors, prints nothing.
  Invocation.setDiagnosticConsumer(&Quiet);
  return Invocation.run() && Quiet.getNumErrors() == 0;
}

} // namespace opgen
