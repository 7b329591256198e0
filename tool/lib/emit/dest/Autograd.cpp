//===- Autograd.cpp - autograd.cpp and autograd.h -------------------------===//
#include "emit/api/CppTypes.h"
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"

namespace opgen {

namespace {

/// Statements that call `op` below autograd and collect the results of a
/// schema with returns \p S into `outputs` (a variable_list).
std::string collectOutputs(const OpSchema &S) {
  std::string Call = "op.call(" + join(argumentNames(S), ", ") + ")";
  if (S.Returns.size() == 1 && S.Returns[0].Ty.IsList)
    return "outputs = " + Call + ";";
  if (S.Returns.size() == 1)
    return "outputs = {" + Call + "};";
  std::vector<std::string> Items;
  for (size_t I = 0; I < S.Returns.size(); ++I)
    Items.push_back("std::get<" + std::to_string(I) + ">(result)");
  return "const auto result = " + Call + ";\noutputs = {" + join(Items, ", ") +
         "};";
}

/// The wrapper registered under Autograd: applies the Function and converts
/// its variable_list back to the op's return type.
std::string autogradWrapper(const OpSchema &S, const std::string &Function) {
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
  return renderTemplate("autograd/wrapper.cpp",
                        {{"signature", kernelSignature(S, autogradWrapperName(S))},
                         {"function", Function},
                         {"arguments", join(argumentNames(S), ", ")},
                         {"result", Result}});
}

/// `struct <Name> : torch::autograd::Function<...> {` and its forward, up to
/// the call of the op below autograd.
std::string functionOpening(const OpSchema &S, const std::string &Name) {
  CppSignature Sig = cppSignature(S);
  return renderTemplate(
      "autograd/forward.cpp",
      {{"name", Name},
       {"parameters",
        S.Arguments.empty() ? "" : ", " + Sig.parameters(/*WithNames=*/true)},
       {"op_name", quote(S.Namespace + "::" + S.Name)},
       {"overload", quote(S.Overload)},
       {"function_type", Sig.functionType()},
       {"collect_outputs", collectOutputs(S)}});
}

std::string autogradFunction(const Op &O) {
  const OpSchema &S = O.Schema;
  const AutogradInfo &A = *O.Autograd;
  const std::string Name = opIdentifier(S) + "_Function";
  // What the backward needs: tensors through save_for_backward, the rest
  // (scalars, SymInts, lists, optionals) in saved_data.
  std::vector<std::string> Saved, NonDifferentiable, BackwardArgs;
  std::vector<TemplateRecord> SavedData;
  for (const BackwardInput &In : A.Inputs) {
    switch (In.K) {
    case BackwardInput::Kind::Grad:
      BackwardArgs.push_back("grads[" + std::to_string(In.Index) + "]");
      break;
    case BackwardInput::Kind::Result:
      BackwardArgs.push_back("saved[" + std::to_string(Saved.size()) + "]");
      Saved.push_back("outputs[" + std::to_string(In.Index) + "]");
      break;
    case BackwardInput::Kind::Input: {
      const Argument &Arg = S.Arguments[In.Index];
      if (Arg.Ty.isPlainTensor()) {
        BackwardArgs.push_back("saved[" + std::to_string(Saved.size()) + "]");
        Saved.push_back(Arg.Name);
      } else {
        BackwardArgs.push_back("ctx->saved_data[" + quote(Arg.Name) + "].to<" +
                               savedValueType(Arg.Ty) + ">()");
        SavedData.push_back({{"key", quote(Arg.Name)}, {"value", Arg.Name}});
      }
      break;
    }
    }
  }
  for (size_t I = 0; I < A.Differentiable.size(); ++I)
    if (!A.Differentiable[I])
      NonDifferentiable.push_back("outputs[" + std::to_string(I) + "]");
  // One gradient per forward argument; the tensor inputs' come from the
  // backward, in order.
  size_t TensorInputs = 0;
  for (const Argument &Arg : S.Arguments)
    TensorInputs += Arg.Ty.isSingleTensor();
  bool List = A.Backward.Returns.size() == 1 && A.Backward.Returns[0].Ty.IsList;
  std::string CheckCount;
  if (List)
    CheckCount = "TORCH_CHECK(input_grads.size() == " +
                 std::to_string(TensorInputs) + ", " +
                 quote(A.Backward.fullName() + " returned ") +
                 ", input_grads.size(), " +
                 quote(" gradients; " + S.fullName() + " has " +
                       std::to_string(TensorInputs) + " tensor inputs") +
                 ");";
  std::vector<std::string> Grads;
  size_t Next = 0;
  for (const Argument &Arg : S.Arguments) {
    if (!Arg.Ty.isSingleTensor()) {
      Grads.push_back("at::Tensor()");
      continue;
    }
    if (List)
      Grads.push_back("input_grads[" + std::to_string(Next) + "]");
    else if (A.Backward.Returns.size() == 1)
      Grads.push_back("input_grads");
    else
      Grads.push_back("std::get<" + std::to_string(Next) + ">(input_grads)");
    ++Next;
  }
  return renderTemplate(
      "autograd/function.cpp",
      {{"op", S.fullName()},
       {"backward", A.Backward.fullName()},
       {"where", A.Loc.str()},
       {"forward", functionOpening(S, Name)},
       {"save_for_backward",
        Saved.empty() ? "" : "ctx->save_for_backward({" + join(Saved, ", ") + "});"},
       {"mark_non_differentiable",
        NonDifferentiable.empty()
            ? ""
            : "ctx->mark_non_differentiable({" + join(NonDifferentiable, ", ") +
                  "});"},
       {"backward_name", quote(A.Backward.Namespace + "::" + A.Backward.Name)},
       {"backward_overload", quote(A.Backward.Overload)},
       {"backward_function_type", cppSignature(A.Backward).functionType()},
       {"load_saved",
        Saved.empty()
            ? ""
            : "const torch::autograd::variable_list saved = ctx->get_saved_variables();"},
       {"backward_arguments", join(BackwardArgs, ", ")},
       {"check_gradient_count", CheckCount},
       {"gradients", join(Grads, ", ")},
       {"wrapper", autogradWrapper(S, Name)}},
      {{"saved_data", SavedData}});
}

/// For a backward op without a backward: runs it, and raises a clear error
/// when something tries to differentiate it (double backward).
std::string refusingAutogradFunction(const Op &O) {
  const OpSchema &S = O.Schema;
  const std::string Name = opIdentifier(S) + "_Function";
  std::string Message =
      S.fullName() + " (the backward of " + O.BackwardOf +
      ") has no backward, so " + O.BackwardOf +
      " cannot be differentiated twice; write one with "
      "[[custom_op_backward(\"" + S.fullName() + "\")]]";
  return renderTemplate("autograd/refusing.cpp",
                        {{"op", S.fullName()},
                         {"backward_of", O.BackwardOf},
                         {"forward", functionOpening(S, Name)},
                         {"message", quote(Message)},
                         {"wrapper", autogradWrapper(S, Name)}});
}

} // namespace

std::string emitAutograd(const OpLibrary &L, const EmitOptions &Opts) {
  std::string Body;
  for (const Op &O : L.Ops) {
    if (O.Autograd)
      Body += autogradFunction(O);
    else if (hasAutogradKernel(O))
      Body += refusingAutogradFunction(O);
  }
  return renderTemplate(
      "autograd.cpp",
      {{"sources", sourcesDoc(L, Opts)},
       {"includes", Body.empty() ? "" : "#include <ATen/core/dispatch/Dispatcher.h>\n"
                                        "#include <torch/csrc/autograd/custom_function.h>\n"
                                        "\n"
                                        "#include \"autograd.h\"\n"},
       {"functions", Body.empty() ? "// No op of this library has a backward.\n"
                                  : "namespace opgen_generated {\n\n" + Body +
                                        "} // namespace opgen_generated\n"}});
}

/// The declarations of the Autograd kernels in autograd.cpp.
std::string emitAutogradDeclarations(const OpLibrary &L, const EmitOptions &Opts) {
  std::vector<TemplateRecord> Decls;
  for (const Op &O : L.Ops)
    if (hasAutogradKernel(O))
      Decls.push_back(
          {{"comment", O.Schema.fullName() + " (Autograd), in autograd.cpp"},
           {"signature", kernelSignature(O.Schema, autogradWrapperName(O.Schema))}});
  return renderTemplate("declarations.h",
                        {{"sources", sourcesDoc(L, Opts)},
                         {"about", "// The Autograd kernels defined in autograd.cpp."},
                         {"includes", ""}},
                        {{"declarations", Decls}});
}

} // namespace opgen
