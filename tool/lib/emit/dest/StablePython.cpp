//===- StablePython.cpp - Fakes and autograd of a stable-ABI library ------===//
//
// A stable-ABI library cannot register C++ fakes that use ATen or a
// torch::autograd::Function: the package's fakes module registers them in
// Python instead (docs/stable-abi.md): synthesised fakes are Python
// functions of the fakes module (PythonPackage.cpp, as per-device fakes of
// either flavour are); backwards become torch.library.register_autograd
// formulas that save what the backward op takes and call it.
//===----------------------------------------------------------------------===//
#include "emit/api/Names.h"
#include "emit/api/PythonTypes.h"
#include "emit/dest/Emitters.h"

#include <algorithm>

namespace opgen {

namespace {

/// What setup_context keeps for the backward, and how the backward's call
/// reads it back: tensors through save_for_backward, the rest in
/// ctx.opgen_saved.
struct PySavedForBackward {
  std::vector<std::string> BackwardArgs; ///< The backward op's arguments.
  std::vector<std::string> Saved;        ///< save_for_backward's tensors.
  std::vector<std::string> SavedData;    ///< `"key": value` of opgen_saved.
};

PySavedForBackward pySavedForBackward(const Op &O) {
  const OpSchema &S = O.Schema;
  const AutogradInfo &A = *O.Autograd;
  PySavedForBackward Out;
  for (size_t I = 0; I < A.Inputs.size(); ++I) {
    const BackwardInput &In = A.Inputs[I];
    const Argument &BwArg = A.Backward.Arguments[I];
    std::string Value;
    switch (In.K) {
    case BackwardInput::Kind::Grad:
      Value = "grads[" + std::to_string(In.Index) + "]";
      break;
    case BackwardInput::Kind::OutputMask: {
      std::vector<std::string> Flags;
      for (size_t G : A.GradInputs)
        Flags.push_back("ctx.needs_input_grad[" + std::to_string(G) + "]");
      Value = "[" + join(Flags, ", ") + "]";
      break;
    }
    case BackwardInput::Kind::Result:
      Value = "saved[" + std::to_string(Out.Saved.size()) + "]";
      Out.Saved.push_back("outputs[" + std::to_string(In.Index) + "]");
      break;
    case BackwardInput::Kind::Input: {
      const Argument &Arg = S.Arguments[In.Index];
      if (Arg.Ty.isSingleTensor()) {
        Value = "saved[" + std::to_string(Out.Saved.size()) + "]";
        Out.Saved.push_back(pySetupContextInput(S, In.Index));
      } else {
        Value = "ctx.opgen_saved[" + quote(Arg.Name) + "]";
        Out.SavedData.push_back(quote(Arg.Name) + ": " +
                                pySetupContextInput(S, In.Index));
      }
      break;
    }
    case BackwardInput::Kind::Bound:
      Value = "ctx.opgen_saved[" + quote(In.Name) + "]";
      Out.SavedData.push_back(
          quote(In.Name) + ": " +
          pyBoundMetadata(pySetupContextInput(S, In.Index), In));
      break;
    }
    Out.BackwardArgs.push_back(BwArg.KwargOnly ? BwArg.Name + "=" + Value : Value);
  }
  return Out;
}

/// The gradient the formula returns for each positional argument (a
/// keyword-only one has none: the check phase refuses one for it); an
/// optional input's only where it was present, its presence kept in
/// \p SavedData.
std::vector<std::string> pyArgumentGradients(const Op &O,
                                             std::vector<std::string> &SavedData) {
  const OpSchema &S = O.Schema;
  std::vector<std::string> Grads;
  std::vector<ArgumentGradient> Gradients = argumentGradients(O);
  for (size_t I = 0; I < S.Arguments.size(); ++I) {
    const Argument &Arg = S.Arguments[I];
    if (Arg.KwargOnly)
      continue;
    const ArgumentGradient &G = Gradients[I];
    std::string Grad;
    switch (G.Source) {
    case ArgumentGradient::From::None:
      Grad = "None";
      break;
    case ArgumentGradient::From::Whole:
      Grad = "input_grads";
      break;
    case ArgumentGradient::From::List:
    case ArgumentGradient::From::Tuple:
      Grad = "input_grads[" + std::to_string(G.Position) + "]";
      break;
    }
    if (G.Optional) {
      // An absent optional input gets no gradient, whatever the backward
      // returns for it.
      SavedData.push_back(quote("opgen_present_" + Arg.Name) + ": " +
                          pySetupContextInput(S, I) + " is not None");
      Grad = "(" + Grad + " if ctx.opgen_saved[" +
             quote("opgen_present_" + Arg.Name) + "] else None)";
    }
    Grads.push_back(Grad);
  }
  return Grads;
}

llvm::Expected<std::string> autogradFormula(const Op &O) {
  const OpSchema &S = O.Schema;
  const AutogradInfo &A = *O.Autograd;
  std::vector<std::string> Positional;
  for (const Argument &Arg : S.Arguments)
    if (!Arg.KwargOnly)
      Positional.push_back(pyIdentifier(Arg.Name));
  std::vector<TemplateRecord> Unpack = onlyIf(
      !Positional.empty(),
      {{"names", join(Positional, ", ") + (Positional.size() == 1 ? "," : "")}});
  bool ListReturn = S.Returns.size() == 1 && S.Returns[0].Ty.IsList;
  std::string Outputs =
      S.Returns.size() == 1 && !ListReturn ? "(output,)" : "output";
  PySavedForBackward Kept = pySavedForBackward(O);
  std::vector<std::string> NonDifferentiable = nonDifferentiableOutputs(O);
  bool List = A.Backward.Returns.size() == 1 && A.Backward.Returns[0].Ty.IsList;
  std::vector<TemplateRecord> CheckCount = onlyIf(
      List, {{"count", std::to_string(A.GradInputs.size())},
             {"message", quote(A.Backward.fullName() +
                               " returned {len(input_grads)} gradients; " +
                               S.fullName() + " has " +
                               std::to_string(A.GradInputs.size()) +
                               " tensor inputs")}});
  std::vector<std::string> Grads = pyArgumentGradients(O, Kept.SavedData);
  return renderTemplate(
      "stable/autograd.py",
      {{"op", S.fullName()},
       {"backward", A.Backward.fullName()},
       {"where", A.Loc.str()},
       {"identifier", opIdentifier(S)},
       {"op_name", quote(S.fullName())},
       {"setup_parameters", pySetupContextParameters(S)},
       {"outputs", Outputs},
       {"saved_data", join(Kept.SavedData, ", ")},
       {"backward_op", overloadExpr(A.Backward)},
       {"backward_arguments", join(Kept.BackwardArgs, ", ")},
       {"gradients", join(Grads, ", ") + (Grads.size() == 1 ? "," : "")}},
      {{"unpack_inputs", Unpack},
       {"save_for_backward",
        onlyIf(!Kept.Saved.empty(), {{"saved", join(Kept.Saved, ", ")}})},
       {"mark_non_differentiable",
        onlyIf(!NonDifferentiable.empty(),
               {{"non_differentiable", join(NonDifferentiable, ", ")}})},
       {"load_saved", onlyIf(!Kept.Saved.empty())},
       {"check_gradient_count", CheckCount}});
}

/// For a backward op without a backward: differentiating it raises.
llvm::Expected<std::string> refusingFormula(const Op &O) {
  const OpSchema &S = O.Schema;
  return renderTemplate("stable/refusing.py",
                        {{"op", S.fullName()},
                         {"about", "the backward of " + O.BackwardOf +
                                       "; it has no backward of its own"},
                         {"identifier", opIdentifier(S)},
                         {"op_name", quote(S.fullName())},
                         {"setup_parameters", pySetupContextParameters(S)},
                         {"message", quote(doubleBackwardMessage(O))}});
}

/// For an op without a backward: differentiating it raises. A functional op
/// takes register_autograd, as a torch.library.custom_op without one;
/// register_autograd refuses a mutating op or a view, which gets the
/// Autograd kernel of no_backward_helpers.py.
llvm::Expected<std::string> noBackwardFormula(const Op &O) {
  const OpSchema &S = O.Schema;
  return renderTemplate(needsInplaceOrView(S) ? "stable/no_backward_mutating.py"
                                           : "stable/refusing.py",
                        {{"op", S.fullName()},
                         {"about", "no backward; differentiating it raises"},
                         {"identifier", opIdentifier(S)},
                         {"op_name", quote(S.fullName())},
                         {"setup_parameters", pySetupContextParameters(S)},
                         {"message", quote(noBackwardMessage(O))}});
}

} // namespace

llvm::Expected<std::string> stablePythonRegistrations(const OpLibrary &L) {
  std::string Out;
  bool UsesNoBackward = false;
  for (const Op &O : L.Ops) {
    auto Formula = [&]() -> llvm::Expected<std::string> {
      if (O.Autograd)
        return autogradFormula(O);
      if (hasAutogradKernel(O))
        return refusingFormula(O);
      if (!refusesGradient(O))
        return std::string();
      UsesNoBackward = UsesNoBackward || needsInplaceOrView(O.Schema);
      return noBackwardFormula(O);
    };
    OPGEN_TRY(Text, Formula());
    Out += Text;
  }
  if (UsesNoBackward) {
    OPGEN_TRY(Helpers, renderTemplate("stable/no_backward_helpers.py", {}));
    Out = Helpers + Out;
  }
  return Out;
}

} // namespace opgen
