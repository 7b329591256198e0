//===- CppTypes.cpp - The dispatcher's C++ calling convention ------------===//
#include "emit/api/CppTypes.h"
#include "emit/api/Names.h"

namespace opgen {

std::string cppElementType(BaseType B) {
  switch (B) {
  case BaseType::Tensor:
    return "at::Tensor";
  case BaseType::Int:
    return "int64_t";
  case BaseType::SymInt:
    return "c10::SymInt";
  case BaseType::Float:
    return "double";
  case BaseType::Bool:
    return "bool";
  case BaseType::Str:
    return "c10::string_view";
  case BaseType::Scalar:
    return "at::Scalar";
  case BaseType::ScalarType:
    return "at::ScalarType";
  case BaseType::Layout:
    return "at::Layout";
  case BaseType::MemoryFormat:
    return "at::MemoryFormat";
  case BaseType::Device:
    return "at::Device";
  case BaseType::Generator:
    return "at::Generator";
  }
  return "";
}

std::string cppArgumentType(const Type &T, bool Mutated) {
  if (T.IsList) {
    if (T.Base == BaseType::Tensor) {
      if (T.ElementOptional)
        return "const c10::List<std::optional<at::Tensor>>&";
      return T.Optional ? "std::optional<at::TensorList>" : "at::TensorList";
    }
    if (T.FixedSize)
      return "std::array<bool, " + std::to_string(*T.FixedSize) + ">";
    if (T.Base == BaseType::Int)
      return T.Optional ? "at::OptionalIntArrayRef" : "c10::IntArrayRef";
    if (T.Base == BaseType::SymInt)
      return T.Optional ? "at::OptionalSymIntArrayRef" : "c10::SymIntArrayRef";
    std::string List = "c10::ArrayRef<" + cppElementType(T.Base) + ">";
    return T.Optional ? "std::optional<" + List + ">" : List;
  }
  std::string Elem = cppElementType(T.Base);
  if (T.Base == BaseType::Tensor && !T.Optional)
    return Mutated ? "at::Tensor&" : "const at::Tensor&";
  bool ByRef = T.Base == BaseType::Tensor || T.Base == BaseType::Scalar;
  std::string Full = T.Optional ? "std::optional<" + Elem + ">" : Elem;
  return ByRef ? "const " + Full + "&" : Full;
}

namespace {

std::string cppReturnElement(const Return &R, bool OutsByValue) {
  const Type &T = R.Ty;
  // An out argument returned (`Tensor(a!)`) is `at::Tensor&`; a view
  // (`Tensor(a)`) is a new tensor, returned by value.
  if (T.Base == BaseType::Tensor && !T.IsList && T.isWritten() && !OutsByValue)
    return "at::Tensor&";
  std::string Elem = T.Base == BaseType::Str ? "std::string"
                                             : cppElementType(T.Base);
  if (T.IsList)
    Elem = "std::vector<" + Elem + ">";
  return T.Optional ? "std::optional<" + Elem + ">" : Elem;
}

} // namespace

std::string cppReturnType(const OpSchema &S) {
  if (S.Returns.empty())
    return "void";
  // An optional out argument returned (FBGEMM's `Tensor(a!)? out ->
  // (Tensor(a!), ...)`, docs/annotation.md#aliases) has no `at::Tensor&` to
  // return: the kernel returns it by value, and so does every element of
  // the wrapper's tuple (the same tensors).
  bool OutsByValue = false;
  for (const Return &R : S.Returns)
    for (const Argument &A : S.Arguments)
      OutsByValue = OutsByValue || (R.Ty.isWritten() && A.Ty.Optional &&
                                    A.Ty.alias() && *A.Ty.alias() == *R.Ty.alias());
  if (S.Returns.size() == 1)
    return cppReturnElement(S.Returns.front(), OutsByValue);
  std::vector<std::string> Elems;
  for (const Return &R : S.Returns)
    Elems.push_back(cppReturnElement(R, OutsByValue));
  return "std::tuple<" + join(Elems, ", ") + ">";
}

std::string CppSignature::parameters(bool WithNames) const {
  std::vector<std::string> Items;
  for (const CppParameter &P : Params)
    Items.push_back(P.Type + (WithNames ? " " + P.Name : ""));
  return join(Items, ", ");
}

std::string CppSignature::declaration(const std::string &Name) const {
  return Return + " " + Name + "(" + parameters(/*WithNames=*/true) + ")";
}

std::string CppSignature::functionType() const {
  return Return + "(" + parameters(/*WithNames=*/false) + ")";
}

CppSignature cppSignature(const OpSchema &S) {
  CppSignature Sig;
  Sig.Return = cppReturnType(S);
  for (const Argument &A : S.Arguments)
    Sig.Params.push_back({cppArgumentType(A.Ty, A.Ty.isWritten()), A.Name});
  return Sig;
}

std::string kernelSignature(const OpSchema &S, const std::string &Name) {
  return cppSignature(S).declaration(Name);
}

std::string concreteInt(const std::string &Name) {
  return "opgen::rt::concrete(" + Name + ", __FILE__, __LINE__)";
}

std::string convertArgument(const Argument &A, const CppParam &P) {
  const std::string &Name = A.Name;
  if (A.Ty.Base == BaseType::SymInt && P.ConcreteInt)
    return concreteInt(Name);
  bool PlainTensor = A.Ty.isTensorLike() && !A.Ty.IsList && !A.Ty.Optional;
  if (P.MutableRef && !PlainTensor) {
    // `std::vector<at::Tensor>&` or `std::optional<at::Tensor>&`: a copy of
    // the handles, alive for the call; writes reach the same storage.
    std::string Copy = P.Container == CppContainer::Vector
                           ? (P.StdOptional ? "opgen::rt::to_vector(" + Name + ")"
                                            : Name + ".vec()")
                           : "std::optional<at::Tensor>(" + Name + ")";
    return "opgen::rt::lvalue(" + Copy + ")";
  }
  if (P.MutableRef && !A.Ty.isWritten())
    return "const_cast<" + P.Spelling + ">(" + Name + ")";
  if (P.Container == CppContainer::Vector)
    return P.StdOptional ? "opgen::rt::to_vector(" + Name + ")"
                         : Name + ".vec()";
  if (P.StdString)
    return P.StdOptional ? "opgen::rt::to_string(" + Name + ")"
                         : "std::string(" + Name + ")";
  return Name;
}

std::string savedValueType(const Type &T) {
  if (T.IsList && T.ElementOptional)
    return "c10::List<std::optional<at::Tensor>>";
  std::string Elem =
      T.Base == BaseType::Str ? "std::string" : cppElementType(T.Base);
  if (T.IsList && T.FixedSize && T.Base == BaseType::Bool)
    Elem = "std::array<bool, " + std::to_string(*T.FixedSize) + ">";
  else if (T.IsList)
    Elem = "std::vector<" + Elem + ">";
  return T.Optional ? "std::optional<" + Elem + ">" : Elem;
}

//===----------------------------------------------------------------------===//
// Synthesised fakes (SymInt-aware Meta kernels)
//===----------------------------------------------------------------------===//

namespace {

/// C++ for an integer-valued FakeExpr; tensor sizes are read as SymInts.
/// Operators are parenthesised unless \p Top (a whole argument or item).
std::string cppFakeInteger(const FakeExpr &E, bool Top = true);

/// C++ for a list-valued FakeExpr, as something c10::SymIntArrayRef binds.
std::string cppFakeSizes(const FakeExpr &E) {
  switch (E.K) {
  case FakeExpr::Kind::Sizes:
    return E.Name + ".sym_sizes()";
  case FakeExpr::Kind::ListArg:
    return "opgen::rt::sym_list(" + E.Name + ")";
  case FakeExpr::Kind::List: {
    std::vector<std::string> Items;
    for (const FakeExpr &Op : E.Ops)
      Items.push_back(cppFakeInteger(Op));
    return "std::vector<c10::SymInt>{" + join(Items, ", ") + "}";
  }
  case FakeExpr::Kind::SetItem:
    return "opgen::rt::with_item(" + cppFakeSizes(E.Ops[0]) + ", " +
           cppFakeInteger(E.Ops[1]) + ", " + cppFakeInteger(E.Ops[2]) + ")";
  default:
    return "/* not a list: " + E.str() + " */";
  }
}

std::string cppFakeInteger(const FakeExpr &E, bool Top) {
  auto Paren = [Top](const std::string &S) { return Top ? S : "(" + S + ")"; };
  switch (E.K) {
  case FakeExpr::Kind::Literal:
    return E.Text;
  case FakeExpr::Kind::Arg:
    return E.Name;
  case FakeExpr::Kind::ArgItem:
    return E.Name + "[" + cppFakeInteger(E.Ops[0]) + "]";
  case FakeExpr::Kind::ArgLength:
    return "static_cast<int64_t>(" + E.Name + ".size())";
  case FakeExpr::Kind::Size:
    return E.Name + ".sym_size(" + cppFakeInteger(E.Ops[0]) + ")";
  case FakeExpr::Kind::Dim:
    return E.Name + ".dim()";
  case FakeExpr::Kind::Numel:
    return E.Name + ".sym_numel()";
  case FakeExpr::Kind::ScalarTypeOf:
    return E.Name + ".scalar_type()";
  case FakeExpr::Kind::Unary:
    return E.Text + cppFakeInteger(E.Ops[0], false);
  case FakeExpr::Kind::Binary:
    return Paren(cppFakeInteger(E.Ops[0], false) + " " + E.Text + " " +
                 cppFakeInteger(E.Ops[1], false));
  case FakeExpr::Kind::Cond:
    return Paren(cppFakeInteger(E.Ops[0], false) + " ? " +
                 cppFakeInteger(E.Ops[1], false) + " : " +
                 cppFakeInteger(E.Ops[2], false));
  default:
    return "/* not an integer: " + E.str() + " */";
  }
}

} // namespace

std::string cppFakeOutput(const FakeOutput &O) {
  switch (O.K) {
  case FakeOutput::Kind::Empty: {
    std::string Options = O.Like + ".options()";
    if (O.Dtype)
      Options += ".dtype(" + cppFakeInteger(*O.Dtype) + ")";
    return "at::empty_symint(" + cppFakeSizes(*O.Sizes) + ", " + Options + ")";
  }
  case FakeOutput::Kind::EmptyLike: {
    // The same call on the same tensor as the kernel's, so that the
    // preserve_format rules give the same strides.
    std::string Like = O.Like;
    if (O.LikeContiguous == "at::MemoryFormat::Contiguous")
      Like += ".contiguous()";
    else if (!O.LikeContiguous.empty())
      Like += ".contiguous(" + O.LikeContiguous + ")";
    if (O.MemoryFormat.empty())
      return "at::empty_like(" + Like + ")";
    return "at::empty_like(" + Like + ", at::TensorOptions(), " +
           O.MemoryFormat + ")";
  }
  case FakeOutput::Kind::Argument:
    return O.Like;
  }
  return "";
}

/// What the forward saves for a backward parameter bound to metadata of the
/// tensor \p Tensor (`bind="n=x.size(0)"`): a SymInt where the backward's
/// schema says SymInt, so no size is specialised.
std::string cppBoundMetadata(const std::string &Tensor, const BackwardInput &In,
                          const Type &Ty) {
  bool Sym = Ty.Base == BaseType::SymInt;
  switch (In.Metadata) {
  case BoundMetadata::Size:
    return Tensor + (Sym ? ".sym_size(" : ".size(") + std::to_string(In.Dim) + ")";
  case BoundMetadata::Sizes:
    return Tensor + (Sym ? ".sym_sizes().vec()" : ".sizes().vec()");
  case BoundMetadata::Dim:
    return "static_cast<int64_t>(" + Tensor + ".dim())";
  case BoundMetadata::ScalarType:
    return Tensor + ".scalar_type()";
  case BoundMetadata::Device:
    return Tensor + ".device()";
  }
  return "";
}

} // namespace opgen
