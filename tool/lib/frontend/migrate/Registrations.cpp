//===- Registrations.cpp - Hand-written registrations from the AST --------===//
//
// opgen migrate's frontend. Every `TORCH_LIBRARY*` block expands to a
// static `torch::detail::TorchLibraryInit` whose constructor names the
// block's kind, its init function, its namespace and its dispatch key; the
// init function's body holds the `m.def`/`m.impl` calls. Reading the AST
// (not the text) makes project macros that expand to these (vLLM's
// TORCH_LIBRARY_EXPAND, FBGEMM's DISPATCH_TO_CUDA) read the same; ranges are
// taken at the expansion in the file. Each kernel an impl names is lowered
// as opgen lowers an annotated function, from its definition in whichever
// source has it.
//===----------------------------------------------------------------------===//
#include "opgen/frontend/Migrate.h"

#include "frontend/ClangDiagnostics.h"
#include "frontend/CompileCommands.h"
#include "frontend/Lower.h"
#include "frontend/ast/Locations.h"
#include "frontend/ast/Walk.h"
#include "frontend/migrate/Autograd.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <map>
#include <set>

using namespace clang;

namespace opgen {

namespace {

/// A kernel as one translation unit saw it.
struct SeenKernel {
  MigrationKernel K;
  bool Defined = false;
};

/// What all parses found, merged.
struct Collected {
  RegistrationSet Set;
  /// Kernels by identity (qualified name and parameter types).
  std::map<std::string, SeenKernel> Kernels;
  /// Registrations naming a kernel, by that identity (resolved at the end).
  std::vector<std::pair<size_t, std::string>> Pending;
  /// Blocks already read (a source included by another), by file:offset.
  std::map<std::string, size_t> BlockAt;
  /// The op each C++ API wrapper (by identity) calls.
  std::map<std::string, std::string> WrapperOps;
  /// Functions (RegistrationSet::Functions) by class and file.
  std::map<std::string, size_t> FunctionAt;
  /// Per function: the wrappers its forward and backward call, resolved to
  /// ops at the end.
  std::vector<std::pair<size_t, migrate::FunctionRead>> PendingFunctions;
};

std::string absoluteFile(const SourceManager &SM, SourceLocation L);

/// Which function \p FD is, across translation units: its qualified name
/// and parameter types, and for one of internal linkage (static, an
/// anonymous namespace) the file that defines it.
std::string identity(const SourceManager &SM, const FunctionDecl &FD) {
  std::string Id = FD.getQualifiedNameAsString();
  // A template's specializations are kernels apart (torchvision registers
  // roi_align_autocast<AutocastCPU, CPU> and <Autocast, CUDA>).
  if (const TemplateArgumentList *Args = FD.getTemplateSpecializationArgs()) {
    llvm::raw_string_ostream OS(Id);
    OS << "<";
    for (const TemplateArgument &Arg : Args->asArray()) {
      Arg.print(FD.getASTContext().getPrintingPolicy(), OS,
                /*IncludeType=*/true);
      OS << ",";
    }
    OS << ">";
  }
  Id += "(";
  for (const ParmVarDecl *P : FD.parameters())
    Id += P->getType().getCanonicalType().getAsString() + ",";
  Id += ")";
  if (!FD.isExternallyVisible()) {
    const FunctionDecl *Def = FD.getDefinition();
    Id += "@" + absoluteFile(SM, (Def ? Def : &FD)->getLocation());
  }
  return Id;
}

bool inUserFile(const SourceManager &SM, SourceLocation L) {
  L = SM.getExpansionLoc(L);
  return L.isValid() && !SM.isInSystemHeader(L) &&
         SM.getFileEntryRefForID(SM.getFileID(L));
}

std::string absoluteFile(const SourceManager &SM, SourceLocation L) {
  auto Entry = SM.getFileEntryRefForID(SM.getFileID(SM.getExpansionLoc(L)));
  if (!Entry)
    return "";
  llvm::SmallString<256> Abs(Entry->getName());
  SM.getFileManager().makeAbsolutePath(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

/// The first string literal in \p E (TORCH_SELECTIVE_SCHEMA and
/// TORCH_SELECTIVE_NAME wrap theirs).
const StringLiteral *findString(const Stmt *E) {
  return firstIn(E, [](const Stmt *S) { return dyn_cast<StringLiteral>(S); });
}

bool findLambda(const Stmt *E) {
  return firstIn(E, [](const Stmt *S) { return isa<LambdaExpr>(S); });
}

/// The function \p E names: `&fn`, `fn`, `TORCH_FN(fn)` (a template
/// argument of c10::CompileTimeFunctionPointer), `torch::dispatch(k, ...)`.
const FunctionDecl *findFunction(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!S)
    return nullptr;
  if (E) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl()))
        return FD;
    if (const CXXRecordDecl *RD = E->getType()->getAsCXXRecordDecl())
      if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
        if (Spec->getName() == "CompileTimeFunctionPointer")
          for (const TemplateArgument &A : Spec->getTemplateArgs().asArray())
            if (A.getKind() == TemplateArgument::Declaration)
              if (const auto *FD = dyn_cast<FunctionDecl>(A.getAsDecl()))
                return FD;
  }
  // A call's arguments, not its callee (`torch::dispatch(k, &fn)`).
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    for (const Expr *A : Call->arguments())
      if (const FunctionDecl *FD = findFunction(A))
        return FD;
    return nullptr;
  }
  for (const Stmt *C : S->children())
    if (const FunctionDecl *FD = findFunction(C))
      return FD;
  return nullptr;
}

/// The dispatch key \p S names: a c10::DispatchKey or c10::DeviceType
/// constant (`c10::DispatchKey::CUDA`, `torch::kCUDA`); empty if none.
std::string findKey(const Stmt *S) {
  return firstIn(S, [](const Stmt *S) -> std::string {
    const auto *DRE = dyn_cast<DeclRefExpr>(S);
    if (!DRE)
      return "";
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl())) {
      std::string Enum =
          cast<EnumDecl>(EC->getDeclContext())->getQualifiedNameAsString();
      if (Enum == "c10::DispatchKey" || Enum == "c10::DeviceType")
        return EC->getNameAsString();
    }
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->getType().getCanonicalType().getAsString() ==
              "const enum c10::DeviceType" &&
          VD->getInit())
        return findKey(VD->getInit());
    return "";
  });
}

/// The at::Tag constants in \p S, in order.
void findTags(const Stmt *S, std::vector<std::string> &Tags) {
  forEachIn(S, [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
        if (cast<EnumDecl>(EC->getDeclContext())->getQualifiedNameAsString() ==
            "at::Tag")
          Tags.push_back(EC->getNameAsString());
  });
}

/// Whether the macro \p Name written at \p At takes two arguments, as
/// TORCH_LIBRARY(ns, m) does: a project macro forwarding to it (vLLM's
/// TORCH_LIBRARY_EXPAND(NAME, MODULE)), which TORCH_LIBRARY_FRAGMENT(NAME,
/// MODULE) can replace (it expands NAME itself).
bool twoArguments(const SourceManager &SM, SourceLocation At,
                  llvm::StringRef Name) {
  std::pair<FileID, unsigned> Pos = SM.getDecomposedLoc(At);
  llvm::StringRef Text = SM.getBufferData(Pos.first).substr(Pos.second);
  if (!Text.startswith(Name))
    return false;
  Text = Text.drop_front(Name.size()).ltrim();
  if (!Text.consume_front("("))
    return false;
  unsigned Depth = 0, Commas = 0;
  for (char C : Text) {
    if (C == '(')
      ++Depth;
    else if (C == ')' && Depth-- == 0)
      return Commas == 1;
    else if (C == ',' && Depth == 0)
      ++Commas;
  }
  return false;
}

/// `autocast=`'s spelling of the scalar type \p E names (`at::kFloat`,
/// `at::ScalarType::Float`), or empty.
std::string autocastSpelling(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreImplicit());
  if (!DRE)
    return "";
  std::string Name = DRE->getDecl()->getNameAsString();
  if (Name.size() > 1 && Name[0] == 'k' && isupper(Name[1]))
    Name = Name.substr(1);
  return Name == "Float"      ? "float32"
         : Name == "Double"   ? "float64"
         : Name == "Half"     ? "float16"
         : Name == "BFloat16" ? "bfloat16"
                              : "";
}

/// The enumerator of \p E's enum type that \p E evaluates to (`CUDA` for
/// `c10::DeviceType::CUDA`, a template argument's value included), or
/// empty when \p E is no constant of an enum type.
std::string enumeratorName(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreImplicit();
  const auto *ET = E->getType()->getAs<EnumType>();
  Expr::EvalResult Value;
  if (!ET || E->isValueDependent() || !E->EvaluateAsRValue(Value, Ctx) ||
      !Value.Val.isInt())
    return "";
  for (const EnumConstantDecl *C : ET->getDecl()->enumerators())
    if (llvm::APSInt::isSameValue(C->getInitVal(), Value.Val.getInt()))
      return C->getNameAsString();
  return "";
}

/// The parameter \p E names, or null.
const ParmVarDecl *parameterOf(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreImplicit());
  return DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
}

/// A parameter of a type `autocast=` casts (a tensor, optional tensor or
/// list of them).
bool isTensorParameter(const ParmVarDecl &P) {
  std::string T = P.getType().getCanonicalType().getAsString();
  return T.find("at::Tensor") != std::string::npos; // at::TensorBase too
}

/// The parameter P of `E.to(P.scalar_type())` (E then set to what is
/// cast), or null.
const ParmVarDecl *castBackTo(const Expr *&E) {
  const auto *To = dyn_cast_or_null<CXXMemberCallExpr>(E ? E->IgnoreImplicit() : nullptr);
  if (methodName(To) != "to" || To->getNumArgs() < 1)
    return nullptr;
  const auto *Type = dyn_cast<CXXMemberCallExpr>(To->getArg(0)->IgnoreImplicit());
  if (methodName(Type) != "scalar_type")
    return nullptr;
  const ParmVarDecl *P = parameterOf(Type->getImplicitObjectArgument());
  if (P)
    E = To->getImplicitObjectArgument()->IgnoreImplicit();
  return P;
}

/// A call of the op: a free function (its C++ API) or a typed dispatcher
/// handle's `call`, not another method or a function of std.
bool freeCall(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(E ? E->IgnoreImplicit() : nullptr);
  if (const auto *M = dyn_cast_or_null<CXXMemberCallExpr>(Call))
    return methodName(M) == "call";
  return Call && Call->getDirectCallee() && !Call->getDirectCallee()->isInStdNamespace();
}

/// MigrationAutocast::OutputCasts of \p FD: how its last statement returns
/// the op's outputs, when opgen can read it.
void readOutputCasts(const FunctionDecl &FD, MigrationAutocast &A) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD.getBody());
  const auto *Ret =
      Body && !Body->body_empty() ? dyn_cast<ReturnStmt>(Body->body_back()) : nullptr;
  if (!Ret || !Ret->getRetValue())
    return;
  const Expr *Value = Ret->getRetValue()->IgnoreImplicit();
  if (const auto *C = dyn_cast<CXXConstructExpr>(Value); C && C->getNumArgs() == 1)
    Value = C->getArg(0)->IgnoreImplicit();
  // return op(...);  /  return op(...).to(P.scalar_type());
  const Expr *Cast = Value;
  if (const ParmVarDecl *P = castBackTo(Cast); P && freeCall(Cast)) {
    A.OutputCasts = std::vector<std::string>{P->getNameAsString()};
    return;
  }
  if (freeCall(Value)) {
    A.OutputCasts = std::vector<std::string>{""};
    A.EveryOutputUncast = true;
    return;
  }
  // auto result = op(...); return std::make_tuple(std::get<0>(result)..., ...);
  const auto *Tuple = dyn_cast<CallExpr>(Value);
  const FunctionDecl *Make = Tuple ? Tuple->getDirectCallee() : nullptr;
  if (!Make || !Make->isInStdNamespace() || !Make->getDeclName().isIdentifier() ||
      Make->getName() != "make_tuple")
    return;
  std::vector<std::string> Casts;
  for (unsigned I = 0; I < Tuple->getNumArgs(); ++I) {
    const Expr *Item = Tuple->getArg(I)->IgnoreImplicit();
    if (const auto *C = dyn_cast<CXXConstructExpr>(Item); C && C->getNumArgs() == 1)
      Item = C->getArg(0)->IgnoreImplicit();
    const ParmVarDecl *P = castBackTo(Item);
    const auto *Get = dyn_cast<CallExpr>(Item);
    const FunctionDecl *GetFn = Get ? Get->getDirectCallee() : nullptr;
    const TemplateArgumentList *TA = GetFn ? GetFn->getTemplateSpecializationArgs() : nullptr;
    if (!TA || !GetFn->isInStdNamespace() || !GetFn->getDeclName().isIdentifier() ||
        GetFn->getName() != "get" || Get->getNumArgs() != 1 || TA->size() < 1 ||
        (*TA)[0].getKind() != TemplateArgument::Integral ||
        (*TA)[0].getAsIntegral() != I)
      return;
    const auto *Ref = dyn_cast<DeclRefExpr>(Get->getArg(0)->IgnoreImplicit());
    const auto *Result = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Result || !freeCall(Result->getInit()))
      return;
    Casts.push_back(P ? P->getNameAsString() : "");
  }
  A.OutputCasts = std::move(Casts);
}

/// What \p FD's body does when it has an autocast kernel's shape (an
/// `ExcludeDispatchKeyGuard` and casts with `at::autocast::cached_cast`);
/// nullopt otherwise.
std::optional<MigrationAutocast> readAutocast(const FunctionDecl &FD,
                                              const ASTContext &Ctx) {
  const Stmt *Body = FD.getBody();
  if (!Body)
    return std::nullopt;
  bool Guard = false, Casts = false, Other = false;
  MigrationAutocast A;
  std::set<std::string> Dtypes, Devices;
  std::map<const ParmVarDecl *, unsigned> Cast;
  forEachIn(Body, [&](const Stmt *S) {
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          if (const CXXRecordDecl *RD = VD->getType()->getAsCXXRecordDecl())
            if (RD->getName() == "ExcludeDispatchKeyGuard") {
              Guard = true;
              const auto *Ctor =
                  dyn_cast_or_null<CXXConstructExpr>(VD->getInit());
              if (Ctor && Ctor->getNumArgs() == 1)
                A.GuardKey = enumeratorName(Ctor->getArg(0), Ctx);
            }
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        if (Callee->getQualifiedNameAsString() == "at::autocast::cached_cast" &&
            Call->getNumArgs() >= 2) {
          Casts = true;
          Dtypes.insert(autocastSpelling(Call->getArg(0)));
          Devices.insert(Call->getNumArgs() >= 3
                             ? enumeratorName(Call->getArg(2), Ctx)
                             : "");
          if (const ParmVarDecl *P = parameterOf(Call->getArg(1)))
            ++Cast[P];
          else
            Other = true;
        }
  });
  if (!Guard || !Casts)
    return std::nullopt;
  if (Dtypes.size() == 1)
    A.Dtype = *Dtypes.begin();
  if (Devices.size() == 1)
    A.Device = *Devices.begin();
  A.CastsEveryTensor = !Other;
  for (const ParmVarDecl *P : FD.parameters()) {
    if (!isTensorParameter(*P))
      continue;
    if (A.FirstTensor.empty())
      A.FirstTensor = P->getNameAsString();
    auto It = Cast.find(P);
    if (It == Cast.end() || It->second != 1)
      A.CastsEveryTensor = false;
  }
  for (const auto &[P, N] : Cast)
    if (!isTensorParameter(*P))
      A.CastsEveryTensor = false;
  readOutputCasts(FD, A);
  return A;
}

class MigrateConsumer : public ASTConsumer {
public:
  MigrateConsumer(Collected &C, const FrontendOptions &Opts,
                  std::string HostSource)
      : C(C), Opts(Opts), HostSource(std::move(HostSource)) {}

  bool shouldSkipFunctionBody(Decl *D) override {
    return !inUserFile(D->getASTContext().getSourceManager(),
                       D->getLocation());
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    // The ops the source's annotations name (after an earlier migration).
    llvm::StringRef Main = SM.getBufferData(SM.getMainFileID());
    for (size_t At = Main.find("[[custom_op("); At != llvm::StringRef::npos;
         At = Main.find("[[custom_op(", At + 1)) {
      llvm::StringRef Rest = Main.substr(At + 12).ltrim();
      if (Rest.consume_front("\""))
        C.Set.AnnotatedOps.insert(Rest.take_until([](char Ch) {
                                          return Ch == '"';
                                        }).str());
    }
    std::vector<Decl *> Scope;
    for (Decl *D : Ctx.getTranslationUnitDecl()->noload_decls())
      if (!D->isFromASTFile() && inUserFile(SM, D->getBeginLoc()))
        Scope.push_back(D);
    Ctx.setTraversalScope(Scope);
    struct Visitor : RecursiveASTVisitor<Visitor> {
      MigrateConsumer &Self;
      ASTContext &Ctx;
      bool VisitVarDecl(VarDecl *VD) {
        Self.readBlock(Ctx, *VD);
        return true;
      }
      bool VisitFunctionDecl(FunctionDecl *FD) {
        if (FD->doesThisDeclarationHaveABody())
          Self.noteDefinition(Ctx, *FD);
        return true;
      }
    } V{{}, *this, Ctx};
    for (Decl *D : Scope)
      V.TraverseDecl(D);
  }

  /// A user-file free function definition: a kernel an impl of any source
  /// may name (any signature: vLLM registers `bool f(int64_t)`).
  void noteDefinition(ASTContext &Ctx, const FunctionDecl &FD) {
    if (isa<CXXMethodDecl>(FD) || FD.isTemplated() || FD.isMain() ||
        !FD.getDeclName().isIdentifier() || FD.hasAttr<CUDAGlobalAttr>() ||
        !inUserFile(Ctx.getSourceManager(), FD.getLocation()))
      return;
    std::string Id = identity(Ctx.getSourceManager(), FD);
    if (std::optional<std::string> Op = migrate::wrappedOp(FD))
      C.WrapperOps[Id] = *Op;
    auto It = C.Kernels.find(Id);
    if (It != C.Kernels.end() && It->second.Defined)
      return;
    C.Kernels[Id] = {kernel(Ctx, FD), true};
  }

  MigrationKernel kernel(ASTContext &Ctx, const FunctionDecl &FD) {
    const SourceManager &SM = Ctx.getSourceManager();
    MigrationKernel K;
    K.Name = FD.getQualifiedNameAsString();
    SourceLocation Begin = SM.getExpansionLoc(FD.getBeginLoc());
    K.Loc = toSourceLoc(SM, FD.getLocation(), Opts.Root);
    std::pair<FileID, unsigned> At = SM.getDecomposedLoc(Begin);
    llvm::StringRef Buffer = SM.getBufferData(At.first);
    unsigned LineStart = At.second;
    while (LineStart > 0 && Buffer[LineStart - 1] != '\n')
      --LineStart;
    K.InsertAt = {absoluteFile(SM, Begin), LineStart, LineStart};
    llvm::StringRef Line = Buffer.substr(LineStart);
    K.Indent = Line.take_while([](char Ch) { return Ch == ' ' || Ch == '\t'; })
                   .str();
    // An annotation already there: on this line before the declaration or
    // on the line above.
    unsigned PrevStart = LineStart > 0 ? LineStart - 1 : 0;
    while (PrevStart > 0 && Buffer[PrevStart - 1] != '\n')
      --PrevStart;
    K.Annotated = Buffer.slice(PrevStart, At.second).contains("[[custom_op");
    Annotation Attr;
    Attr.Kind = AnnotationKind::CustomOp;
    RecordingDiagSink Lowering;
    std::optional<AnnotatedFunction> Fn =
        lowerFunction(Ctx, FD, std::move(Attr), HostSource, Opts.Root,
                      Lowering);
    for (const RecordingDiagSink::Record &R : Lowering.Records)
      if (diagInfo(R.Id).Level == DiagLevel::Error) {
        K.Why = formatDiag(diagInfo(R.Id).Message, R.Args);
        Fn.reset();
        break;
      }
    K.Fn = std::move(Fn);
    K.Autocast = readAutocast(FD, Ctx);
    if (FD.doesThisDeclarationHaveABody()) {
      SourceLocation End = SM.getExpansionLoc(FD.getEndLoc());
      K.Definition = {K.InsertAt.File, LineStart, SM.getFileOffset(End) + 1};
      if (const CXXRecordDecl *Class = migrate::appliedFunction(FD))
        K.Function = function(Ctx, *Class);
    }
    if (!K.Fn && K.Why.empty())
      K.Why = "opgen cannot lower '" + K.Name + "'";
    return K;
  }

  /// The torch::autograd::Function \p Class, read once.
  size_t function(ASTContext &Ctx, const CXXRecordDecl &Class) {
    const SourceManager &SM = Ctx.getSourceManager();
    std::string Key = Class.getQualifiedNameAsString() + "@" +
                      absoluteFile(SM, Class.getLocation());
    if (auto It = C.FunctionAt.find(Key); It != C.FunctionAt.end())
      return It->second;
    migrate::FunctionRead Read = migrate::readFunction(
        Ctx, Class,
        [&SM](const FunctionDecl &FD) { return identity(SM, FD); });
    Read.F.Loc = toSourceLoc(SM, Class.getLocation(), Opts.Root);
    SourceLocation Begin = SM.getExpansionLoc(Class.getBeginLoc());
    std::pair<FileID, unsigned> At = SM.getDecomposedLoc(Begin);
    llvm::StringRef Buffer = SM.getBufferData(At.first);
    unsigned LineStart = At.second;
    while (LineStart > 0 && Buffer[LineStart - 1] != '\n')
      --LineStart;
    unsigned End =
        SM.getFileOffset(SM.getExpansionLoc(Class.getBraceRange().getEnd())) +
        1;
    size_t Semi = Buffer.find_first_not_of(" \t", End);
    if (Semi != llvm::StringRef::npos && Buffer[Semi] == ';')
      End = Semi + 1;
    Read.F.Range = {absoluteFile(SM, Begin), LineStart, End};
    size_t Index = C.Set.Functions.size();
    C.Set.Functions.push_back(Read.F);
    C.FunctionAt[Key] = Index;
    C.PendingFunctions.push_back({Index, std::move(Read)});
    return Index;
  }

  void readBlock(ASTContext &Ctx, const VarDecl &VD) {
    const SourceManager &SM = Ctx.getSourceManager();
    const CXXRecordDecl *RD = VD.getType()->getAsCXXRecordDecl();
    if (!RD || !inUserFile(SM, VD.getLocation()))
      return;
    std::string Class = RD->getQualifiedNameAsString();
    if (Class == "c10::RegisterOperators") {
      readRegisterOperators(Ctx, VD);
      return;
    }
    // STABLE_TORCH_LIBRARY*'s StableTorchLibraryInit takes the same first
    // four arguments (its key a string, or nullptr).
    bool Stable =
        llvm::StringRef(Class).endswith("::StableTorchLibraryInit");
    if (Class != "torch::detail::TorchLibraryInit" && !Stable)
      return;
    const auto *Ctor =
        dyn_cast_or_null<CXXConstructExpr>(VD.getInit() ? VD.getInit()->IgnoreImplicit() : nullptr);
    if (!Ctor || Ctor->getNumArgs() < 4)
      return;
    RegistrationBlock B;
    if (Stable)
      B.Api = RegistrationApi::Stable;
    std::string Kind;
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(Ctor->getArg(0)->IgnoreImplicit()))
      Kind = DRE->getDecl()->getNameAsString();
    B.Kind = Kind == "IMPL"       ? BlockKind::Impl
             : Kind == "FRAGMENT" ? BlockKind::Fragment
                                  : BlockKind::Library;
    const FunctionDecl *Init = findFunction(Ctor->getArg(1));
    const StringLiteral *Ns = findString(Ctor->getArg(2));
    if (!Init || !Ns)
      return;
    if (const FunctionDecl *Def = Init->getDefinition())
      Init = Def;
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Init->getBody());
    if (!Body || Init->getNumParams() != 1)
      return;
    B.Namespace = Ns->getString().str();
    if (B.Kind == BlockKind::Impl) {
      const StringLiteral *Key = Stable ? findString(Ctor->getArg(3)) : nullptr;
      B.Key = Key ? Key->getString().str() : findKey(Ctor->getArg(3));
    }
    SourceLocation Begin = SM.getExpansionLoc(VD.getBeginLoc());
    SourceLocation End = SM.getExpansionLoc(Body->getRBracLoc());
    B.Loc = toSourceLoc(SM, Begin, Opts.Root);
    std::string File = absoluteFile(SM, Begin);
    unsigned BeginOff = SM.getFileOffset(Begin);
    std::string Key = File + ":" + std::to_string(BeginOff);
    if (C.BlockAt.count(Key))
      return;
    B.Range = {File, BeginOff, SM.getFileOffset(End) + 1};
    // The macro's own name, when it is TORCH_LIBRARY itself.
    SourceLocation Spelled = VD.getBeginLoc();
    if (Spelled.isMacroID() && B.Kind == BlockKind::Library) {
      SourceLocation Outer = Spelled;
      while (Outer.isMacroID() &&
             SM.getImmediateMacroCallerLoc(Outer).isMacroID())
        Outer = SM.getImmediateMacroCallerLoc(Outer);
      llvm::StringRef Name =
          Lexer::getImmediateMacroName(Outer, SM, Ctx.getLangOpts());
      if (Name == (Stable ? "STABLE_TORCH_LIBRARY" : "TORCH_LIBRARY") ||
          twoArguments(SM, Begin, Name))
        B.MacroName = TextRange{File, BeginOff,
                                BeginOff + unsigned(Name.size())};
    }
    B.Statements = Body->size();
    size_t BlockIndex = C.Set.Blocks.size();
    C.BlockAt[Key] = BlockIndex;
    C.Set.Blocks.push_back(B);
    const ParmVarDecl *Lib = Init->getParamDecl(0);
    for (const Stmt *S : Body->body())
      readStatement(Ctx, *S, BlockIndex, *Lib);
  }

  /// A legacy `static auto r = torch::RegisterOperators().op("ns::op(...)",
  /// &fn).op(...);`: each `.op(...)` reads as a def of a block of its own
  /// (the variable's range), kept with why. (torch registers each schema with
  /// a catch-all kernel, its schema inferred when only a name is given.)
  void readRegisterOperators(ASTContext &Ctx, const VarDecl &VD) {
    const SourceManager &SM = Ctx.getSourceManager();
    if (!VD.getInit())
      return;
    std::vector<const CXXMemberCallExpr *> Ops;
    forEachIn(VD.getInit(), [&](const Stmt *S) {
      const auto *Call = dyn_cast<CXXMemberCallExpr>(S);
      if (Call && Call->getMethodDecl() &&
          Call->getMethodDecl()->getNameAsString() == "op" &&
          Call->getMethodDecl()->getParent()->getQualifiedNameAsString() ==
              "c10::RegisterOperators")
        Ops.push_back(Call);
    });
    SourceLocation Begin = SM.getExpansionLoc(VD.getBeginLoc());
    std::string File = absoluteFile(SM, Begin);
    unsigned BeginOff = SM.getFileOffset(Begin);
    std::string Key = File + ":" + std::to_string(BeginOff);
    if (Ops.empty() || C.BlockAt.count(Key))
      return;
    std::sort(Ops.begin(), Ops.end(), [&](const auto *A, const auto *B) {
      return SM.isBeforeInTranslationUnit(A->getExprLoc(), B->getExprLoc());
    });
    RegistrationBlock B;
    B.Kind = BlockKind::Fragment; // Claims no namespace.
    B.Api = RegistrationApi::RegisterOperators;
    B.Loc = toSourceLoc(SM, Begin, Opts.Root);
    B.Range = {File, BeginOff,
               SM.getFileOffset(SM.getExpansionLoc(VD.getEndLoc())) + 1};
    B.Statements = static_cast<unsigned>(Ops.size());
    size_t BlockIndex = C.Set.Blocks.size();
    C.BlockAt[Key] = BlockIndex;
    for (const CXXMemberCallExpr *Call : Ops) {
      Registration R;
      R.K = Registration::Kind::Def;
      R.Block = BlockIndex;
      SourceLocation At = SM.getExpansionLoc(Call->getExprLoc());
      R.Loc = toSourceLoc(SM, At, Opts.Root);
      R.Stmt = {File, SM.getFileOffset(At), SM.getFileOffset(At)};
      std::vector<const Expr *> Args = explicitArgs(*Call);
      const StringLiteral *Str = Args.empty() ? nullptr : findString(Args[0]);
      if (Str)
        R.Text = Str->getString().str();
      R.Unreadable =
          "it is registered by a legacy torch::RegisterOperators().op(...) "
          "chain, which opgen migrate does not rewrite; move it to an "
          "'m.def' of a TORCH_LIBRARY block first";
      if (B.Namespace.empty())
        B.Namespace = llvm::StringRef(R.Text).split("::").first.str();
      C.Set.Registrations.push_back(std::move(R));
    }
    C.Set.Blocks.push_back(B);
  }

  void readStatement(ASTContext &Ctx, const Stmt &S, size_t Block,
                     const ParmVarDecl &Lib) {
    const SourceManager &SM = Ctx.getSourceManager();
    const auto *E = dyn_cast<Expr>(&S);
    const auto *Call =
        E ? dyn_cast<CXXMemberCallExpr>(E->IgnoreImplicit()) : nullptr;
    bool Stable = C.Set.Blocks[Block].Api == RegistrationApi::Stable;
    if (!Call || !Call->getMethodDecl())
      return; // Not a registration: left alone.
    std::string Class =
        Call->getMethodDecl()->getParent()->getQualifiedNameAsString();
    if (Stable ? !llvm::StringRef(Class).endswith("::StableLibrary")
               : Class != "torch::Library")
      return;
    std::string Method = Call->getMethodDecl()->getNameAsString();
    if (Method != "def" && Method != "impl")
      return;
    Registration R;
    R.K = Method == "def" ? Registration::Kind::Def : Registration::Kind::Impl;
    R.Block = Block;
    if (Stable)
      R.Unreadable = "it is registered through the stable ABI "
                     "(STABLE_TORCH_LIBRARY*), which opgen migrate does not "
                     "read yet; annotate its kernels by hand (docs/"
                     "stable-abi.md)";
    CharSourceRange Range = SM.getExpansionRange(S.getSourceRange());
    SourceLocation EndTok = Range.getEnd();
    unsigned Begin = SM.getFileOffset(Range.getBegin());
    unsigned End = SM.getFileOffset(
        Range.isTokenRange()
            ? Lexer::getLocForEndOfToken(EndTok, 0, SM, Ctx.getLangOpts())
            : EndTok);
    llvm::StringRef Buffer =
        SM.getBufferData(SM.getFileID(Range.getBegin()));
    unsigned Semi = End;
    while (Semi < Buffer.size() && (Buffer[Semi] == ' ' || Buffer[Semi] == '\t'))
      ++Semi;
    if (Semi < Buffer.size() && Buffer[Semi] == ';')
      End = Semi + 1;
    R.Stmt = {absoluteFile(SM, Range.getBegin()), Begin, End};
    R.Loc = toSourceLoc(SM, Range.getBegin(), Opts.Root);
    const auto *Object =
        dyn_cast<DeclRefExpr>(Call->getImplicitObjectArgument()->IgnoreImplicit());
    std::vector<const Expr *> Args = explicitArgs(*Call);
    if ((!Object || Object->getDecl() != &Lib) && R.Unreadable.empty())
      R.Unreadable = "a chained registration call";
    const StringLiteral *Str = Args.empty() ? nullptr : findString(Args[0]);
    if (!Str) {
      if (R.Unreadable.empty())
        R.Unreadable = "its first argument is not a string literal";
    } else {
      R.Text = Str->getString().str();
      SourceLocation StrLoc = Str->getBeginLoc();
      if (!StrLoc.isMacroID() && Str->getNumConcatenated() == 1 &&
          !Str->getBytes().contains('\\'))
        R.TextLoc = toSourceLoc(SM, StrLoc.getLocWithOffset(1), Opts.Root);
    }
    const Expr *FnArg = nullptr;
    if (Stable) {
      // Kept whole (R.Unreadable); its kernel is not looked for.
    } else if (R.K == Registration::Kind::Def) {
      bool Inferred = R.Text.find('(') == std::string::npos;
      if (Args.size() >= 2) {
        bool Kernel = findFunction(Args[1]) || findLambda(Args[1]);
        if (Kernel && Inferred)
          R.Unreadable = "'m.def' with a function: torch infers that schema "
                         "from the C++ signature, without argument names";
        else if (Kernel)
          FnArg = Args[1]; // A schema and its catch-all kernel.
        else
          findTags(Args[1], R.Tags);
        if (Args.size() > 2)
          R.Unreadable = "an 'm.def' of " + std::to_string(Args.size()) +
                         " arguments";
      }
    } else {
      if (Args.size() == 3) {
        R.Key = findKey(Args[1]);
        FnArg = Args[2];
      } else if (Args.size() == 2) {
        R.Key = findKey(Args[1]);
        FnArg = Args[1];
      } else {
        R.Unreadable = "an 'm.impl' of " + std::to_string(Args.size()) +
                       " arguments";
      }
    }
    if (FnArg && R.Unreadable.empty()) {
      if (findLambda(FnArg)) {
        R.Unreadable = "its kernel is a lambda";
      } else if (const FunctionDecl *FD = findFunction(FnArg)) {
        std::string Id = identity(SM, *FD);
        C.Pending.push_back({C.Set.Registrations.size(), Id});
        if (!C.Kernels.count(Id)) {
          const FunctionDecl *Def = FD->getDefinition();
          C.Kernels[Id] = {kernel(Ctx, Def ? *Def : *FD), Def != nullptr};
          C.Kernels[Id].K.Name = FD->getQualifiedNameAsString();
        }
      } else {
        R.Unreadable = "opgen cannot tell which C++ function it registers";
      }
    }
    C.Set.Registrations.push_back(std::move(R));
  }

private:
  Collected &C;
  const FrontendOptions &Opts;
  std::string HostSource;
};

class MigrateAction : public ASTFrontendAction {
public:
  MigrateAction(Collected &C, const FrontendOptions &Opts, unsigned &Hidden)
      : C(C), Opts(Opts), Hidden(Hidden) {}
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getFrontendOpts().SkipFunctionBodies = true;
    limitBodyErrors(CI, Hidden);
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 llvm::StringRef File) override {
    return std::make_unique<MigrateConsumer>(C, Opts, File.str());
  }

private:
  Collected &C;
  const FrontendOptions &Opts;
  unsigned &Hidden;
};

class MigrateFactory : public tooling::FrontendActionFactory {
public:
  MigrateFactory(Collected &C, const FrontendOptions &Opts) : C(C), Opts(Opts) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<MigrateAction>(C, Opts, Hidden);
  }
  unsigned Hidden = 0;

private:
  Collected &C;
  const FrontendOptions &Opts;
};

} // namespace

RegistrationSet readRegistrations(const FrontendOptions &Opts,
                                  DiagSink &Diags) {
  Collected C;
  std::unique_ptr<tooling::CompilationDatabase> Database =
      loadDatabase(Opts, Diags);
  if (!Database)
    return {};
  for (const std::string &Source : Opts.Sources) {
    tooling::ClangTool Tool(*Database, {Source});
    configureTool(Tool, Opts, nullptr);
    MigrateFactory Factory(C, Opts);
    if (Tool.run(&Factory) != 0) {
      Diags.report(DiagId::SourceDoesNotCompile, SourceLoc{},
                   {displayPath(Source, Opts.Root)});
      if (unsigned N = Factory.Hidden)
        Diags.report(DiagId::BodyErrorsNotShown, SourceLoc{},
                     {std::to_string(N), N == 1 ? "" : "s"});
    }
  }
  // The ops the Functions' forwards and backwards call through C++ API
  // wrappers.
  for (const auto &[Index, Read] : C.PendingFunctions) {
    MigrationFunction &F = C.Set.Functions[Index];
    auto Resolve = [&](OpCallee &Callee, const std::string &Wrapper,
                       const char *Part) {
      if (Wrapper.empty())
        return;
      auto It = C.WrapperOps.find(Wrapper);
      if (It != C.WrapperOps.end())
        Callee.Op = It->second;
      else if (F.Why.empty())
        F.Why = std::string("its ") + Part + " calls '" + Callee.Wrapper +
                "', which is no function of the sources that only calls an "
                "op through the dispatcher";
    };
    Resolve(F.Forward, Read.ForwardWrapper, "forward");
    if (!F.BackwardThrows)
      Resolve(F.Backward, Read.BackwardWrapper, "backward");
  }
  // Each impl's kernel, from its definition wherever it was seen.
  std::map<std::string, size_t> KernelIndex;
  for (const auto &[Reg, Id] : C.Pending) {
    Registration &R = C.Set.Registrations[Reg];
    const SeenKernel &K = C.Kernels.at(Id);
    if (!K.Defined) {
      Diags.report(DiagId::MigrateKernelNotFound, R.Loc,
                   {K.K.Name, R.Text});
      continue;
    }
    auto [It, New] = KernelIndex.try_emplace(Id, C.Set.Kernels.size());
    if (New)
      C.Set.Kernels.push_back(K.K);
    R.Kernel = It->second;
  }
  return std::move(C.Set);
}

} // namespace opgen
