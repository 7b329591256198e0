//===- BindParser.cpp - One item of a backward's `bind` -------------------===//
#include "check/keys/BindParser.h"

#include "check/Common.h"

namespace opgen {
namespace check {

llvm::Expected<Binding> parseBinding(const std::string &Text) {
  auto Fail = [&](const char *Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "'%s': %s",
                                   Text.c_str(), Why);
  };
  size_t Eq = Text.find('=');
  if (Eq == std::string::npos)
    return Fail("expected 'param=tensor.method(...)'");
  Binding B;
  B.Param = trim(Text.substr(0, Eq));
  std::string Expr;
  for (char C : Text.substr(Eq + 1))
    if (C != ' ' && C != '\t' && C != '\n')
      Expr += C;
  size_t Dot = Expr.find('.'), Open = Expr.find('(');
  if (!isIdentifier(B.Param))
    return Fail("the parameter is not an identifier");
  // `result_<i>`: a forward output itself.
  if (Expr.rfind("result_", 0) == 0 && Dot == std::string::npos &&
      Open == std::string::npos) {
    std::string Digits = Expr.substr(7);
    if (!isDigits(Digits) || Digits.size() > 3)
      return Fail("expected 'result_<i>', i an output's index");
    B.Output = std::stoul(Digits);
    return B;
  }
  if (Dot == std::string::npos || Open == std::string::npos || Open < Dot ||
      Expr.back() != ')')
    return Fail("expected 'tensor.method(...)' after '='");
  B.Tensor = Expr.substr(0, Dot);
  std::string Method = Expr.substr(Dot + 1, Open - Dot - 1);
  std::string Arg = Expr.substr(Open + 1, Expr.size() - Open - 2);
  if (Method == "sym_size" || Method == "sym_sizes")
    Method = Method.substr(4);
  std::optional<BoundMetadata> M = parseEnum<BoundMetadata>(Method);
  if (!isIdentifier(B.Tensor))
    return Fail("the tensor is not an identifier");
  if (!M)
    return Fail("unknown method");
  B.Metadata = *M;
  if (*M != BoundMetadata::Size) {
    if (!Arg.empty())
      return Fail("the method takes no argument");
    return B;
  }
  std::string Digits = Arg.empty() || Arg[0] != '-' ? Arg : Arg.substr(1);
  if (!isDigits(Digits) || Digits.size() > 3)
    return Fail("the dimension is not a small integer");
  B.Dim = std::stoll(Arg);
  return B;
}

} // namespace check
} // namespace opgen
