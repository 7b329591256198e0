//===- Autograd.cpp - autograd.cpp and autograd.h -------------------------===//
#include "emit/api/CppTypes.h"
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"

#include <algorithm>
#include <map>

namespace opgen {

namespace {

/// The wrapper registered under Autograd: applies the Function and converts
/// its variable_list back to the op's return type. A backward op's Function
/// returns only its defined outputs (\p Undefined): the wrapper puts them
/// back in place.
llvm::Expected<std::string> autogradWrapper(const OpSchema &S,
                                            const std::string &Function,
                                            bool Undefined) {
  std::string Result;
  if (S.Returns.size() == 1 && S.Returns[0].Ty.IsList) {
    Result = "outputs";
  } else if (S.Returns.size() == 1) {
    Result = "outputs[0]";
  } else {
    std::vector<std::string> Items;
    for (size_t I = 0; I < S.Returns.size(); ++I)
      Items.push_back("outputs[" + std::to_string(I) + "]");
    Result = "std::make_tuple(" + join(Items, ", ") + ")";
  }
  std::vector<std::string> Arguments = argumentNames(S);
  if (Undefined)
    Arguments.insert(Arguments.begin(), "&defined");
  TemplateRecord Apply = {{"function", Function},
                          {"arguments", join(Arguments, ", ")}};
  return renderTemplate("autograd/wrapper.cpp",
                        {{"signature", kernelSignature(S, autogradWrapperName(S))},
                         {"result", Result}},
                        {{"apply", onlyIf(!Undefined, Apply)},
                         {"apply_defined", onlyIf(Undefined, Apply)}});
}

/// The parameters of a Function's forward after `ctx`: a backward op's
/// Function (\p Undefined) also fills the flags of its defined outputs.
std::string forwardParameters(const OpSchema &S, bool Undefined) {
  std::string Parameters = Undefined ? ", std::vector<bool> *defined" : "";
  if (!S.Arguments.empty())
    Parameters += ", " + cppSignature(S).parameters(/*WithNames=*/true);
  return Parameters;
}

/// The statements of a Function's forward that call the op below autograd
/// and collect its results in `outputs`.
llvm::Expected<std::string> callBelowAutograd(const OpSchema &S) {
  // The results of `op`, into `outputs` (a variable_list): a list as it is,
  // a tensor in a list of one, a tuple element by element.
  bool List = S.Returns.size() == 1 && S.Returns[0].Ty.IsList;
  bool One = S.Returns.size() == 1 && !List;
  std::vector<std::string> Items;
  for (size_t I = 0; I < S.Returns.size(); ++I)
    Items.push_back("std::get<" + std::to_string(I) + ">(result)");
  TemplateRecord Call = {{"arguments", join(argumentNames(S), ", ")},
                         {"items", join(Items, ", ")}};
  return renderTemplate("autograd/forward.cpp",
                        {{"op_name", quote(S.Namespace + "::" + S.Name)},
                         {"overload", quote(S.Overload)},
                         {"function_type", cppSignature(S).functionType()}},
                        {{"collect_list", onlyIf(List, Call)},
                         {"collect_one", onlyIf(One, Call)},
                         {"collect_tuple", onlyIf(!List && !One, Call)}});
}

/// Statements of a forward that record, for a backward's `output_mask`, the
/// autograd edge of each input in \p GradInputs (the forward arguments whose
/// gradients the backward returns, in its order) in
/// `saved_data["opgen_edges"]`: Function::apply gives an edge to each defined
/// tensor (and to each element of a tensor list), so an undefined optional
/// shifts the ones after it. Empty when the edges are known statically; then
/// \p Static holds them.
llvm::Expected<std::string>
recordEdges(const OpSchema &S, const std::vector<size_t> &GradInputs,
            std::vector<std::string> &Static) {
  bool Dynamic = false;
  std::string Edges;
  size_t Lines = 0;              // the statements so far
  std::map<size_t, size_t> Slot; // argument -> its statement
  std::map<size_t, size_t> StaticEdge;
  for (size_t I = 0; I < S.Arguments.size(); ++I) {
    const Argument &Arg = S.Arguments[I];
    const Type &T = Arg.Ty;
    if (!T.isTensorLike())
      continue;
    const char *Shape;
    if (T.isPlainTensor()) {
      Slot[I] = Lines;
      StaticEdge[I] = StaticEdge.size();
      Shape = "autograd/edges/tensor.cpp";
    } else if (T.isSingleTensor()) { // Tensor?
      Slot[I] = Lines;
      Shape = "autograd/edges/optional_tensor.cpp";
      Dynamic = true;
    } else if (!T.Optional && !T.ElementOptional) { // Tensor[]: one per element
      Shape = "autograd/edges/tensor_list.cpp";
      Dynamic = true;
    } else { // Tensor?[] and Tensor[]? reach apply as other values: no edge.
      continue;
    }
    OPGEN_TRY(Edge, renderTemplate(Shape, {{"name", Arg.Name}}));
    Edges += Edge;
    ++Lines;
  }
  if (!Dynamic) {
    for (size_t I : GradInputs)
      Static.push_back(std::to_string(StaticEdge[I]));
    return "";
  }
  // All of `edges`, unless `grads` picks some of them.
  std::vector<std::string> Picked;
  bool All = GradInputs.size() == Slot.size();
  for (size_t I : GradInputs) {
    // `edges` gets one entry per statement that pushes one, in argument
    // order.
    size_t Entry = 0;
    for (const auto &[Arg, Line] : Slot)
      Entry += Line < Slot[I];
    All = All && Entry == Picked.size();
    Picked.push_back("edges[" + std::to_string(Entry) + "]");
  }
  return renderTemplate(
      "autograd/record_edges.cpp",
      {{"edges", Edges},
       {"saved_edges",
        All ? "edges" : "std::vector<int64_t>{" + join(Picked, ", ") + "}"}});
}

/// What the forward keeps for the backward, and how the backward's call
/// reads it back: tensors through save_for_backward, the rest (scalars,
/// SymInts, lists, optionals) in saved_data.
struct SavedForBackward {
  std::vector<std::string> BackwardArgs; ///< The backward op's arguments.
  std::vector<std::string> Saved;        ///< save_for_backward's tensors.
  std::vector<TemplateRecord> SavedData; ///< saved_data's keys and values.
  std::string RecordEdges;               ///< For an output mask, if dynamic.
};

llvm::Expected<SavedForBackward> savedForBackward(const Op &O) {
  const OpSchema &S = O.Schema;
  const AutogradInfo &A = *O.Autograd;
  SavedForBackward Out;
  for (size_t I = 0; I < A.Inputs.size(); ++I) {
    const BackwardInput &In = A.Inputs[I];
    switch (In.K) {
    case BackwardInput::Kind::Grad:
      Out.BackwardArgs.push_back("grads[" + std::to_string(In.Index) + "]");
      break;
    case BackwardInput::Kind::OutputMask: {
      std::vector<std::string> Static;
      OPGEN_TRY(Edges, recordEdges(S, A.GradInputs, Static));
      Out.RecordEdges = std::move(Edges);
      std::string EdgesArg = Out.RecordEdges.empty()
                                 ? "{" + join(Static, ", ") + "}"
                                 : "ctx->saved_data[\"opgen_edges\"].toIntVector()";
      Out.BackwardArgs.push_back("opgen::rt::output_mask<" +
                                 std::to_string(In.Index) + ">(ctx, " +
                                 EdgesArg + ")");
      break;
    }
    case BackwardInput::Kind::Result:
      Out.BackwardArgs.push_back("saved[" + std::to_string(Out.Saved.size()) + "]");
      Out.Saved.push_back("outputs[" + std::to_string(In.Index) + "]");
      break;
    case BackwardInput::Kind::Input: {
      const Argument &Arg = S.Arguments[In.Index];
      if (Arg.Ty.isPlainTensor()) {
        Out.BackwardArgs.push_back("saved[" + std::to_string(Out.Saved.size()) +
                                   "]");
        Out.Saved.push_back(Arg.Name);
      } else {
        Out.BackwardArgs.push_back("ctx->saved_data[" + quote(Arg.Name) +
                                   "].to<" + savedValueType(Arg.Ty) + ">()");
        Out.SavedData.push_back({{"key", quote(Arg.Name)}, {"value", Arg.Name}});
      }
      break;
    }
    case BackwardInput::Kind::Bound: {
      const Type &Ty = A.Backward.Arguments[I].Ty;
      Out.BackwardArgs.push_back("ctx->saved_data[" + quote(In.Name) + "].to<" +
                                 savedValueType(Ty) + ">()");
      Out.SavedData.push_back(
          {{"key", quote(In.Name)},
           {"value", cppBoundMetadata(S.Arguments[In.Index].Name, In, Ty)}});
      break;
    }
    }
  }
  return Out;
}

/// The gradient the Function returns for each forward argument: those of
/// the op's GradInputs from the backward, in that order, the others
/// undefined (no gradient); first an undefined one for `defined` where
/// \p Undefined. An optional input's gradient is kept only where the input
/// was present: its presence goes to \p SavedData.
std::vector<std::string> argumentGradientExprs(const Op &O, bool Undefined,
                                               std::vector<TemplateRecord> &SavedData) {
  std::vector<std::string> Grads;
  if (Undefined)
    Grads.push_back("at::Tensor()"); // for `defined`
  std::vector<ArgumentGradient> Gradients = argumentGradients(O);
  for (size_t I = 0; I < O.Schema.Arguments.size(); ++I) {
    const ArgumentGradient &G = Gradients[I];
    std::string Position = std::to_string(G.Position);
    std::string Grad;
    switch (G.Source) {
    case ArgumentGradient::From::None:
      Grad = "at::Tensor()";
      break;
    case ArgumentGradient::From::Whole:
      Grad = "input_grads";
      break;
    case ArgumentGradient::From::List:
      Grad = "input_grads[" + Position + "]";
      break;
    case ArgumentGradient::From::Tuple:
      Grad = "std::get<" + Position + ">(input_grads)";
      break;
    }
    const Argument &Arg = O.Schema.Arguments[I];
    if (G.Optional) {
      // An absent optional input was no tensor to autograd, which rejects a
      // gradient for it; backwards often return one anyway.
      std::string Key = quote("opgen_present_" + Arg.Name);
      SavedData.push_back({{"key", Key},
                           {"value", Arg.Name + ".has_value() && " + Arg.Name +
                                         "->defined()"}});
      Grad = "opgen::rt::grad_if(ctx->saved_data[" + Key + "].toBool(), " +
             Grad + ")";
    }
    Grads.push_back(Grad);
  }
  return Grads;
}

/// A backward that returns Tensor[] must return one gradient per tensor
/// input: the check of that count, or nothing.
std::vector<TemplateRecord> gradientCountCheck(const Op &O) {
  const AutogradInfo &A = *O.Autograd;
  bool List = A.Backward.Returns.size() == 1 && A.Backward.Returns[0].Ty.IsList;
  if (!List)
    return {};
  size_t TensorInputs = A.GradInputs.size();
  return {{{"count", std::to_string(TensorInputs)},
           {"returned", quote(A.Backward.fullName() + " returned ")},
           {"has", quote(" gradients; " + O.Schema.fullName() + " has " +
                         std::to_string(TensorInputs) + " tensor inputs")}}};
}

llvm::Expected<std::string> autogradFunction(const Op &O) {
  const OpSchema &S = O.Schema;
  const AutogradInfo &A = *O.Autograd;
  const std::string Name = opIdentifier(S) + "_Function";
  // A backward op (with a double backward) may return undefined gradients:
  // its Function returns the defined outputs only (see opgen/autograd.h).
  const bool Undefined = !O.BackwardOf.empty();
  OPGEN_TRY(Kept, savedForBackward(O));
  std::vector<std::string> NonDifferentiable = nonDifferentiableOutputs(O);
  std::vector<std::string> Grads =
      argumentGradientExprs(O, Undefined, Kept.SavedData);
  OPGEN_TRY(Call, callBelowAutograd(S));
  OPGEN_TRY(Wrapper, autogradWrapper(S, Name, Undefined));
  std::string KeepDefined, LoadGrads;
  if (Undefined) {
    OPGEN_TRY(Keep, renderTemplate("autograd/keep_defined.cpp", {}));
    OPGEN_TRY(Load, renderTemplate("autograd/load_defined_grads.cpp", {}));
    KeepDefined = std::move(Keep);
    LoadGrads = std::move(Load);
  }
  return renderTemplate(
      "autograd/function.cpp",
      {{"op", S.fullName()},
       {"backward", A.Backward.fullName()},
       {"where", A.Loc.str()},
       {"name", Name},
       {"parameters", forwardParameters(S, Undefined)},
       {"call_below_autograd", Call},
       {"record_edges", Kept.RecordEdges},
       {"backward_name", quote(A.Backward.Namespace + "::" + A.Backward.Name)},
       {"backward_overload", quote(A.Backward.Overload)},
       {"backward_function_type", cppSignature(A.Backward).functionType()},
       {"backward_arguments", join(Kept.BackwardArgs, ", ")},
       {"gradients", join(Grads, ", ")},
       {"keep_defined", KeepDefined},
       {"grads_parameter", Undefined ? "defined_grads" : "grads"},
       {"load_grads", LoadGrads},
       {"wrapper", Wrapper}},
      {{"saved_data", Kept.SavedData},
       {"save_for_backward",
        onlyIf(!Kept.Saved.empty(), {{"saved", join(Kept.Saved, ", ")}})},
       {"load_saved", onlyIf(!Kept.Saved.empty())},
       {"mark_non_differentiable",
        onlyIf(!NonDifferentiable.empty(),
               {{"non_differentiable", join(NonDifferentiable, ", ")}})},
       {"check_gradient_count", gradientCountCheck(O)}});
}

/// For a backward op without a backward: runs it, and raises a clear error
/// when something tries to differentiate it (double backward).
llvm::Expected<std::string> refusingAutogradFunction(const Op &O) {
  const OpSchema &S = O.Schema;
  const std::string Name = opIdentifier(S) + "_Function";
  OPGEN_TRY(Call, callBelowAutograd(S));
  OPGEN_TRY(Wrapper, autogradWrapper(S, Name, /*Undefined=*/true));
  return renderTemplate(
      "autograd/refusing.cpp",
      {{"op", S.fullName()},
       {"backward_of", O.BackwardOf},
       {"name", Name},
       {"parameters", forwardParameters(S, /*Undefined=*/true)},
       {"call_below_autograd", Call},
       {"message", quote(doubleBackwardMessage(O))},
       {"wrapper", Wrapper}});
}

} // namespace

llvm::Expected<std::string> classicAutograd(const OpLibrary &L,
                                            const EmitOptions &Opts) {
  std::string Functions;
  for (const Op &O : L.Ops) {
    if (O.Autograd) {
      OPGEN_TRY(Function, autogradFunction(O));
      Functions += Function;
    } else if (hasAutogradKernel(O)) {
      OPGEN_TRY(Function, refusingAutogradFunction(O));
      Functions += Function;
    }
  }
  std::vector<TemplateRecord> NoBackward, InplaceOrView;
  for (const Op &O : L.Ops) {
    if (!refusesGradient(O))
      continue;
    NoBackward.push_back({{"op", O.Schema.fullName()}});
    if (needsInplaceOrView(O.Schema))
      InplaceOrView.push_back({{"op", O.Schema.fullName()}});
  }
  if (!NoBackward.empty()) {
    OPGEN_TRY(NoBackwardText,
              renderTemplate("autograd/no_backward.cpp",
                             {{"name", std::string(NoBackwardKernel)}},
                             {{"ops", NoBackward}}));
    Functions += NoBackwardText;
  }
  if (!InplaceOrView.empty()) {
    OPGEN_TRY(InplaceOrViewText,
              renderTemplate("autograd/inplace_or_view.cpp",
                             {{"name", std::string(InplaceOrViewKernel)}},
                             {{"ops", InplaceOrView}}));
    Functions += InplaceOrViewText;
  }
  std::string Body = "// No op of this library has a backward.\n";
  if (!Functions.empty()) {
    OPGEN_TRY(Defined, renderTemplate("autograd/functions.cpp",
                                      {{"functions", Functions}}));
    Body = std::move(Defined);
  }
  return renderTemplate("autograd.cpp",
                        {{"sources", sourcesDoc(L, Opts)}, {"body", Body}});
}

/// The declarations of the Autograd kernels in autograd.cpp.
llvm::Expected<std::string> classicAutogradDeclarations(const OpLibrary &L,
                                                        const EmitOptions &Opts) {
  std::vector<TemplateRecord> Decls;
  for (const Op &O : L.Ops)
    if (hasAutogradKernel(O))
      Decls.push_back(
          {{"comment", O.Schema.fullName() + " (Autograd), in autograd.cpp"},
           {"signature", kernelSignature(O.Schema, autogradWrapperName(O.Schema))}});
  const bool NoBackward = std::any_of(L.Ops.begin(), L.Ops.end(), refusesGradient);
  auto BoxedDecl = [&](const char *Comment, const char *Name) {
    Decls.push_back({{"comment", Comment},
                     {"signature", "void " + std::string(Name) +
                                       "(const c10::OperatorHandle &op, "
                                       "c10::DispatchKeySet keys, torch::jit::Stack *stack)"}});
  };
  if (NoBackward)
    BoxedDecl("The Autograd kernel of the ops without a backward, in autograd.cpp",
              NoBackwardKernel);
  if (std::any_of(L.Ops.begin(), L.Ops.end(), [](const Op &O) {
        return refusesGradient(O) && needsInplaceOrView(O.Schema);
      }))
    BoxedDecl("The ADInplaceOrView kernel of the ops without a backward that mutate "
              "or return a view, in autograd.cpp",
              InplaceOrViewKernel);
  return renderTemplate("declarations.h",
                        {{"sources", sourcesDoc(L, Opts)},
                         {"about", "// The Autograd kernels defined in autograd.cpp."},
                         {"includes", NoBackward
                                          ? "\n#include <ATen/core/dispatch/Dispatcher.h>\n"
                                          : ""}},
                        {{"declarations", Decls}});
}

} // namespace opgen
