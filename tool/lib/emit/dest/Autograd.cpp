//===- Autograd.cpp - autograd.cpp and autograd.h -------------------------===//
#include "emit/api/CppTypes.h"
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"

#include <sstream>

namespace opgen {

namespace {

std::string typedHandle(const std::string &Var, const OpSchema &S) {
  return "    static const auto " + Var +
         " = c10::Dispatcher::singleton()\n"
         "        .findSchemaOrThrow(" + quote(S.Namespace + "::" + S.Name) + ", " +
         quote(S.Overload) + ")\n"
         "        .typed<" + cppSignature(S).functionType() + ">();\n";
}

/// Statements that call \p Op below autograd and collect the results of a
/// schema with returns \p S into `outputs` (a variable_list).
std::string callBelowAutograd(const OpSchema &S) {
  std::string Call = "op.call(" + join(argumentNames(S), ", ") + ")";
  std::string Out = "    torch::autograd::variable_list outputs;\n"
                    "    {\n"
                    "      at::AutoDispatchBelowADInplaceOrView guard;\n";
  if (S.Returns.size() == 1 && S.Returns[0].Ty.IsList) {
    Out += "      outputs = " + Call + ";\n";
  } else if (S.Returns.size() == 1) {
    Out += "      outputs = {" + Call + "};\n";
  } else {
    std::vector<std::string> Items;
    for (size_t I = 0; I < S.Returns.size(); ++I)
      Items.push_back("std::get<" + std::to_string(I) + ">(result)");
    Out += "      const auto result = " + Call + ";\n"
           "      outputs = {" + join(Items, ", ") + "};\n";
  }
  return Out + "    }\n";
}

/// The wrapper registered under Autograd: applies the Function and converts
/// its variable_list back to the op's return type.
std::string autogradWrapper(const OpSchema &S, const std::string &Function) {
  std::string Out = kernelSignature(S, autogradWrapperName(S)) + " {\n"
                    "  auto outputs = " + Function + "::apply(" +
                    join(argumentNames(S), ", ") + ");\n";
  if (S.Returns.size() == 1 && S.Returns[0].Ty.IsList)
    return Out + "  return outputs;\n}\n\n";
  if (S.Returns.size() == 1)
    return Out + "  return outputs[0];\n}\n\n";
  std::vector<std::string> Items;
  for (size_t I = 0; I < S.Returns.size(); ++I)
    Items.push_back("outputs[" + std::to_string(I) + "]");
  return Out + "  return std::make_tuple(" + join(Items, ", ") + ");\n}\n\n";
}

/// `struct <Name> : torch::autograd::Function<...> {` and the start of its
/// forward, up to the call of the op below autograd.
std::string functionOpening(const OpSchema &S, const std::string &Name) {
  return "struct " + Name + " : public torch::autograd::Function<" + Name +
         "> {\n"
         "  static torch::autograd::variable_list forward(\n"
         "      torch::autograd::AutogradContext *ctx" +
         (S.Arguments.empty() ? "" : ", " + cppSignature(S).parameters(/*WithNames=*/true)) +
         ") {\n" + typedHandle("op", S) + callBelowAutograd(S);
}

std::string autogradFunction(const Op &O) {
  const OpSchema &S = O.Schema;
  const AutogradInfo &A = *O.Autograd;
  const std::string Name = opIdentifier(S) + "_Function";
  std::ostringstream Out;
  Out << "// " << S.fullName() << " (Autograd): backward "
      << A.Backward.fullName() << ", from " << A.Loc.str() << "\n"
      << functionOpening(S, Name);
  // What the backward needs: tensors through save_for_backward, the rest
  // (scalars, SymInts, lists, optionals) in saved_data.
  std::vector<std::string> Saved, SavedData, NonDifferentiable, BackwardArgs;
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
        SavedData.push_back("    ctx->saved_data[" + quote(Arg.Name) + "] = " +
                            Arg.Name + ";\n");
      }
      break;
    }
    }
  }
  for (size_t I = 0; I < A.Differentiable.size(); ++I)
    if (!A.Differentiable[I])
      NonDifferentiable.push_back("outputs[" + std::to_string(I) + "]");
  if (!Saved.empty())
    Out << "    ctx->save_for_backward({" << join(Saved, ", ") << "});\n";
  for (const std::string &Line : SavedData)
    Out << Line;
  if (!NonDifferentiable.empty())
    Out << "    ctx->mark_non_differentiable({" << join(NonDifferentiable, ", ")
        << "});\n";
  Out << "    return outputs;\n"
      << "  }\n\n"
      << "  static torch::autograd::variable_list backward(\n"
      << "      torch::autograd::AutogradContext *ctx,\n"
      << "      torch::autograd::variable_list grads) {\n"
      << typedHandle("backward_op", A.Backward);
  if (!Saved.empty())
    Out << "    const torch::autograd::variable_list saved = "
           "ctx->get_saved_variables();\n";
  Out << "    const auto input_grads = backward_op.call(" << join(BackwardArgs, ", ")
      << ");\n";
  // One gradient per forward argument; the tensor inputs' come from the
  // backward, in order.
  size_t TensorInputs = 0;
  for (const Argument &Arg : S.Arguments)
    TensorInputs += Arg.Ty.isSingleTensor();
  bool List = A.Backward.Returns.size() == 1 && A.Backward.Returns[0].Ty.IsList;
  if (List)
    Out << "    TORCH_CHECK(input_grads.size() == " << TensorInputs << ", "
        << quote(A.Backward.fullName() + " returned ") << ", input_grads.size(), "
        << quote(" gradients; " + S.fullName() + " has " +
                 std::to_string(TensorInputs) + " tensor inputs")
        << ");\n";
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
  Out << "    return {" << join(Grads, ", ") << "};\n"
      << "  }\n"
      << "};\n\n"
      << autogradWrapper(S, Name);
  return Out.str();
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
  std::ostringstream Out;
  Out << "// " << S.fullName() << " (Autograd): the backward of " << O.BackwardOf
      << "; it has no backward of its own\n"
      << functionOpening(S, Name)
      << "    return outputs;\n"
      << "  }\n\n"
      << "  static torch::autograd::variable_list backward(\n"
      << "      torch::autograd::AutogradContext *,\n"
      << "      torch::autograd::variable_list) {\n"
      << "    TORCH_CHECK(false, " << quote(Message) << ");\n"
      << "    return {};\n"
      << "  }\n"
      << "};\n\n"
      << autogradWrapper(S, Name);
  return Out.str();
}

} // namespace

std::string emitAutograd(const OpLibrary &L, const EmitOptions &Opts) {
  std::ostringstream Functions;
  for (const Op &O : L.Ops) {
    if (O.Autograd)
      Functions << autogradFunction(O);
    else if (!O.BackwardOf.empty())
      Functions << refusingAutogradFunction(O);
  }
  std::string Body = Functions.str();
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
  std::ostringstream Decls;
  for (const Op &O : L.Ops)
    if (hasAutogradKernel(O))
      Decls << "// " << O.Schema.fullName() << " (Autograd), in autograd.cpp\n"
            << kernelSignature(O.Schema, autogradWrapperName(O.Schema)) << ";\n";
  return renderTemplate("declarations.h",
                        {{"sources", sourcesDoc(L, Opts)},
                         {"about", "// The Autograd kernels defined in autograd.cpp."},
                         {"includes", ""},
                         {"declarations", Decls.str()}});
}

} // namespace opgen
