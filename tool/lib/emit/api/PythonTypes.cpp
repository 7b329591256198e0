//===- PythonTypes.cpp - The Python calling convention -------------------===//
#include "emit/api/PythonTypes.h"
#include "emit/api/Names.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

namespace opgen {

namespace {

std::string pyElementType(BaseType B) {
  switch (B) {
  case BaseType::Tensor:
    return "torch.Tensor";
  case BaseType::Int:
    return "int";
  case BaseType::SymInt:
    return "Union[int, torch.SymInt]";
  case BaseType::Float:
    return "float";
  case BaseType::Bool:
    return "bool";
  case BaseType::Str:
    return "str";
  case BaseType::Scalar:
    return "Union[int, float, bool]";
  case BaseType::ScalarType:
    return "torch.dtype";
  case BaseType::Layout:
    return "torch.layout";
  case BaseType::MemoryFormat:
    return "torch.memory_format";
  case BaseType::Device:
    return "Union[torch.device, str]";
  case BaseType::Generator:
    return "torch.Generator";
  }
  return "object";
}

/// \p D as Python's repr() writes it: the shortest digits that read back
/// exactly, in positional notation when the decimal exponent is in
/// [-4, 16), else as `1e-06`, `1.5e+16`; always with a point or an exponent.
std::string pyFloat(double D) {
  if (std::isinf(D))
    return D > 0 ? "float(\"inf\")" : "float(\"-inf\")";
  if (std::isnan(D))
    return "float(\"nan\")";
  char Buf[64];
  for (int Precision = 1; Precision <= 17; ++Precision) {
    std::snprintf(Buf, sizeof(Buf), "%.*e", Precision - 1, D);
    if (std::strtod(Buf, nullptr) == D)
      break;
  }
  // Buf is `[-]d[.ddd]e(+|-)XX`: split it into sign, digits and exponent.
  std::string Text = Buf;
  std::string Sign = Text[0] == '-' ? "-" : "";
  size_t E = Text.find('e');
  std::string Digits;
  for (char C : Text.substr(Sign.size(), E - Sign.size()))
    if (C != '.')
      Digits += C;
  while (Digits.size() > 1 && Digits.back() == '0')
    Digits.pop_back();
  int Exp = std::atoi(Text.c_str() + E + 1);
  int N = static_cast<int>(Digits.size());
  if (Exp >= -4 && Exp < 16) {
    if (Exp < 0)
      return Sign + "0." + std::string(-Exp - 1, '0') + Digits;
    if (N <= Exp + 1)
      return Sign + Digits + std::string(Exp + 1 - N, '0') + ".0";
    return Sign + Digits.substr(0, Exp + 1) + "." + Digits.substr(Exp + 1);
  }
  std::string Mantissa = Digits.substr(0, 1);
  if (N > 1)
    Mantissa += "." + Digits.substr(1);
  std::snprintf(Buf, sizeof(Buf), "e%c%02d", Exp < 0 ? '-' : '+', std::abs(Exp));
  return Sign + Mantissa + Buf;
}

/// A list default as a tuple: a signature's default is shared by every
/// call, so it must not be mutable (`(1, 1)`, `(3,)`, `()`).
std::string pyTuple(const std::vector<std::string> &Items) {
  if (Items.size() == 1)
    return "(" + Items.front() + ",)";
  return "(" + join(Items, ", ") + ")";
}

const std::set<std::string> &pythonKeywords() {
  static const std::set<std::string> Keywords = {
      "False", "None",   "True",    "and",      "as",       "assert", "async",
      "await", "break",  "class",   "continue", "def",      "del",    "elif",
      "else",  "except", "finally", "for",      "from",     "global", "if",
      "import", "in",    "is",      "lambda",   "nonlocal", "not",    "or",
      "pass",  "raise",  "return",  "try",      "while",    "with",   "yield"};
  return Keywords;
}

/// A Python parameter list of \p S, each argument formatted by \p Format,
/// with the `*` before the first keyword-only one.
template <class F>
std::string pyParameterList(const OpSchema &S, F &&Format) {
  std::vector<std::string> Params;
  bool StarDone = false;
  for (const Argument &A : S.Arguments) {
    if (A.KwargOnly && !StarDone) {
      Params.push_back("*");
      StarDone = true;
    }
    Params.push_back(Format(A));
  }
  return join(Params, ", ");
}

} // namespace

std::string pyType(const Type &T, bool IsReturn) {
  std::string Elem = pyElementType(T.Base);
  if (T.ElementOptional)
    Elem = "Optional[" + Elem + "]";
  if (T.IsList)
    Elem = (IsReturn ? "List[" : "Sequence[") + Elem + "]";
  return T.Optional ? "Optional[" + Elem + "]" : Elem;
}

std::string pyReturnType(const OpSchema &S) {
  if (S.Returns.empty())
    return "None";
  if (S.Returns.size() == 1)
    return pyType(S.Returns.front().Ty, true);
  std::vector<std::string> Elems;
  for (const Return &R : S.Returns)
    Elems.push_back(pyType(R.Ty, true));
  return "Tuple[" + join(Elems, ", ") + "]";
}

std::string pyDefault(const DefaultValue &V) {
  struct Visitor {
    std::string operator()(std::monostate) const { return "None"; }
    std::string operator()(bool B) const { return B ? "True" : "False"; }
    std::string operator()(int64_t I) const { return std::to_string(I); }
    std::string operator()(double D) const { return pyFloat(D); }
    std::string operator()(const std::string &S) const { return quote(S); }
    std::string operator()(const DefaultValue::IntList &L) const {
      std::vector<std::string> Items;
      for (int64_t I : L)
        Items.push_back(std::to_string(I));
      return pyTuple(Items);
    }
    std::string operator()(const DefaultValue::FloatList &L) const {
      std::vector<std::string> Items;
      for (double D : L)
        Items.push_back(pyFloat(D));
      return pyTuple(Items);
    }
    std::string operator()(const DefaultValue::BoolList &L) const {
      std::vector<std::string> Items;
      for (bool B : L)
        Items.push_back(B ? "True" : "False");
      return pyTuple(Items);
    }
  };
  return std::visit(Visitor{}, V.Value);
}

std::string pyMutatesDoc(const OpSchema &S) {
  std::vector<std::string> Names;
  for (const Argument &A : S.Arguments)
    if (A.Ty.isWritten())
      Names.push_back("``" + A.Name + "``");
  if (Names.empty())
    return "";
  return "Mutates " + join(Names, ", ") + " in place.";
}

std::string pyIdentifier(std::string Name) {
  return pythonKeywords().count(Name) ? Name + "_" : Name;
}

std::string pyFunctionName(const OpLibrary &L, const OpSchema &S) {
  std::string Name = namespaces(L).size() > 1 ? S.Namespace + "_" + S.Name : S.Name;
  if (!S.Overload.empty())
    Name += "_" + S.Overload;
  return pyIdentifier(Name);
}

std::string pyParameters(const OpSchema &S) {
  return pyParameterList(S, [](const Argument &A) {
    std::string P = pyIdentifier(A.Name) + ": " + pyType(A.Ty, false);
    if (A.Default)
      P += " = " + pyDefault(*A.Default);
    return P;
  });
}

std::string pyParameterNames(const OpSchema &S) {
  return pyParameterList(S, [](const Argument &A) {
    std::string P = pyIdentifier(A.Name);
    if (A.Default)
      P += "=" + pyDefault(*A.Default);
    return P;
  });
}

std::string pyCallArguments(const OpSchema &S) {
  std::vector<std::string> Args;
  std::vector<std::string> KeywordOnlyKeywords;
  for (const Argument &A : S.Arguments) {
    if (!A.KwargOnly)
      Args.push_back(pyIdentifier(A.Name));
    else if (pythonKeywords().count(A.Name))
      // `from=` is a syntax error; pass such names through a dict.
      KeywordOnlyKeywords.push_back(quote(A.Name) + ": " + pyIdentifier(A.Name));
    else
      Args.push_back(A.Name + "=" + A.Name);
  }
  if (!KeywordOnlyKeywords.empty())
    Args.push_back("**{" + join(KeywordOnlyKeywords, ", ") + "}");
  return join(Args, ", ");
}

std::string overloadExpr(const OpSchema &S) {
  return "torch.ops." + S.Namespace + "." + S.Name + "." +
         (S.Overload.empty() ? "default" : S.Overload);
}

// The stable flavour's autograd, in Python (torch.library.register_autograd).

/// `def f(ctx, inputs, output)`, with keyword_only_inputs when the op has
/// keyword-only arguments (torch.library passes them then).
std::string pySetupContextParameters(const OpSchema &S) {
  bool KwOnly = std::any_of(S.Arguments.begin(), S.Arguments.end(),
                            [](const Argument &A) { return A.KwargOnly; });
  return KwOnly ? "ctx, inputs, keyword_only_inputs, output" : "ctx, inputs, output";
}

/// Python reading forward argument \p I inside setup_context.
std::string pySetupContextInput(const OpSchema &S, size_t I) {
  const Argument &A = S.Arguments[I];
  return A.KwargOnly ? "keyword_only_inputs[" + quote(A.Name) + "]"
                     : pyIdentifier(A.Name);
}

/// The metadata a backward parameter is bound to (`bind="n=x.size(0)"`),
/// read in Python from the tensor \p Tensor.
std::string pyBoundMetadata(const std::string &Tensor, const BackwardInput &In) {
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

} // namespace opgen
