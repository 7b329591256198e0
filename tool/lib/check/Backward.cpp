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
  Params = Fn.Inferred.Arguments;
  if (Backward.Schema.Arguments.size() == Params.size())
    for (size_t I = 0; I < Params.size(); ++I)
      Params[I].Name = Backward.Schema.Arguments[I].Name;
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

/// `grad`, `grad_out`, `grad_output`: the names real kernels give the
/// gradient of an op's only output (torchvision's roi_pool takes `grad`,
/// deform_conv2d `grad_out`), or of its one output that no other backward
/// parameter takes (roi_pool's `argmax`, a second output, is taken itself).
bool isPlainGradName(const std::string &Name) {
  return Name == "grad" || Name == "grad_out" || Name == "grad_output";
}

/// Matches a backward parameter name to an output gradient, an output or a
/// forward input: `grad`/`grad_<i>`/`grad_<name>`, `result`/`result_<i>`/
/// `result_<name>`, a forward argument's name, `output_mask`, then an
/// output's name (`returns`) and the plain gradient names of a one-output
/// op. A plain gradient name of an op with several outputs is left to
/// matchPlainGrad.
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
  for (size_t I = 0; I < Outputs; ++I)
    if (!F.Returns[I].Name.empty() && F.Returns[I].Name == Name)
      return BackwardInput{BackwardInput::Kind::Result, I, Name};
  if (isPlainGradName(Name) && Outputs == 1)
    return BackwardInput{BackwardInput::Kind::Grad, 0, Name};
  return std::nullopt;
}

/// A plain gradient name (`grad`, `grad_out`, `grad_output`) of an op with
/// several outputs: the gradient of the one output that no other backward
/// parameter takes, as its value or its gradient; none when that is not
/// exactly one.
std::optional<BackwardInput> matchPlainGrad(const BackwardLinkDraft &L,
                                            const std::string &Name) {
  const OpSchema &F = L.Forward.Schema;
  if (!isPlainGradName(Name) || F.Returns.size() < 2)
    return std::nullopt;
  std::vector<bool> Taken(F.Returns.size(), false);
  for (const Argument &P : L.Params) {
    if (P.Name == Name)
      continue;
    if (auto It = L.Bindings.find(P.Name); It != L.Bindings.end()) {
      if (It->second.Output)
        Taken[*It->second.Output] = true;
      continue;
    }
    std::optional<BackwardInput> In = matchBackwardParam(F, P.Name);
    if (In && (In->K == BackwardInput::Kind::Grad ||
               In->K == BackwardInput::Kind::Result))
      Taken[In->Index] = true;
  }
  if (std::count(Taken.begin(), Taken.end(), false) != 1)
    return std::nullopt;
  size_t Index = static_cast<size_t>(
      std::find(Taken.begin(), Taken.end(), false) - Taken.begin());
  return BackwardInput{BackwardInput::Kind::Grad, Index, Name};
}

/// The names that match an output or its gradient of \p F, for the hint.
std::string outputNames(const OpSchema &F) {
  size_t N = F.Returns.size();
  std::vector<std::string> Named;
  for (const Return &R : F.Returns)
    if (!R.Name.empty())
      Named.push_back("'" + R.Name + "'");
  std::string Out;
  if (N == 1)
    Out = "'grad', 'grad_out', 'grad_output' or 'grad_0' for its output's "
          "gradient, 'result' or 'result_0' for the output";
  else
    Out = "'grad_<i>' (i < " + std::to_string(N) +
          ") for output i's gradient, 'result_<i>' for output i, 'grad', "
          "'grad_out' or 'grad_output' for the gradient of the one output no "
          "other parameter takes, a name bound with bind=\"<name>=result_<i>\" "
          "for output i";
  if (!Named.empty())
    Out += ", an output's name (" + join(Named, ", ") + ") for the output";
  return Out;
}

/// Matches backward parameter \p I to what it receives, into L.Info.
void matchParam(BackwardLinkDraft &L, size_t I,
                const std::string &TensorInputList) {
  const OpSchema &F = L.Forward.Schema;
  const std::string &Name = L.Name;
  const Argument &P = L.Params[I];
  const SourceLoc &Loc =
      L.Fn.Impl.param(I) ? L.Fn.Impl.param(I)->Loc : L.Fn.Impl.Loc;
  std::optional<BackwardInput> In;
  auto It = L.Bindings.find(P.Name);
  if (It != L.Bindings.end() && It->second.Output)
    In = BackwardInput{BackwardInput::Kind::Result, *It->second.Output, P.Name};
  else if (It != L.Bindings.end()) {
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
    BackwardInput Saved{BackwardInput::Kind::Bound, Index, P.Name};
    Saved.Metadata = Bound.Metadata;
    Saved.Dim = Bound.Dim;
    L.Info.Inputs.push_back(Saved);
    return;
  }
  if (!In)
    In = matchBackwardParam(F, P.Name);
  if (!In)
    In = matchPlainGrad(L, P.Name);
  if (!In) {
    std::vector<std::string> Inputs;
    for (const Argument &A : F.Arguments)
      Inputs.push_back(A.Name);
    L.Diags.report(DiagId::BackwardParamUnmatched, Loc,
                   {P.Name, Name, Inputs.empty() ? "none" : join(Inputs, ", "),
                    outputNames(F)});
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
  for (size_t I = 0; I < L.Params.size(); ++I)
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
