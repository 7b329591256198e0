//===- Lower.cpp - An annotated function to the model ---------------------===//
//
// lower: TypeMapper turns the function's parameter and return types into
// schema types and renders its defaults; FakeSynthesis reads a kernel's
// body. Everything is copied into plain model structs: nothing Clang-typed
// leaves this file.
//===----------------------------------------------------------------------===//
#include "frontend/Lower.h"

#include "opgen/model/SourceKind.h"

#include "analysis/Analyses.h"
#include "frontend/ast/Locations.h"
#include "frontend/ast/TypeMapper.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace opgen {

namespace {

/// `::ns::fn`, skipping anonymous namespaces (their members are visible in
/// the enclosing namespace of the same translation unit).
std::string calleeName(ASTContext &Ctx, const FunctionDecl &FD) {
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressUnwrittenScope = true;
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  FD.printQualifiedName(OS, Policy);
  return "::" + OS.str();
}

/// One parameter or the return, as lower reads the kernel's API from it.
struct AbiItem {
  AbiMark Mark;
  SourceLoc Loc;           ///< The start of the type.
  std::string What;        ///< "parameter 'x'" or "the return".
  std::string Name;        ///< The parameter's name; empty for the return.
  std::string Spelling;    ///< The type as written.
};

/// Kernel::Abi from the API of each type of the signature
/// (docs/types.md#stable-abi-types): stable when a type belongs to the
/// stable ABI, classic when one belongs to ATen/c10 or only the classic
/// dispatcher can carry it, either otherwise. Reports a signature that
/// mixes the two, and the types a stable kernel's boxing cannot carry.
std::optional<KernelAbi> kernelAbi(const FunctionDecl &FD,
                                   const std::vector<AbiItem> &Items,
                                   DiagSink &Diags) {
  const AbiItem *Stable = nullptr, *Classic = nullptr;
  bool NotStable = false;
  for (const AbiItem &I : Items) {
    if (I.Mark.Abi == TypeAbi::Stable && !Stable)
      Stable = &I;
    if (I.Mark.Abi == TypeAbi::Classic && !Classic)
      Classic = &I;
    NotStable |= I.Mark.Abi != TypeAbi::Classic && !I.Mark.StableHint.empty();
  }
  if (Stable && Classic) {
    Diags.report(DiagId::MixedAbiSignature, Classic->Loc,
                 {FD.getNameAsString(), Stable->What, Stable->Spelling,
                  Classic->What, Classic->Spelling, Classic->Mark.StableHint});
    return std::nullopt;
  }
  if (!Stable)
    return Classic || NotStable ? KernelAbi::Classic : KernelAbi::Either;
  bool Ok = true;
  for (const AbiItem &I : Items) {
    if (I.Mark.StableHint.empty())
      continue;
    if (I.Name.empty())
      Diags.report(DiagId::UnsupportedReturn, I.Loc,
                   {I.Spelling, I.Mark.StableHint});
    else
      Diags.report(DiagId::UnsupportedType, I.Loc,
                   {I.Name, I.Spelling, I.Mark.StableHint});
    Ok = false;
  }
  if (!Ok)
    return std::nullopt;
  return KernelAbi::Stable;
}

/// The hint of an UnrenderableDefault for a parameter \p Name of type
/// \p T: a schema has no default for an enum-like value, and the usual way
/// out is an optional defaulting to None, resolved in the kernel.
std::string enumDefaultHint(const Type &T, const std::string &Name) {
  std::string Enum = T.Base == BaseType::ScalarType     ? "at::ScalarType"
                     : T.Base == BaseType::Layout       ? "at::Layout"
                     : T.Base == BaseType::MemoryFormat ? "at::MemoryFormat"
                     : T.Base == BaseType::Device       ? "at::Device"
                                                        : "";
  if (Enum.empty())
    return "";
  return "; for this type write 'std::optional<" + Enum + "> " + Name +
         " = std::nullopt' and pick the value in the kernel when it is unset";
}

/// One parameter, lowered: its schema argument (with its default) and its
/// C++ side.
struct LoweredParam {
  Argument Arg;
  CppParam Cpp;
};

/// Lowers parameter \p Index (1-based, for messages) of \p FD, its type's
/// ABI mark added to \p AbiItems once the type maps; nullopt, reported,
/// when it has no name, a type or a default opgen cannot map.
std::optional<LoweredParam> lowerParam(ASTContext &Ctx, const FunctionDecl &FD,
                                       const ParmVarDecl &P, unsigned Index,
                                       TypeMapper &Mapper,
                                       const std::string &Root,
                                       std::vector<AbiItem> &AbiItems,
                                       DiagSink &Diags) {
  const SourceManager &SM = Ctx.getSourceManager();
  // The start of the type as written, qualifiers included.
  SourceLoc Begin = toSourceLoc(SM, P.getBeginLoc(), Root);
  if (P.getName().empty()) {
    Diags.report(DiagId::UnnamedParam, Begin,
                 {std::to_string(Index), FD.getNameAsString()});
    return std::nullopt;
  }
  std::string Spelling = printType(Ctx, P.getType());
  llvm::Expected<MappedParam> Mapped = Mapper.mapParam(P.getType());
  if (!Mapped) {
    Diags.report(DiagId::UnsupportedType, Begin,
                 {P.getNameAsString(), Spelling,
                  llvm::toString(Mapped.takeError())});
    return std::nullopt;
  }
  AbiItems.push_back({Mapped->Mark, Begin,
                      "parameter '" + P.getNameAsString() + "'",
                      P.getNameAsString(), Spelling});
  LoweredParam Out;
  Out.Arg.Name = P.getNameAsString();
  Out.Arg.Ty = Mapped->SchemaType;
  if (P.hasDefaultArg() && !P.hasUninstantiatedDefaultArg()) {
    std::optional<DefaultValue> V =
        Mapper.renderDefault(P.getDefaultArg(), Mapped->SchemaType);
    if (!V) {
      Diags.report(DiagId::UnrenderableDefault,
                   toSourceLoc(SM, P.getDefaultArgRange().getBegin(), Root),
                   {Out.Arg.Name, enumDefaultHint(Out.Arg.Ty, Out.Arg.Name)});
      return std::nullopt;
    }
    Out.Arg.Default = std::move(V);
  }
  Out.Cpp = std::move(Mapped->Cpp);
  Out.Cpp.Name = Out.Arg.Name;
  Out.Cpp.Loc = toSourceLoc(SM, P.getLocation(), Root);
  Out.Cpp.Spelling = Spelling;
  return Out;
}

/// What a kernel's body tells (not a fake's: it is the fake): a fake
/// synthesised from its allocations, what it does to each parameter, its
/// shape checks, and whether it runs on Meta tensors.
void analyzeBody(ASTContext &Ctx, const FunctionDecl &Def,
                 const std::string &Root, AnnotatedFunction &Fn) {
  if (!Fn.Inferred.Returns.empty())
    Fn.Impl.Synthesis = synthesizeFake(Ctx, Def, Fn.Inferred.Arguments,
                                       Fn.Inferred.Returns, Root);
  std::vector<ParamEffects> Effects = analyzeMutation(Ctx, Def, Root);
  if (Effects.size() == Fn.Impl.Params.size())
    for (size_t I = 0; I < Effects.size(); ++I)
      Fn.Impl.Params[I].Effects = std::move(Effects[I]);
  Fn.Impl.Checks = readShapeChecks(Ctx, Def, Fn.Inferred.Arguments, Root);
  if (Fn.Impl.Abi == KernelAbi::Stable) {
    // Never registered for Meta: the stable ABI's registration
    // (STABLE_TORCH_LIBRARY_IMPL) boxes the kernel as it is, and the body
    // reads concrete sizes (torch::stable::Tensor has no sym_size).
    MetaSafety NotSafe;
    NotSafe.Why = "it is written against PyTorch's stable ABI, whose "
                  "kernels opgen does not run on Meta tensors";
    NotSafe.WhyLoc = Fn.Impl.Loc;
    Fn.Impl.MetaSafe = std::move(NotSafe);
  } else {
    Fn.Impl.MetaSafe = analyzeMetaSafety(Ctx, Def, Root);
  }
}

} // namespace

std::optional<AnnotatedFunction>
lowerFunction(ASTContext &Ctx, const FunctionDecl &FD, Annotation Attr,
              const std::string &HostSource, const std::string &Root,
              DiagSink &Diags) {
  const SourceManager &SM = Ctx.getSourceManager();
  AnnotatedFunction Fn;
  Fn.Attr = std::move(Attr);
  Fn.Impl.Loc = toSourceLoc(SM, FD.getLocation(), Root);
  Fn.Impl.HostSource = HostSource;
  std::optional<SourceKind> DeclKind =
      classifySource(Fn.Impl.Loc.File);
  Fn.Impl.Lang = DeclKind && DeclKind->Cuda ? Language::Cuda : Language::Cxx;
  Fn.Impl.Callee = calleeName(Ctx, FD);
  if (FD.isVariadic()) {
    Diags.report(DiagId::VariadicFunction, Fn.Impl.Loc,
                 {FD.getNameAsString()});
    return std::nullopt;
  }
  TypeMapper Mapper(Ctx);
  bool Ok = true;
  std::vector<AbiItem> AbiItems;
  unsigned Index = 0;
  for (const ParmVarDecl *P : FD.parameters()) {
    std::optional<LoweredParam> L =
        lowerParam(Ctx, FD, *P, ++Index, Mapper, Root, AbiItems, Diags);
    if (!L) {
      Ok = false;
      continue;
    }
    Fn.Inferred.Arguments.push_back(std::move(L->Arg));
    Fn.Impl.Params.push_back(std::move(L->Cpp));
  }
  SourceLoc RetLoc =
      toSourceLoc(SM, FD.getReturnTypeSourceRange().getBegin(), Root);
  std::string RetSpelling = printType(Ctx, FD.getReturnType());
  llvm::Expected<MappedReturn> Ret = Mapper.mapReturn(FD.getReturnType());
  if (!Ret) {
    Diags.report(DiagId::UnsupportedReturn, RetLoc,
                 {RetSpelling, llvm::toString(Ret.takeError())});
    return std::nullopt;
  }
  AbiItems.push_back({Ret->Mark, RetLoc, "the return", "", RetSpelling});
  std::optional<KernelAbi> Abi = kernelAbi(FD, AbiItems, Diags);
  if (!Ok || !Abi)
    return std::nullopt;
  Fn.Impl.Abi = *Abi;
  Fn.Inferred.Returns = std::move(Ret->Returns);
  Fn.Impl.Ret.Reference = Ret->Reference;
  Fn.Impl.Ret.Spelling = RetSpelling;
  const FunctionDecl *Def = FD.getDefinition();
  if (Fn.Attr.Kind != AnnotationKind::Fake && Def && Def->hasBody())
    analyzeBody(Ctx, *Def, Root, Fn);
  return Fn;
}

} // namespace opgen
