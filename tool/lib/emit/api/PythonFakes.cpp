//===- PythonFakes.cpp - Synthesised fakes as Python ----------------------===//
#include "emit/api/PythonFakes.h"

#include "emit/api/Names.h"
#include "emit/api/PythonTypes.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>

namespace opgen {

namespace {

/// Python for a FakeExpr over the fake's parameters, whose constants all
/// name torch values (unknownFakeConstant). Operators are parenthesised unless \p Top.
std::string pyFakeExpr(const FakeExpr &E, bool Top = true) {
  auto Paren = [Top](const std::string &S) { return Top ? S : "(" + S + ")"; };
  auto Sub = [&](size_t I, bool T = false) { return pyFakeExpr(E.Ops[I], T); };
  std::string Name = pyIdentifier(E.Name);
  switch (E.K) {
  case FakeExpr::Kind::Literal:
    return pythonValueOf(E.Text).value_or("None");
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

/// Python for one synthesised output, whose constants all name torch values
/// (unknownFakeConstant).
std::string pyFakeOutput(const FakeOutput &O) {
  std::string Like = pyIdentifier(O.Like);
  switch (O.K) {
  case FakeOutput::Kind::Empty: {
    std::string Out = Like + ".new_empty(" + pyFakeExpr(*O.Sizes);
    if (O.Dtype)
      Out += ", dtype=" + pyFakeExpr(*O.Dtype);
    return Out + ")";
  }
  case FakeOutput::Kind::EmptyLike: {
    // The same call on the same tensor as the kernel's, so that the
    // preserve_format rules give the same strides.
    if (!O.LikeContiguous.empty()) {
      std::string Format = pythonMemoryFormatOf(O.LikeContiguous).value_or("");
      Like += Format == "torch.contiguous_format"
                  ? ".contiguous()"
                  : ".contiguous(memory_format=" + Format + ")";
    }
    if (O.MemoryFormat.empty())
      return "torch.empty_like(" + Like + ")";
    std::string Format = pythonMemoryFormatOf(O.MemoryFormat).value_or("");
    return "torch.empty_like(" + Like + ", memory_format=" + Format + ")";
  }
  case FakeOutput::Kind::Argument:
    return Like;
  }
  return "None";
}

} // namespace

llvm::Expected<std::string> pyFakeValue(const std::vector<FakeOutput> &Outs,
                                        const std::string &Indent) {
  if (std::optional<std::string> Constant = unknownFakeConstant(Outs))
    return llvm::createStringError(llvm::inconvertibleErrorCode(), *Constant);
  std::vector<std::string> Values;
  for (const FakeOutput &F : Outs)
    Values.push_back(pyFakeOutput(F));
  if (Values.empty())
    return "None";
  if (Values.size() == 1)
    return Values.front();
  if (Indent.empty())
    return "(" + join(Values, ", ") + ")";
  return "(\n" + Indent + join(Values, (",\n" + Indent).c_str()) + ")";
}

std::string fakeOrigins(const std::vector<FakeOutput> &Outs) {
  std::vector<std::string> Origins;
  for (const FakeOutput &F : Outs)
    Origins.push_back(F.K == FakeOutput::Kind::Argument
                          ? "returns " + F.Like
                          : F.Factory + " at " + F.Loc.str());
  return Origins.empty() ? "returns nothing" : join(Origins, "; ");
}

} // namespace opgen
