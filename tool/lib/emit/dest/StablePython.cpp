//===- StablePython.cpp - Fakes and autograd of a stable-ABI library ------===//
//
// A stable-ABI library cannot register C++ fakes that use ATen or a
// torch::autograd::Function: the package's fakes module registers them in
// Python instead (docs/stable-abi.md). Synthesised fakes become
// torch.library.register_fake functions that mirror the kernel's
// allocations with metadata only; backwards become
// torch.library.register_autograd formulas that save what the backward op
// takes and call it.
//===----------------------------------------------------------------------===//
#include "emit/api/Names.h"
#include "emit/api/PythonTypes.h"
#include "emit/dest/Emitters.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace opgen {

namespace {

/// The last `::` component of a C++ constant (`at::ScalarType::Long` ->
/// `Long`, `at::kLong` -> `kLong`).
std::string lastComponent(const std::string &S) {
  size_t Pos = S.rfind("::");
  return Pos == std::string::npos ? S : S.substr(Pos + 2);
}

/// The torch dtype of a C++ ScalarType constant, or empty.
std::string pyDtype(std::string Name) {
  Name = lastComponent(Name);
  if (Name.size() > 1 && Name[0] == 'k' && std::isupper(static_cast<unsigned char>(Name[1])))
    Name = Name.substr(1);
  static const std::pair<const char *, const char *> Dtypes[] = {
      {"Byte", "uint8"},          {"Char", "int8"},
      {"Short", "int16"},         {"Int", "int32"},
      {"Long", "int64"},          {"Half", "float16"},
      {"Float", "float32"},       {"Double", "float64"},
      {"ComplexHalf", "complex32"}, {"ComplexFloat", "complex64"},
      {"ComplexDouble", "complex128"}, {"Bool", "bool"},
      {"BFloat16", "bfloat16"}};
  for (const auto &[Cpp, Py] : Dtypes)
    if (Name == Cpp)
      return std::string("torch.") + Py;
  return "";
}

/// The torch memory format of a C++ MemoryFormat constant, or empty.
std::string pyMemoryFormat(const std::string &S) {
  std::string Name = lastComponent(S);
  if (Name == "Contiguous")
    return "torch.contiguous_format";
  if (Name == "Preserve")
    return "torch.preserve_format";
  if (Name == "ChannelsLast")
    return "torch.channels_last";
  if (Name == "ChannelsLast3d")
    return "torch.channels_last_3d";
  return "";
}

/// A C++ literal as Python: integers without suffixes, booleans, dtypes.
/// Empty when it has no Python spelling opgen knows.
std::string pyLiteral(const std::string &Text) {
  if (Text == "true")
    return "True";
  if (Text == "false")
    return "False";
  if (!Text.empty() && (std::isdigit(static_cast<unsigned char>(Text[0])))) {
    std::string Digits = Text;
    while (!Digits.empty() && std::strchr("uUlL", Digits.back()))
      Digits.pop_back();
    if (std::all_of(Digits.begin(), Digits.end(),
                    [](char C) { return std::isdigit(static_cast<unsigned char>(C)); }))
      return Digits;
    return "";
  }
  return pyDtype(Text);
}

/// Python for a FakeExpr over the fake's parameters. Sets \p Unknown to a
/// literal Python cannot spell (the fake then raises instead of guessing).
/// Operators are parenthesised unless \p Top.
std::string pyFakeExpr(const FakeExpr &E, std::string &Unknown, bool Top = true) {
  auto Paren = [Top](const std::string &S) { return Top ? S : "(" + S + ")"; };
  auto Sub = [&](size_t I, bool T = false) { return pyFakeExpr(E.Ops[I], Unknown, T); };
  std::string Name = pyIdentifier(E.Name);
  switch (E.K) {
  case FakeExpr::Kind::Literal: {
    std::string Py = pyLiteral(E.Text);
    if (Py.empty() && Unknown.empty())
      Unknown = E.Text;
    return Py.empty() ? "None" : Py;
  }
  case FakeExpr::Kind::Arg:
    return Name;
  case FakeExpr::Kind::ArgItem:
    return Name + "[" + Sub(0, true) + "]";
  case FakeExpr::Kind::ArgLength:
    return "len(" + Name + ")";
  case FakeExpr::Kind::Size:
    return Name + ".size(" + Sub(0, true) + ")";
  case FakeExpr::Kind::Dim:
    return Name + ".dim()";
  case FakeExpr::Kind::Numel:
    return Name + ".numel()";
  case FakeExpr::Kind::ScalarTypeOf:
    return Name + ".dtype";
  case FakeExpr::Kind::Unary:
    return E.Text == "!" ? Paren("not " + Sub(0)) : E.Text + Sub(0);
  case FakeExpr::Kind::Binary: {
    // SymInt division floors, as the classic fake's c10::SymInt does.
    std::string Op = E.Text == "&&"   ? "and"
                     : E.Text == "||" ? "or"
                     : E.Text == "/"  ? "//"
                                      : E.Text;
    return Paren(Sub(0) + " " + Op + " " + Sub(1));
  }
  case FakeExpr::Kind::Cond:
    return Paren(Sub(1) + " if " + Sub(0) + " else " + Sub(2));
  case FakeExpr::Kind::Sizes:
    return "list(" + Name + ".size())";
  case FakeExpr::Kind::ListArg:
    return "list(" + Name + ")";
  case FakeExpr::Kind::List: {
    std::vector<std::string> Items;
    for (size_t I = 0; I < E.Ops.size(); ++I)
      Items.push_back(Sub(I, true));
    return "[" + join(Items, ", ") + "]";
  }
  case FakeExpr::Kind::SetItem:
    return "_opgen_with_item(" + Sub(0, true) + ", " + Sub(1, true) + ", " +
           Sub(2, true) + ")";
  }
  return "None";
}

/// Python for one synthesised output.
std::string pyFakeOutput(const FakeOutput &O, std::string &Unknown) {
  std::string Like = pyIdentifier(O.Like);
  switch (O.K) {
  case FakeOutput::Kind::Empty: {
    std::string Out = Like + ".new_empty(" + pyFakeExpr(*O.Sizes, Unknown);
    if (O.Dtype)
      Out += ", dtype=" + pyFakeExpr(*O.Dtype, Unknown);
    return Out + ")";
  }
  case FakeOutput::Kind::EmptyLike: {
    // The same call on the same tensor as the kernel's, so that the
    // preserve_format rules give the same strides.
    if (!O.LikeContiguous.empty()) {
      std::string Format = pyMemoryFormat(O.LikeContiguous);
      if (Format.empty() && Unknown.empty())
        Unknown = O.LikeContiguous;
      Like += Format == "torch.contiguous_format"
                  ? ".contiguous()"
                  : ".contiguous(memory_format=" + Format + ")";
    }
    if (O.MemoryFormat.empty())
      return "torch.empty_like(" + Like + ")";
    std::string Format = pyMemoryFormat(O.MemoryFormat);
    if (Format.empty() && Unknown.empty())
      Unknown = O.MemoryFormat;
    return "torch.empty_like(" + Like + ", memory_format=" + Format + ")";
  }
  case FakeOutput::Kind::Argument:
    return Like;
  }
  return "None";
}

std::string syntheticFake(const Op &O, bool &UsesHelpers) {
  std::vector<std::string> Values, Origins;
  std::string Unknown;
  for (const FakeOutput &F : O.SynthesizedFake) {
    Values.push_back(pyFakeOutput(F, Unknown));
    Origins.push_back(F.K == FakeOutput::Kind::Argument
                          ? "returns " + F.Like
                          : F.Factory + " at " + F.Loc.str());
  }
  std::string Value = Values.size() == 1
                          ? Values.front()
                          : "(\n    " + join(Values, ",\n    ") + ")";
  std::string Body = "return " + Value;
  if (!Unknown.empty())
    // Never a guess: a fake that raises, naming what opgen could not spell.
    Body = "raise NotImplementedError(" +
           quote("opgen cannot spell the C++ constant '" + Unknown +
                 "' of the kernel's allocation in Python; write a fake for " +
                 O.Schema.fullName() + " in the FAKE_MODULE") +
           ")";
  UsesHelpers = UsesHelpers || Body.find("_opgen_with_item(") != std::string::npos;
  return renderTemplate("stable/fake.py", {{"op", O.Schema.fullName()},
                                           {"where", O.FakeWhere},
                                           {"origins", join(Origins, "; ")},
                                           {"op_name", quote(O.Schema.fullName())},
                                           {"identifier", opIdentifier(O.Schema)},
                                           {"parameters", pyParameterNames(O.Schema)},
                                           {"body", Body}});
}

/// `def f(ctx, inputs, output)`, with keyword_only_inputs when the op has
/// keyword-only arguments (torch.library passes them then).
std::string setupParameters(const OpSchema &S) {
  bool KwOnly = std::any_of(S.Arguments.begin(), S.Arguments.end(),
                            [](const Argument &A) { return A.KwargOnly; });
  return KwOnly ? "ctx, inputs, keyword_only_inputs, output" : "ctx, inputs, output";
}

/// Python reading forward argument \p I inside setup_context.
std::string inputValue(const OpSchema &S, size_t I) {
  const Argument &A = S.Arguments[I];
  return A.KwargOnly ? "keyword_only_inputs[" + quote(A.Name) + "]"
                     : pyIdentifier(A.Name);
}

std::string boundValue(const std::string &Tensor, const BackwardInput &In) {
  switch (In.Metadata) {
  case BoundMetadata::Size:
    return Tensor + ".size(" + std::to_string(In.Dim) + ")";
  case BoundMetadata::Sizes:
    return "list(" + Tensor + ".size())";
  case BoundMetadata::Dim:
    return Tensor + ".dim()";
  case BoundMetadata::ScalarType:
    return Tensor + ".dtype";
  case BoundMetadata::Device:
    return Tensor + ".device";
  }
  return "None";
}

std::string autogradFormula(const Op &O) {
  const OpSchema &S = O.Schema;
  const AutogradInfo &A = *O.Autograd;
  std::vector<std::string> Positional;
  for (const Argument &Arg : S.Arguments)
    if (!Arg.KwargOnly)
      Positional.push_back(pyIdentifier(Arg.Name));
  std::string Unpack =
      Positional.empty() ? ""
                         : join(Positional, ", ") + (Positional.size() == 1 ? "," : "") +
                               " = inputs";
  bool ListReturn = S.Returns.size() == 1 && S.Returns[0].Ty.IsList;
  std::string Outputs = S.Returns.size() == 1 && !ListReturn ? "outputs = (output,)"
                                                             : "outputs = output";
  std::vector<std::string> Saved, SavedData, BackwardArgs, NonDifferentiable;
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
      Value = "saved[" + std::to_string(Saved.size()) + "]";
      Saved.push_back("outputs[" + std::to_string(In.Index) + "]");
      break;
    case BackwardInput::Kind::Input: {
      const Argument &Arg = S.Arguments[In.Index];
      if (Arg.Ty.isSingleTensor()) {
        Value = "saved[" + std::to_string(Saved.size()) + "]";
        Saved.push_back(inputValue(S, In.Index));
      } else {
        Value = "ctx.opgen_saved[" + quote(Arg.Name) + "]";
        SavedData.push_back(quote(Arg.Name) + ": " + inputValue(S, In.Index));
      }
      break;
    }
    case BackwardInput::Kind::Bound:
      Value = "ctx.opgen_saved[" + quote(In.Name) + "]";
      SavedData.push_back(quote(In.Name) + ": " +
                          boundValue(inputValue(S, In.Index), In));
      break;
    }
    BackwardArgs.push_back(BwArg.KwargOnly ? BwArg.Name + "=" + Value : Value);
  }
  for (size_t I = 0; I < A.Differentiable.size(); ++I)
    if (!A.Differentiable[I])
      NonDifferentiable.push_back("outputs[" + std::to_string(I) + "]");
  bool List = A.Backward.Returns.size() == 1 && A.Backward.Returns[0].Ty.IsList;
  std::string CheckCount;
  if (List)
    CheckCount = "if len(input_grads) != " + std::to_string(A.GradInputs.size()) +
                 ":\n    raise RuntimeError(f" +
                 quote(A.Backward.fullName() + " returned {len(input_grads)} "
                       "gradients; " + S.fullName() + " has " +
                       std::to_string(A.GradInputs.size()) + " tensor inputs") +
                 ")";
  std::vector<std::string> Grads;
  for (size_t I = 0; I < S.Arguments.size(); ++I) {
    const Argument &Arg = S.Arguments[I];
    if (Arg.KwargOnly)
      continue; // No gradient: the check phase refuses one for it.
    auto It = std::find(A.GradInputs.begin(), A.GradInputs.end(), I);
    std::string Next = std::to_string(It - A.GradInputs.begin());
    std::string Grad;
    if (It == A.GradInputs.end())
      Grad = "None";
    else if (List || A.Backward.Returns.size() > 1)
      Grad = "input_grads[" + Next + "]";
    else
      Grad = "input_grads";
    if (It != A.GradInputs.end() && Arg.Ty.Optional) {
      // An absent optional input gets no gradient, whatever the backward
      // returns for it.
      SavedData.push_back(quote("opgen_present_" + Arg.Name) + ": " +
                          inputValue(S, I) + " is not None");
      Grad = "(" + Grad + " if ctx.opgen_saved[" +
             quote("opgen_present_" + Arg.Name) + "] else None)";
    }
    Grads.push_back(Grad);
  }
  return renderTemplate(
      "stable/autograd.py",
      {{"op", S.fullName()},
       {"backward", A.Backward.fullName()},
       {"where", A.Loc.str()},
       {"identifier", opIdentifier(S)},
       {"op_name", quote(S.fullName())},
       {"setup_parameters", setupParameters(S)},
       {"unpack_inputs", Unpack},
       {"outputs", Outputs},
       {"save_for_backward",
        Saved.empty() ? "" : "ctx.save_for_backward(" + join(Saved, ", ") + ")"},
       {"saved_data", join(SavedData, ", ")},
       {"mark_non_differentiable",
        NonDifferentiable.empty()
            ? ""
            : "ctx.mark_non_differentiable(" + join(NonDifferentiable, ", ") + ")"},
       {"load_saved", Saved.empty() ? "" : "saved = ctx.saved_tensors"},
       {"backward_op", overloadExpr(A.Backward)},
       {"backward_arguments", join(BackwardArgs, ", ")},
       {"check_gradient_count", CheckCount},
       {"gradients", join(Grads, ", ") + (Grads.size() == 1 ? "," : "")}});
}

/// For a backward op without a backward: differentiating it raises.
std::string refusingFormula(const Op &O) {
  const OpSchema &S = O.Schema;
  return renderTemplate("stable/refusing.py",
                        {{"op", S.fullName()},
                         {"about", "the backward of " + O.BackwardOf +
                                       "; it has no backward of its own"},
                         {"identifier", opIdentifier(S)},
                         {"op_name", quote(S.fullName())},
                         {"setup_parameters", setupParameters(S)},
                         {"message", quote(doubleBackwardMessage(O))}});
}

bool mutatesArgument(const OpSchema &S) {
  return std::any_of(S.Arguments.begin(), S.Arguments.end(), [](const Argument &A) {
    const AliasInfo *Alias = A.Ty.alias();
    return Alias && Alias->IsWrite;
  });
}

/// For an op without a backward: differentiating it raises. A functional op
/// takes register_autograd, as a torch.library.custom_op without one;
/// register_autograd refuses a mutating op, which gets the Autograd kernel
/// of no_backward_helpers.py.
std::string noBackwardFormula(const Op &O) {
  const OpSchema &S = O.Schema;
  return renderTemplate(mutatesArgument(S) ? "stable/no_backward_mutating.py"
                                           : "stable/refusing.py",
                        {{"op", S.fullName()},
                         {"about", "no backward; differentiating it raises"},
                         {"identifier", opIdentifier(S)},
                         {"op_name", quote(S.fullName())},
                         {"setup_parameters", setupParameters(S)},
                         {"message", quote(noBackwardMessage(O))}});
}

} // namespace

std::string stablePythonRegistrations(const OpLibrary &L) {
  std::string Out;
  bool UsesHelpers = false, UsesNoBackward = false;
  for (const Op &O : L.Ops)
    if (O.Fake == FakeKind::Synthesized)
      Out += syntheticFake(O, UsesHelpers);
  for (const Op &O : L.Ops) {
    if (O.Autograd)
      Out += autogradFormula(O);
    else if (hasAutogradKernel(O))
      Out += refusingFormula(O);
    else if (refusesGradient(O)) {
      Out += noBackwardFormula(O);
      UsesNoBackward = UsesNoBackward || mutatesArgument(O.Schema);
    }
  }
  if (UsesNoBackward)
    Out = renderTemplate("stable/no_backward_helpers.py", {}) + Out;
  if (UsesHelpers)
    Out = renderTemplate("stable/helpers.py", {}) + Out;
  return Out;
}

} // namespace opgen
