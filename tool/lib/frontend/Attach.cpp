//===- Attach.cpp - Which declaration an annotation belongs to ------------===//
//
// Clang drops unknown attributes, so the AST does not say what an annotation
// appertains to. Every declaration is recorded with its expanded source
// range, per file; an annotation belongs to the declaration whose head holds
// its `[[`, to the declarator it trails, or else to the first declaration
// that starts after it in the same scope. Only free functions may be
// annotated; anything else is reported, saying what it is.
//===----------------------------------------------------------------------===//
#include "frontend/Attach.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <map>

using namespace clang;

namespace opgen {

namespace {


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

} // namespace

void attachAnnotations(
    ASTContext &Ctx, std::vector<RawAnnotation> Found, DiagSink &Diags,
    llvm::function_ref<void(const FunctionDecl &, Annotation)> OnFunction) {
  DeclCollector Collector(Ctx.getSourceManager(), Ctx.getLangOpts());
  // Only the declarations of the traversal scope when one is set (every
  // top-level declaration a user file's declaration can be in), and never
  // those read from a precompiled preamble (system headers): only user
  // files' declarations are recorded.
  for (Decl *Top : Ctx.getTraversalScope()) {
    if (!isa<TranslationUnitDecl>(Top)) {
      Collector.TraverseDecl(Top);
      continue;
    }
    for (Decl *D : Ctx.getTranslationUnitDecl()->noload_decls())
      if (!D->isFromASTFile())
        Collector.TraverseDecl(D);
  }
  Collector.sort();
  for (RawAnnotation &Raw : Found) {
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
    OnFunction(*FD, std::move(Raw.Attr));
  }
}

} // namespace opgen
