//===- TypeMapper.cpp - C++ types and defaults to schema ------------------===//
//
// Types are matched on their canonical form, so typedefs (torch::Tensor,
// c10::IntArrayRef, at::OptionalIntArrayRef, c10::optional) all work. The
// record names compared below are qualified without inline namespaces
// (libstdc++'s std::__cxx11, libc++'s std::__1).
//===----------------------------------------------------------------------===//
#include "frontend/ast/TypeMapper.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace opgen {

std::string printType(ASTContext &Ctx, QualType T) {
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = true;
  return T.getAsString(Policy);
}

namespace {

/// `ns::Name` of a record, skipping inline and anonymous namespaces.
std::string recordName(const RecordDecl *RD) {
  std::string Name = RD->getNameAsString();
  for (const DeclContext *DC = RD->getDeclContext(); DC; DC = DC->getParent()) {
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      if (NS->isInline() || NS->isAnonymousNamespace())
        continue;
      Name = NS->getNameAsString() + "::" + Name;
    } else if (const auto *Outer = dyn_cast<RecordDecl>(DC)) {
      Name = Outer->getNameAsString() + "::" + Name;
    }
  }
  return Name;
}

/// The template arguments of a class template specialization, or null.
const TemplateArgumentList *templateArgs(const RecordDecl *RD) {
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    return &Spec->getTemplateArgs();
  return nullptr;
}

const RecordDecl *asRecord(QualType T) {
  if (const auto *RT = T->getAs<RecordType>())
    return RT->getDecl();
  return nullptr;
}

bool isOneOf(const std::string &Name, std::initializer_list<const char *> Set) {
  for (const char *S : Set)
    if (Name == S)
      return true;
  return false;
}

/// Why a type cannot be mapped: the hint of UnsupportedType/UnsupportedReturn.
llvm::Error unsupported(const llvm::Twine &Why) {
  return llvm::make_error<llvm::StringError>(Why, llvm::inconvertibleErrorCode());
}

/// A type of the ATen/c10 API; \p StableHint says what a stable kernel
/// writes instead.
AbiMark classic(const char *StableHint) {
  return AbiMark{TypeAbi::Classic, StableHint};
}

/// A type of PyTorch's stable ABI.
AbiMark stable() { return AbiMark{TypeAbi::Stable, ""}; }

/// A type of neither API that the stable ABI's boxing (`TORCH_BOX`) cannot
/// carry: \p Why is the hint for a stable kernel.
AbiMark notStable(const char *Why) { return AbiMark{TypeAbi::Neutral, Why}; }

/// Folds the mark of one more type of a signature (a tuple's element) into
/// \p Into. False when they belong to different APIs.
bool mergeMark(AbiMark &Into, const AbiMark &M) {
  if (M.Abi != TypeAbi::Neutral && Into.Abi != TypeAbi::Neutral &&
      M.Abi != Into.Abi)
    return false;
  if (M.Abi == TypeAbi::Classic) {
    Into = M;
    return true;
  }
  if (M.Abi == TypeAbi::Stable)
    Into.Abi = TypeAbi::Stable;
  if (Into.Abi != TypeAbi::Classic && Into.StableHint.empty())
    Into.StableHint = M.StableHint;
  return true;
}

QualType firstTypeArg(const RecordDecl *RD) {
  const TemplateArgumentList *Args = templateArgs(RD);
  if (!Args || Args->size() == 0 ||
      Args->get(0).getKind() != TemplateArgument::Type)
    return QualType();
  return Args->get(0).getAsType().getCanonicalType();
}

} // namespace

llvm::Expected<TypeMapper::MappedElement> TypeMapper::mapElement(QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (const auto *BT = T->getAs<BuiltinType>()) {
    switch (BT->getKind()) {
    case BuiltinType::Long:
    case BuiltinType::LongLong:
      if (Ctx.getTypeSize(T) == 64)
        return MappedElement{BaseType::Int, /*ConcreteInt=*/true};
      break;
    case BuiltinType::Double:
      return MappedElement{BaseType::Float};
    case BuiltinType::Bool:
      return MappedElement{BaseType::Bool};
    case BuiltinType::Float:
    case BuiltinType::LongDouble:
    case BuiltinType::Half:
      return unsupported("use 'double' (schema 'float')");
    default:
      break;
    }
    if (BT->isInteger())
      return unsupported("use 'int64_t' (schema 'int')");
    return unsupported("see docs/types.md for the supported types");
  }
  if (const auto *ET = T->getAs<EnumType>()) {
    const EnumDecl *ED = ET->getDecl();
    std::string Qualified = ED->getQualifiedNameAsString();
    if (isOneOf(Qualified, {"c10::ScalarType", "at::ScalarType"}))
      return MappedElement{BaseType::ScalarType};
    if (isOneOf(Qualified, {"c10::Layout", "at::Layout"}))
      return MappedElement{BaseType::Layout};
    if (isOneOf(Qualified, {"c10::MemoryFormat", "at::MemoryFormat"}))
      return MappedElement{BaseType::MemoryFormat};
    return unsupported("pass enums as 'int64_t' and convert inside the kernel");
  }
  const RecordDecl *RD = asRecord(T);
  if (!RD) {
    if (T->isPointerType()) {
      QualType Pointee = T->getPointeeType();
      if (Pointee->isCharType())
        return unsupported("use 'std::string_view' (schema 'str')");
      return unsupported(
          "raw pointers cannot cross the dispatcher; pass an at::Tensor");
    }
    return unsupported("see docs/types.md for the supported types");
  }
  std::string Name = recordName(RD);
  if (isOneOf(Name, {"at::Tensor", "c10::Tensor"}))
    return MappedElement{BaseType::Tensor, false,
                         classic("write 'torch::stable::Tensor' for 'at::Tensor'")};
  if (isOneOf(Name, {"c10::SymInt", "at::SymInt"}))
    return MappedElement{
        BaseType::SymInt, false,
        classic("take 'int64_t' (schema 'int'): it has no SymInt")};
  if (isOneOf(Name, {"c10::Scalar", "at::Scalar"}))
    return MappedElement{
        BaseType::Scalar, false,
        classic("take 'double' or 'int64_t': it has no Scalar")};
  if (isOneOf(Name, {"c10::Device", "at::Device"}))
    return MappedElement{BaseType::Device, false,
                         classic("write 'torch::stable::Device' for 'c10::Device'")};
  if (isOneOf(Name, {"at::Generator", "c10::Generator"}))
    return MappedElement{BaseType::Generator, false,
                         classic("pass a seed as 'int64_t': it has no Generator")};
  // PyTorch's stable ABI (torch/csrc/stable/): the types its boxing
  // (`TORCH_BOX`, stableivalue_conversions.h) converts.
  if (Name == "torch::stable::Tensor")
    return MappedElement{BaseType::Tensor, false, stable()};
  if (Name == "torch::stable::Device")
    return MappedElement{BaseType::Device, false, stable()};
  if (Name == "std::basic_string_view" && firstTypeArg(RD)->isCharType())
    return MappedElement{BaseType::Str};
  if (Name == "c10::basic_string_view" && firstTypeArg(RD)->isCharType())
    return MappedElement{
        BaseType::Str, false,
        classic("write 'std::string_view' for 'c10::basic_string_view<char>'")};
  return unsupported("see docs/types.md for the supported types");
}

llvm::Expected<MappedParam> TypeMapper::mapValue(QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  MappedParam Out;
  Type &S = Out.SchemaType;
  CppParam &C = Out.Cpp;
  if (const RecordDecl *RD = asRecord(T)) {
    std::string Name = recordName(RD);
    if (Name == "std::basic_string" && firstTypeArg(RD)->isCharType()) {
      S = Type::scalar(BaseType::Str);
      C.StdString = true;
      return Out;
    }
    bool IsArrayRef = Name == "c10::ArrayRef";
    bool IsVector = Name == "std::vector";
    bool IsOptionalArrayRef = Name == "c10::OptionalArrayRef";
    // torch::headeronly::HeaderOnlyArrayRef is a using of c10's.
    bool IsHeaderOnly = Name == "c10::HeaderOnlyArrayRef";
    if (IsArrayRef || IsVector || IsOptionalArrayRef || IsHeaderOnly) {
      QualType Elem = firstTypeArg(RD);
      if (Elem.isNull())
        return unsupported("see docs/types.md for the supported types");
      if (IsVector && Elem->isBooleanType())
        return unsupported("'std::vector<bool>' is not supported; use "
                           "'std::array<bool, N>' (schema 'bool[N]')");
      llvm::Expected<MappedElement> E = mapElement(Elem);
      if (!E)
        return E.takeError();
      if (!isOneOf(std::string(baseTypeName(E->Base)),
                   {"Tensor", "int", "SymInt", "float"}))
        return unsupported("lists of this element type are not supported; "
                           "see docs/types.md");
      AbiMark Container =
          IsArrayRef ? classic("write 'torch::headeronly::HeaderOnlyArrayRef' "
                               "or 'std::vector' for 'c10::ArrayRef'")
          : IsOptionalArrayRef
              ? classic("write 'std::optional<torch::headeronly::"
                        "HeaderOnlyArrayRef<...>>' for 'c10::OptionalArrayRef'")
          : IsHeaderOnly ? stable()
                         : AbiMark{};
      if (Container.Abi != TypeAbi::Neutral &&
          E->Mark.Abi != TypeAbi::Neutral && Container.Abi != E->Mark.Abi)
        return unsupported(
            IsHeaderOnly
                ? "a 'HeaderOnlyArrayRef' holds stable ABI values: "
                  "'torch::stable::Tensor', 'int64_t' or 'double'"
                : "a list of 'torch::stable::Tensor' is "
                  "'torch::headeronly::HeaderOnlyArrayRef<torch::stable::Tensor>' "
                  "or 'std::vector<torch::stable::Tensor>'");
      S = Type::list(E->Base);
      S.Optional = IsOptionalArrayRef;
      C.Container = IsArrayRef            ? CppContainer::ArrayRef
                    : IsVector            ? CppContainer::Vector
                    : IsHeaderOnly        ? CppContainer::HeaderOnlyArrayRef
                                          : CppContainer::OptionalArrayRef;
      C.ConcreteInt = E->ConcreteInt;
      Out.Mark = Container.Abi != TypeAbi::Neutral ? Container : E->Mark;
      return Out;
    }
    if (Name == "std::array") {
      const TemplateArgumentList *Args = templateArgs(RD);
      if (Args && Args->size() == 2 && Args->get(0).getAsType()->isBooleanType() &&
          Args->get(1).getKind() == TemplateArgument::Integral) {
        S = Type::list(BaseType::Bool);
        S.FixedSize = Args->get(1).getAsIntegral().getExtValue();
        C.Container = CppContainer::StdArray;
        // TORCH_BOX would copy the std::array's bytes as if it were a scalar.
        Out.Mark = notStable("the stable ABI cannot carry 'std::array<bool, "
                             "N>' (schema 'bool[N]'); take the flags as "
                             "separate 'bool' parameters");
        return Out;
      }
      return unsupported(
          "only 'std::array<bool, N>' (schema 'bool[N]') is supported");
    }
    if (Name == "c10::List") {
      QualType Elem = firstTypeArg(RD);
      const RecordDecl *Opt = Elem.isNull() ? nullptr : asRecord(Elem);
      if (Opt && recordName(Opt) == "std::optional") {
        QualType Inner = firstTypeArg(Opt);
        const RecordDecl *TD = Inner.isNull() ? nullptr : asRecord(Inner);
        if (TD && recordName(TD) == "at::Tensor") {
          S = Type::list(BaseType::Tensor);
          S.ElementOptional = true;
          C.Container = CppContainer::List;
          Out.Mark = classic("pass the tensors as separate "
                           "'std::optional<torch::stable::Tensor>' parameters");
          return Out;
        }
      }
      return unsupported(
          "only 'c10::List<std::optional<at::Tensor>>' (schema 'Tensor?[]') "
          "is supported; use c10::ArrayRef or std::vector for other lists");
    }
  }
  llvm::Expected<MappedElement> E = mapElement(T);
  if (!E)
    return E.takeError();
  S = Type::scalar(E->Base);
  C.ConcreteInt = E->ConcreteInt;
  Out.Mark = E->Mark;
  return Out;
}

llvm::Expected<MappedParam> TypeMapper::mapParam(QualType T) {
  bool IsRef = false, IsConstRef = false;
  if (T->isRValueReferenceType())
    return unsupported("take it by value or by const reference");
  if (const auto *Ref = T->getAs<LValueReferenceType>()) {
    IsRef = true;
    IsConstRef = Ref->getPointeeType().isConstQualified();
    T = Ref->getPointeeType();
  }
  QualType Canon = T.getCanonicalType().getUnqualifiedType();
  const RecordDecl *RD = asRecord(Canon);
  std::string Name = RD ? recordName(RD) : "";
  if (IsRef && !RD)
    return unsupported("take scalars by value");
  if (IsRef && isOneOf(Name, {"c10::SymInt"}))
    return unsupported("take 'c10::SymInt' by value");
  bool Optional = RD && Name == "std::optional";
  QualType Value = T;
  if (Optional) {
    Value = firstTypeArg(RD);
    if (Value.isNull() || Value->isReferenceType())
      return unsupported("see docs/types.md for the supported types");
    const RecordDecl *InnerRD = asRecord(Value);
    if (InnerRD && isOneOf(recordName(InnerRD),
                           {"std::optional", "c10::OptionalArrayRef"}))
      return unsupported("nested optionals have no schema equivalent");
  }
  llvm::Expected<MappedParam> Out = mapValue(Value);
  if (!Out)
    return Out.takeError();
  if (Optional) {
    if (Out->Cpp.Container == CppContainer::StdArray ||
        Out->Cpp.Container == CppContainer::List)
      return unsupported(
          "optional fixed-size or optional-element lists are not supported");
    Out->SchemaType.Optional = true;
    Out->Cpp.StdOptional = true;
    // TORCH_BOX unboxes a `str` as std::string, and std::string_view from it,
    // but not inside an optional.
    if (Out->SchemaType.Base == BaseType::Str && !Out->SchemaType.IsList &&
        !Out->Cpp.StdString && Out->Mark.Abi == TypeAbi::Neutral)
      Out->Mark = notStable("write 'std::optional<std::string>' for an "
                            "optional string of a stable ABI kernel");
  }
  Out->Cpp.MutableRef = IsRef && !IsConstRef;
  if (Out->Cpp.MutableRef && !Out->SchemaType.isTensorLike())
    return unsupported("only tensors may be taken by non-const reference; "
                       "take it by value or const reference");
  if (Out->Cpp.MutableRef &&
      Out->Cpp.Container == CppContainer::HeaderOnlyArrayRef)
    // TORCH_BOX unboxes it as a std::vector, which a non-const reference to
    // a HeaderOnlyArrayRef cannot bind to.
    return unsupported("take 'HeaderOnlyArrayRef' by value or const reference");
  return Out;
}

/// A returned reference: only `at::Tensor&`, an out argument.
llvm::Expected<MappedReturn>
TypeMapper::mapReferenceReturn(const LValueReferenceType *Ref) {
  MappedReturn Out;
  QualType Pointee = Ref->getPointeeType().getCanonicalType();
  const RecordDecl *RD = asRecord(Pointee);
  if (RD && recordName(RD) == "at::Tensor" &&
      Ref->getPointeeType().isConstQualified())
    // The generated wrapper returns the out argument as `at::Tensor&`.
    return unsupported("return the out argument as 'at::Tensor&', or "
                       "return at::Tensor by value");
  if (RD && recordName(RD) == "at::Tensor") {
    Out.Reference = true;
    Out.Returns.push_back({"", Type::scalar(BaseType::Tensor)});
    Out.Mark = classic("return 'torch::stable::Tensor' by value (it has "
                       "no out-argument returns)");
    return Out;
  }
  if (RD && recordName(RD) == "torch::stable::Tensor")
    // TORCH_BOX boxes the returned value; a reference does not compile.
    return unsupported("return 'torch::stable::Tensor' by value; the stable "
                       "ABI cannot return a reference");
  return unsupported("return by value; only 'at::Tensor&' (an out "
                     "argument) may be returned by reference");
}

/// A returned `std::tuple` (\p RD) of two or more values, or of out
/// arguments (`at::Tensor&`) only.
llvm::Expected<MappedReturn> TypeMapper::mapTupleReturn(const RecordDecl *RD) {
  MappedReturn Out;
  std::vector<TemplateArgument> Elements;
  for (const TemplateArgument &Arg : templateArgs(RD)->asArray()) {
    if (Arg.getKind() == TemplateArgument::Pack)
      Elements.insert(Elements.end(), Arg.pack_begin(), Arg.pack_end());
    else
      Elements.push_back(Arg);
  }
  if (Elements.size() < 2)
    return unsupported(
        "a tuple needs two or more elements; return the element itself");
  // `std::tuple<at::Tensor&, at::Tensor&>`: every element is an out
  // argument (the check phase gives each its argument's alias set).
  // Mixing references and values has no dispatcher form.
  unsigned Refs = 0;
  for (const TemplateArgument &Arg : Elements)
    if (Arg.getKind() == TemplateArgument::Type &&
        Arg.getAsType()->isReferenceType())
      ++Refs;
  if (Refs != 0 && Refs != Elements.size())
    return unsupported("return every element as 'at::Tensor&' (out "
                       "arguments) or every element by value");
  for (const TemplateArgument &Arg : Elements) {
    if (Arg.getKind() != TemplateArgument::Type)
      return unsupported("see docs/types.md for the supported return types");
    const char *ByValue = "tuple elements must be returned by value";
    const char *MixedTuple =
        "return 'at::Tensor' or 'torch::stable::Tensor' throughout";
    if (Refs != 0) {
      llvm::Expected<MappedReturn> Element = mapReturn(Arg.getAsType());
      if (!Element)
        return Element.takeError();
      Out.Returns.push_back(Element->Returns.front());
      Out.Reference = true;
      if (!mergeMark(Out.Mark, Element->Mark))
        return unsupported(MixedTuple);
      continue;
    }
    llvm::Expected<MappedReturn> Element = mapReturn(Arg.getAsType());
    if (!Element) {
      std::string Why = llvm::toString(Element.takeError());
      return unsupported(Why.empty() ? ByValue : Why);
    }
    if (Element->Returns.size() != 1)
      return unsupported(ByValue);
    Out.Returns.push_back(Element->Returns.front());
    if (!mergeMark(Out.Mark, Element->Mark))
      return unsupported(MixedTuple);
  }
  return Out;
}

llvm::Expected<MappedReturn> TypeMapper::mapReturn(QualType T) {
  MappedReturn Out;
  if (T->isVoidType())
    return Out;
  if (const auto *Ref = T->getAs<LValueReferenceType>())
    return mapReferenceReturn(Ref);
  QualType Canon = T.getCanonicalType().getUnqualifiedType();
  if (const RecordDecl *RD = asRecord(Canon);
      RD && recordName(RD) == "std::tuple")
    return mapTupleReturn(RD);
  // `std::vector<std::string>` returns `str[]` (vLLM's
  // `machete_supported_schedules`). Only as a return: a `str[]` argument
  // has no by-value C++ form the dispatcher passes.
  if (const RecordDecl *VecRD = asRecord(Canon);
      VecRD && recordName(VecRD) == "std::vector") {
    QualType Elem = firstTypeArg(VecRD);
    const RecordDecl *StrRD = Elem.isNull() ? nullptr : asRecord(Elem);
    if (StrRD && recordName(StrRD) == "std::basic_string" &&
        firstTypeArg(StrRD)->isCharType()) {
      Out.Returns.push_back({"", Type::list(BaseType::Str)});
      return Out;
    }
  }
  // `std::optional<T>` returns `T?` (e.g. FBGEMM's `(Tensor, Tensor?)`).
  const RecordDecl *OptRD = asRecord(Canon);
  bool Optional = OptRD && recordName(OptRD) == "std::optional";
  QualType Value = T;
  if (Optional) {
    Value = firstTypeArg(OptRD);
    if (Value.isNull() || Value->isReferenceType())
      return unsupported(""); // Not a type one can write; no hint.
  }
  llvm::Expected<MappedParam> M = mapValue(Value);
  if (!M)
    return M.takeError();
  if (M->Cpp.Container == CppContainer::HeaderOnlyArrayRef)
    // TORCH_BOX would copy the list only after the kernel returned.
    return unsupported("return a 'std::vector'; a returned 'HeaderOnlyArrayRef' "
                       "may view memory that does not outlive the kernel");
  // TORCH_BOX boxes a returned std::string, not a view (over 64 bits).
  if (M->SchemaType.Base == BaseType::Str && !M->SchemaType.IsList &&
      !M->Cpp.StdString && M->Mark.Abi == TypeAbi::Neutral)
    M->Mark = notStable("return 'std::string' from a stable ABI kernel");
  Out.Mark = M->Mark;
  if (Optional) {
    if (M->SchemaType.IsList || M->SchemaType.Optional)
      return unsupported("optional lists cannot be returned");
    M->SchemaType.Optional = true;
  }
  if (M->SchemaType.Optional && M->SchemaType.isTensorLike() &&
      M->SchemaType.IsList)
    return unsupported("optional tensor lists cannot be returned");
  Out.Returns.push_back({"", M->SchemaType});
  return Out;
}

namespace {

/// Strips the implicit wrappers around a default argument: conversions,
/// temporaries and single-argument constructor calls.
const Expr *unwrap(const Expr *E) {
  while (E) {
    E = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
      if (Construct->getNumArgs() >= 1 &&
          !isa<CXXDefaultArgExpr>(Construct->getArg(0))) {
        E = Construct->getArg(0);
        continue;
      }
      return E;
    }
    if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E)) {
      E = Cast->getSubExpr();
      continue;
    }
    if (const auto *Std = dyn_cast<CXXStdInitializerListExpr>(E)) {
      E = Std->getSubExpr();
      continue;
    }
    if (const auto *Mat = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = Mat->getSubExpr();
      continue;
    }
    return E;
  }
  return E;
}

bool isNullopt(const Expr *E) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = Ref->getDecl();
    return D->getName() == "nullopt";
  }
  // `std::optional<T>{}` or `{}`: a value-initialized optional.
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E))
    if (Construct->getNumArgs() == 0)
      if (const RecordDecl *RD = asRecord(Construct->getType()))
        return isOneOf(recordName(RD),
                       {"std::optional", "c10::OptionalArrayRef"});
  return false;
}

} // namespace

/// A braced list (`{1, 2}`, `= {}`): a list of numbers or booleans, or
/// None for an optional.
std::optional<DefaultValue> TypeMapper::renderListDefault(const InitListExpr *Init,
                                                          const Type &T) {
  DefaultValue V;
  // `std::array<bool, 2> = {true, false}` elides the braces of the inner
  // C array: read what was written.
  if (const InitListExpr *Syntactic = Init->getSyntacticForm())
    Init = Syntactic;
  if (Init->getNumInits() == 1)
    if (const auto *Inner = dyn_cast<InitListExpr>(
            Init->getInit(0)->IgnoreImplicit()))
      Init = Inner;
  if (Init->getNumInits() == 0 && T.Optional && !T.IsList)
    return V; // `= {}` on an optional: None.
  // Tensor lists only default to None in a schema.
  if (!T.IsList || T.Base == BaseType::Tensor)
    return std::nullopt;
  DefaultValue::IntList Ints;
  DefaultValue::FloatList Floats;
  DefaultValue::BoolList Bools;
  for (const Expr *Elem : Init->inits()) {
    Expr::EvalResult R;
    // Elements may be converted by a constructor (`c10::SymInt(3)`).
    Elem = unwrap(Elem);
    if (!Elem || !Elem->EvaluateAsRValue(R, Ctx))
      return std::nullopt;
    if (T.Base == BaseType::Int || T.Base == BaseType::SymInt) {
      if (!R.Val.isInt())
        return std::nullopt;
      Ints.push_back(R.Val.getInt().getExtValue());
    } else if (T.Base == BaseType::Float) {
      if (R.Val.isFloat() && R.Val.getFloat().isFinite())
        Floats.push_back(R.Val.getFloat().convertToDouble());
      else if (R.Val.isInt())
        Floats.push_back(double(R.Val.getInt().getExtValue()));
      else
        return std::nullopt;
    } else if (T.Base == BaseType::Bool) {
      if (!R.Val.isInt())
        return std::nullopt;
      Bools.push_back(R.Val.getInt().getBoolValue());
    } else {
      return std::nullopt;
    }
  }
  if (T.FixedSize && Init->getNumInits() != *T.FixedSize)
    return std::nullopt; // `bool[3]` needs all three values written.
  if (T.Base == BaseType::Float)
    V.Value = std::move(Floats);
  else if (T.Base == BaseType::Bool)
    V.Value = std::move(Bools);
  else
    V.Value = std::move(Ints);
  return V;
}

/// A single value of a scalar type: a constant expression evaluated.
std::optional<DefaultValue> TypeMapper::renderScalarDefault(const Expr *E,
                                                            const Type &T) {
  DefaultValue V;
  switch (T.Base) {
  case BaseType::Bool: {
    bool B;
    if (!E->EvaluateAsBooleanCondition(B, Ctx) ||
        !E->getType()->isBooleanType())
      return std::nullopt;
    V.Value = B;
    return V;
  }
  case BaseType::Int:
  case BaseType::SymInt: {
    Expr::EvalResult R;
    if (!E->getType()->isIntegerType() || !E->EvaluateAsInt(R, Ctx))
      return std::nullopt;
    V.Value = int64_t(R.Val.getInt().getExtValue());
    return V;
  }
  case BaseType::Float:
  case BaseType::Scalar: {
    Expr::EvalResult R;
    if (!E->EvaluateAsRValue(R, Ctx))
      return std::nullopt;
    if (R.Val.isFloat()) {
      // torch's schema parser has no spelling for inf or nan.
      if (!R.Val.getFloat().isFinite())
        return std::nullopt;
      V.Value = R.Val.getFloat().convertToDouble();
    } else if (R.Val.isInt() && T.Base == BaseType::Scalar)
      V.Value = int64_t(R.Val.getInt().getExtValue());
    else if (R.Val.isInt())
      V.Value = double(R.Val.getInt().getExtValue());
    else
      return std::nullopt;
    return V;
  }
  default:
    return std::nullopt;
  }
}

std::optional<DefaultValue> TypeMapper::renderDefault(const Expr *Raw,
                                                      const Type &T) {
  const Expr *E = unwrap(Raw);
  if (!E)
    return std::nullopt;
  DefaultValue V;
  if (isNullopt(E)) {
    if (!T.Optional)
      return std::nullopt;
    return V; // None
  }
  if (T.IsList && !T.Optional &&
      (T.Base == BaseType::Int || T.Base == BaseType::SymInt ||
       T.Base == BaseType::Float)) {
    // `= {}` on an ArrayRef or vector of numbers: an empty list.
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(E))
      if (Construct->getNumArgs() == 0) {
        V.Value = DefaultValue::IntList();
        if (T.Base == BaseType::Float)
          V.Value = DefaultValue::FloatList();
        return V;
      }
  }
  if (const auto *Init = dyn_cast<InitListExpr>(E))
    return renderListDefault(Init, T);
  if (const auto *Str = dyn_cast<StringLiteral>(E)) {
    if (T.Base != BaseType::Str || T.IsList || !Str->isOrdinary())
      return std::nullopt;
    V.Value = Str->getString().str();
    return V;
  }
  if (T.IsList)
    return std::nullopt;
  return renderScalarDefault(E, T);
}

} // namespace opgen
