//===- PythonTypes.cpp - The Python calling convention -------------------===//
#include "emit/api/PythonTypes.h"
#include "emit/api/Names.h"

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

std::string pyFloat(double D) {
  if (std::isinf(D))
    return D > 0 ? "float(\"inf\")" : "float(\"-inf\")";
  if (std::isnan(D))
    return "float(\"nan\")";
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%.17g", D);
  // Shortest form that reads back exactly, like Python's repr.
  for (int Precision = 1; Precision <= 17; ++Precision) {
    char Short[64];
    std::snprintf(Short, sizeof(Short), "%.*g", Precision, D);
    if (std::strtod(Short, nullptr) == D) {
      std::snprintf(Buf, sizeof(Buf), "%s", Short);
      break;
    }
  }
  std::string Out = Buf;
  if (Out.find_first_of(".en") == std::string::npos)
    Out += ".0";
  return Out;
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
      return "[" + join(Items, ", ") + "]";
    }
    std::string operator()(const DefaultValue::FloatList &L) const {
      std::vector<std::string> Items;
      for (double D : L)
        Items.push_back(pyFloat(D));
      return "[" + join(Items, ", ") + "]";
    }
    std::string operator()(const DefaultValue::BoolList &L) const {
      std::vector<std::string> Items;
      for (bool B : L)
        Items.push_back(B ? "True" : "False");
      return "[" + join(Items, ", ") + "]";
    }
  };
  return std::visit(Visitor{}, V.Value);
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
  return pyParameterList(S, [](const Argument &A) { return pyIdentifier(A.Name); });
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

} // namespace opgen
