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

/// The last `::` component of a C++ constant (`at::ScalarType::Long` ->
/// `Long`, `at::kLong` -> `kLong`).
std::string lastComponent(const std::string &S) {
  size_t Pos = S.rfind("::");
  return Pos == std::string::npos ? S : S.substr(Pos + 2);
}

/// The torch dtype of a C++ ScalarType constant, if it is one.
std::optional<std::string> pyDtype(const std::string &Name) {
  std::optional<std::string> Dtype = torchDtypeOf(Name);
  return Dtype ? std::optional<std::string>("torch." + *Dtype) : std::nullopt;
}

/// The torch memory format of a C++ MemoryFormat constant, if it is one.
std::optional<std::string> pyMemoryFormat(const std::string &S) {
  std::string Name = lastComponent(S);
  if (Name == "Contiguous")
    return "torch.contiguous_format";
  if (Name == "Preserve")
    return "torch.preserve_format";
  if (Name == "ChannelsLast")
    return "torch.channels_last";
  if (Name == "ChannelsLast3d")
    return "torch.channels_last_3d";
  return std::nullopt;
}

/// A C++ literal as Python: integers without suffixes, booleans, dtypes;
/// none when it has no Python spelling opgen knows.
std::optional<std::string> pyLiteral(const std::string &Text) {
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
    return std::nullopt;
  }
  return pyDtype(Text);
}

/// The first C++ constant of \p E that Python cannot spell, if any.
std::optional<std::string> unspellable(const FakeExpr &E) {
  if (E.K == FakeExpr::Kind::Literal && !pyLiteral(E.Text))
    return E.Text;
  for (const FakeExpr &Op : E.Ops)
    if (std::optional<std::string> Constant = unspellable(Op))
      return Constant;
  return std::nullopt;
}

/// The first C++ constant of \p O that Python cannot spell, if any.
std::optional<std::string> unspellable(const FakeOutput &O) {
  switch (O.K) {
  case FakeOutput::Kind::Empty:
    if (std::optional<std::string> Constant = unspellable(*O.Sizes))
      return Constant;
    if (O.Dtype)
      return unspellable(*O.Dtype);
    return std::nullopt;
  case FakeOutput::Kind::EmptyLike:
    if (!O.LikeContiguous.empty() && !pyMemoryFormat(O.LikeContiguous))
      return O.LikeContiguous;
    if (!O.MemoryFormat.empty() && !pyMemoryFormat(O.MemoryFormat))
      return O.MemoryFormat;
    return std::nullopt;
  case FakeOutput::Kind::Argument:
    return std::nullopt;
  }
  return std::nullopt;
}

/// Python for a FakeExpr over the fake's parameters, whose constants Python
/// can all spell (unspellable). Operators are parenthesised unless \p Top.
std::string pyFakeExpr(const FakeExpr &E, bool Top = true) {
  auto Paren = [Top](const std::string &S) { return Top ? S : "(" + S + ")"; };
  auto Sub = [&](size_t I, bool T = false) { return pyFakeExpr(E.Ops[I], T); };
  std::string Name = pyIdentifier(E.Name);
  switch (E.K) {
  case FakeExpr::Kind::Literal:
    return pyLiteral(E.Text).value_or("None");
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

/// Python for one synthesised output, whose constants Python can all spell
/// (unspellable).
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
      std::string Format = pyMemoryFormat(O.LikeContiguous).value_or("");
      Like += Format == "torch.contiguous_format"
                  ? ".contiguous()"
                  : ".contiguous(memory_format=" + Format + ")";
    }
    if (O.MemoryFormat.empty())
      return "torch.empty_like(" + Like + ")";
    std::string Format = pyMemoryFormat(O.MemoryFormat).value_or("");
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
  for (const FakeOutput &F : Outs)
    if (std::optional<std::string> Constant = unspellable(F))
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
