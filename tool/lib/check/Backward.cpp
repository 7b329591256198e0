//===- Backward.cpp - `[[custom_op_backward]]`: naming and linking --------===//
#include "check/Backward.h"

#include "check/Common.h"
#include "check/keys/Keys.h"

#include <algorithm>

namespace opgen {
namespace check {

std::vector<BackwardLink>
nameBackwards(const std::vector<const AnnotatedFunction *> &Functions,
              const std::set<std::string> &ForwardNames, DiagSink &Diags) {
  std::vector<BackwardLink> Links;
  for (const AnnotatedFunction *Fn : Functions) {
    if (Fn->Attr.Kind != AnnotationKind::Backward)
      continue;
    reportUnknownKeys(Fn->Attr, DiagId::BackwardKey, Diags);
    std::optional<OpSchema> Forward = opNameOf(Fn->Attr.Name, Diags);
    if (!Forward)
      continue;
    BackwardNaming N(*Fn, *Forward, Diags);
    unsigned Before = Diags.errorCount();
    for (const NamingStep &Step : namingSteps())
      if (const AnnotationValue *V = Fn->Attr.find(Step.Key)) {
        Step.CheckKey(*V, N);
        if (Diags.errorCount() != Before)
          break;
      }
    if (Diags.errorCount() != Before)
      continue;
    auto Other =
        std::find_if(Links.begin(), Links.end(), [&](const BackwardLink &L) {
          return L.Forward == N.Forward.fullName() &&
                 L.Backward.fullName() != N.Backward.fullName();
        });
    if (Other != Links.end()) {
      Diags.report(DiagId::BackwardNameConflict, N.NameLoc,
                   {N.Forward.fullName(), Other->Backward.fullName(),
                    N.Backward.fullName()});
      continue;
    }
    if (ForwardNames.count(N.Backward.fullName())) {
      Diags.report(DiagId::BackwardNameClash, N.NameLoc,
                   {N.Backward.fullName(), N.Forward.Namespace + "::_" +
                                               N.Forward.Name + "_backward"});
      continue;
    }
    Links.push_back({N.Forward.fullName(), N.Backward, Fn});
  }
  return Links;
}

BackwardLinkDraft::BackwardLinkDraft(const Op &Forward, const Op &Backward,
                                     const AnnotatedFunction &Fn,
                                     DiagSink &Diags)
    : Forward(Forward), Backward(Backward), Fn(Fn), Diags(Diags),
      Name(Forward.Schema.fullName()) {
  Info.Loc = Fn.Impl.Loc;
  Info.Differentiable.assign(Forward.Schema.Returns.size(), false);
  // The inputs the backward returns gradients for: every tensor argument,
  // or those `grads="a,b"` names, in that order.
  for (size_t I = 0; I < Forward.Schema.Arguments.size(); ++I)
    if (Forward.Schema.Arguments[I].Ty.isSingleTensor()) {
      TensorInputs.push_back(Forward.Schema.Arguments[I].Name);
      Info.GradInputs.push_back(I);
    }
}

namespace {

/// The type as the schema prints it, without alias sets and with SymInt
/// read as int: what a backward parameter must share with the forward.
std::string comparableType(Type T) {
  T.ElementAlias.reset();
  T.ListAlias.reset();
  if (T.Base == BaseType::SymInt)
    T.Base = BaseType::Int;
  return printType(T);
}

/// Whether a parameter of schema type \p T can be bound to \p M.
bool bindingFits(BoundMetadata M, const Type &T) {
  bool Int = T.Base == BaseType::Int || T.Base == BaseType::SymInt;
  bool Plain = !T.Optional && !T.ElementOptional;
  switch (M) {
  case BoundMetadata::Size:
    return Int && Plain && !T.IsList;
  case BoundMetadata::Sizes:
    return Int && Plain && T.IsList && !T.FixedSize;
  case BoundMetadata::Dim:
    return T.Base == BaseType::Int && Plain && !T.IsList;
  case BoundMetadata::ScalarType:
    return T.Base == BaseType::ScalarType && Plain && !T.IsList;
  case BoundMetadata::Device:
    return T.Base == BaseType::Device && Plain && !T.IsList;
  }
  return false;
}

/// The schema type of \p M and the C++ types a parameter bound to it may
/// take (OPGEN_BOUND_METADATA).
std::pair<const char *, const char *> boundMetadataTypes(BoundMetadata M) {
  static const std::pair<const char *, const char *> Types[] = {
#define OPGEN_BOUND_TYPES(Value, Name, SchemaType, CppTypes)                   \
  {SchemaType, CppTypes},
      OPGEN_BOUND_METADATA(OPGEN_BOUND_TYPES)
#undef OPGEN_BOUND_TYPES
  };
  return Types[static_cast<size_t>(M)];
}

/// Matches a backward parameter name to an output gradient, an output or a
/// forward input.
std::optional<BackwardInput> matchBackwardParam(const OpSchema &F,
                                                const std::string &Name) {
  size_t Outputs = F.Returns.size();
  for (auto [Prefix, Kind] :
       {std::pair{std::string("grad"), BackwardInput::Kind::Grad},
        std::pair{std::string("result"), BackwardInput::Kind::Result}}) {
    if (Name == Prefix && Outputs == 1)
      return BackwardInput{Kind, 0, Name};
    if (Name.rfind(Prefix + "_", 0) != 0)
      continue;
    std::string Rest = Name.substr(Prefix.size() + 1);
    if (isDigits(Rest) && Rest.size() < 4 && std::stoul(Rest) < Outputs)
      return BackwardInput{Kind, std::stoul(Rest), Name};
    for (size_t I = 0; I < Outputs; ++I)
      if (!F.Returns[I].Name.empty() && F.Returns[I].Name == Rest)
        return BackwardInput{Kind, I, Name};
  }
  if (std::optional<size_t> I = argumentIndex(F, Name))
    return BackwardInput{BackwardInput::Kind::Input, *I, Name};
  // After the forward's arguments: the backward of a backward that takes
  // `output_mask` receives that argument under this name.
  if (Name == "output_mask")
    return BackwardInput{BackwardInput::Kind::OutputMask, 0, Name};
  return std::nullopt;
}

/// Matches backward parameter \p I to what it receives, into L.Info.
void matchParam(BackwardLinkDraft &L, size_t I,
                const std::string &TensorInputList) {
  const OpSchema &F = L.Forward.Schema;
  const std::string &Name = L.Name;
  const Argument &P = L.Fn.Inferred.Arguments[I];
  const SourceLoc &Loc = L.Fn.Impl.Params[I].Loc;
  if (auto It = L.Bindings.find(P.Name); It != L.Bindings.end()) {
    const Binding &Bound = It->second;
    size_t Index = *argumentIndex(F, Bound.Tensor); // checked by checkBind
    std::string Read =
        Bound.Tensor + "." + std::string(enumName(Bound.Metadata)) + "(" +
        (Bound.Metadata == BoundMetadata::Size ? std::to_string(Bound.Dim)
                                               : "") +
        ")";
    if (!bindingFits(Bound.Metadata, P.Ty)) {
      auto [SchemaType, CppTypes] = boundMetadataTypes(Bound.Metadata);
      L.Diags.report(DiagId::BindType, Loc,
                     {P.Name, printType(P.Ty), Read, SchemaType, CppTypes});
      return;
    }
    BackwardInput In{BackwardInput::Kind::Bound, Index, P.Name};
    In.Metadata = Bound.Metadata;
    In.Dim = Bound.Dim;
    L.Info.Inputs.push_back(In);
    return;
  }
  std::optional<BackwardInput> In = matchBackwardParam(F, P.Name);
  if (!In) {
    std::vector<std::string> Inputs;
    for (const Argument &A : F.Arguments)
      Inputs.push_back(A.Name);
    L.Diags.report(
        DiagId::BackwardParamUnmatched, Loc,
        {P.Name, Name, Inputs.empty() ? "none" : join(Inputs, ", ")});
    return;
  }
  if (In->K == BackwardInput::Kind::OutputMask) {
    // One flag per gradient the backward returns, as ATen's
    // `bool[N] output_mask`.
    Type Mask = Type::list(BaseType::Bool);
    Mask.FixedSize = static_cast<int64_t>(L.TensorInputs.size());
    if (P.Ty != Mask) {
      std::string N = std::to_string(L.TensorInputs.size());
      L.Diags.report(DiagId::BackwardOutputMask, Loc,
                     {printType(P.Ty), N, Name, TensorInputList});
      return;
    }
    In->Index = L.TensorInputs.size();
    L.Info.Inputs.push_back(*In);
    return;
  }
  Type Expected;
  std::string What;
  if (In->K == BackwardInput::Kind::Input) {
    Expected = F.Arguments[In->Index].Ty;
    What = "the forward's '" + P.Name + "'";
  } else {
    Expected = F.Returns[In->Index].Ty;
    What = (In->K == BackwardInput::Kind::Grad ? "the gradient of output "
                                               : "output ") +
           std::to_string(In->Index);
  }
  if (comparableType(P.Ty) != comparableType(Expected)) {
    L.Diags.report(DiagId::BackwardParamType, Loc,
                   {P.Name, printType(P.Ty), What, printType(Expected)});
    return;
  }
  if (In->K == BackwardInput::Kind::Grad)
    L.Info.Differentiable[In->Index] = true;
  L.Info.Inputs.push_back(*In);
}

} // namespace

void linkBackward(Op &F, Op &B, const AnnotatedFunction &Fn, DiagSink &Diags) {
  const std::string Name = F.Schema.fullName();
  for (const Argument &A : F.Schema.Arguments)
    if (A.Ty.isWritten()) {
      Diags.report(DiagId::BackwardOfMutatingOp, Fn.Attr.Loc, {Name, A.Name});
      return;
    }
  if (F.Schema.Returns.empty()) {
    Diags.report(DiagId::BackwardOfNonTensorOutput, Fn.Attr.Loc, {Name, "()"});
    return;
  }
  for (const Return &R : F.Schema.Returns)
    if (!R.Ty.isPlainTensor()) {
      Diags.report(DiagId::BackwardOfNonTensorOutput, Fn.Attr.Loc,
                   {Name, printType(R.Ty)});
      return;
    }
  unsigned Before = Diags.errorCount();
  BackwardLinkDraft L(F, B, Fn, Diags);
  // `grads` and `bind`; after an error their parameters and the gradient
  // count would only be reported again.
  for (const LinkStep &Step : linkSteps())
    if (const AnnotationValue *V = Fn.Attr.find(Step.Key)) {
      Step.CheckKey(*V, L);
      if (Diags.errorCount() != Before)
        return;
    }
  const std::string TensorInputList =
      L.TensorInputs.empty() ? "none" : join(L.TensorInputs, ", ");
  for (size_t I = 0; I < Fn.Inferred.Arguments.size(); ++I)
    matchParam(L, I, TensorInputList);
  const std::vector<Return> &Grads = Fn.Inferred.Returns;
  bool AsList = Grads.size() == 1 && Grads[0].Ty.Base == BaseType::Tensor &&
                Grads[0].Ty.IsList && !Grads[0].Ty.Optional;
  bool AsTensors = Grads.size() == L.TensorInputs.size() &&
                   std::all_of(Grads.begin(), Grads.end(), [](const Return &R) {
                     return R.Ty.isPlainTensor();
                   });
  if (!AsList && !AsTensors)
    Diags.report(DiagId::BackwardGradCount, Fn.Impl.Loc,
                 {Name, std::to_string(Grads.size()),
                  std::to_string(L.TensorInputs.size()), TensorInputList});
  if (Diags.errorCount() != Before || F.Autograd)
    return;
  L.Info.Backward = B.Schema;
  F.Autograd = std::move(L.Info);
  B.BackwardOf = Name;
}

} // namespace check
} // namespace opgen
