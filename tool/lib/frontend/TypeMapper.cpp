//===- TypeMapper.cpp - C++ types and defaults to schema ------------------===//
//
// Types are matched on their canonical form, so typedefs (torch::Tensor,
// c10::IntArrayRef, at::OptionalIntArrayRef, c10::optional) all work. The
// record names compared below are qualified without inline namespaces
// (libstdc++'s std::__cxx11, libc++'s std::__1).
//===----------------------------------------------------------------------===//
#include "frontend/TypeMapper.h"

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

QualType firstTypeArg(const RecordDecl *RD) {
  const TemplateArgumentList *Args = templateArgs(RD);
  if (!Args || Args->size() == 0 ||
      Args->get(0).getKind() != TemplateArgument::Type)
    return QualType();
  return Args->get(0).getAsType().getCanonicalType();
}

} // namespace

bool TypeMapper::mapElement(QualType T, BaseType &Base, bool &ConcreteInt,
                            std::string &Why) {
  T = T.getCanonicalType().getUnqualifiedType();
  ConcreteInt = false;
  if (const auto *BT = T->getAs<BuiltinType>()) {
    switch (BT->getKind()) {
    case BuiltinType::Long:
    case BuiltinType::LongLong:
      if (Ctx.getTypeSize(T) == 64) {
        Base = BaseType::Int;
        ConcreteInt = true;
        return true;
      }
      break;
    case BuiltinType::Double:
      Base = BaseType::Float;
      return true;
    case BuiltinType::Bool:
      Base = BaseType::Bool;
      return true;
    case BuiltinType::Float:
    case BuiltinType::LongDouble:
    case BuiltinType::Half:
      Why = "use 'double' (schema 'float')";
      return false;
    default:
      break;
    }
    if (BT->isInteger()) {
      Why = "use 'int64_t' (schema 'int')";
      return false;
    }
    Why = "see docs/types.md for the supported types";
    return false;
  }
  if (const auto *ET = T->getAs<EnumType>()) {
    const EnumDecl *ED = ET->getDecl();
    std::string Qualified = ED->getQualifiedNameAsString();
    if (isOneOf(Qualified, {"c10::ScalarType", "at::ScalarType"})) {
      Base = BaseType::ScalarType;
      return true;
    }
    if (isOneOf(Qualified, {"c10::Layout", "at::Layout"})) {
      Base = BaseType::Layout;
      return true;
    }
    if (isOneOf(Qualified, {"c10::MemoryFormat", "at::MemoryFormat"})) {
      Base = BaseType::MemoryFormat;
      return true;
    }
    Why = "pass enums as 'int64_t' and convert inside the kernel";
    return false;
  }
  const RecordDecl *RD = asRecord(T);
  if (!RD) {
    if (T->isPointerType()) {
      QualType Pointee = T->getPointeeType();
      if (Pointee->isCharType())
        Why = "use 'std::string_view' (schema 'str')";
      else
        Why = "raw pointers cannot cross the dispatcher; pass an at::Tensor";
      return false;
    }
    Why = "see docs/types.md for the supported types";
    return false;
  }
  std::string Name = recordName(RD);
  if (isOneOf(Name, {"at::Tensor", "c10::Tensor"}))
    Base = BaseType::Tensor;
  else if (isOneOf(Name, {"c10::SymInt", "at::SymInt"}))
    Base = BaseType::SymInt;
  else if (isOneOf(Name, {"c10::Scalar", "at::Scalar"}))
    Base = BaseType::Scalar;
  else if (isOneOf(Name, {"c10::Device", "at::Device"}))
    Base = BaseType::Device;
  else if (isOneOf(Name, {"at::Generator", "c10::Generator"}))
    Base = BaseType::Generator;
  else if (isOneOf(Name, {"std::basic_string_view", "c10::basic_string_view"}) &&
           firstTypeArg(RD)->isCharType())
    Base = BaseType::Str;
  else {
    Why = "see docs/types.md for the supported types";
    return false;
  }
  return true;
}

bool TypeMapper::mapValue(QualType T, MappedParam &Out, std::string &Why) {
  T = T.getCanonicalType().getUnqualifiedType();
  Type &S = Out.SchemaType;
  CppParam &C = Out.Cpp;
  if (const RecordDecl *RD = asRecord(T)) {
    std::string Name = recordName(RD);
    if (Name == "std::basic_string" && firstTypeArg(RD)->isCharType()) {
      S = Type::scalar(BaseType::Str);
      C.StdString = true;
      return true;
    }
    bool IsArrayRef = Name == "c10::ArrayRef";
    bool IsVector = Name == "std::vector";
    bool IsOptionalArrayRef = Name == "c10::OptionalArrayRef";
    if (IsArrayRef || IsVector || IsOptionalArrayRef) {
      QualType Elem = firstTypeArg(RD);
      if (Elem.isNull()) {
        Why = "see docs/types.md for the supported types";
        return false;
      }
      if (IsVector && Elem->isBooleanType()) {
        Why = "'std::vector<bool>' is not supported; use 'std::array<bool, N>' "
              "(schema 'bool[N]')";
        return false;
      }
      bool Concrete = false;
      BaseType Base;
      if (!mapElement(Elem, Base, Concrete, Why))
        return false;
      if (!isOneOf(std::string(baseTypeName(Base)),
                   {"Tensor", "int", "SymInt", "float"})) {
        Why = "lists of this element type are not supported; see "
              "docs/types.md";
        return false;
      }
      S = Type::list(Base);
      S.Optional = IsOptionalArrayRef;
      C.Container = IsArrayRef            ? CppContainer::ArrayRef
                    : IsVector            ? CppContainer::Vector
                                          : CppContainer::OptionalArrayRef;
      C.ConcreteInt = Concrete;
      return true;
    }
    if (Name == "std::array") {
      const TemplateArgumentList *Args = templateArgs(RD);
      if (Args && Args->size() == 2 && Args->get(0).getAsType()->isBooleanType() &&
          Args->get(1).getKind() == TemplateArgument::Integral) {
        S = Type::list(BaseType::Bool);
        S.FixedSize = Args->get(1).getAsIntegral().getExtValue();
        C.Container = CppContainer::StdArray;
        return true;
      }
      Why = "only 'std::array<bool, N>' (schema 'bool[N]') is supported";
      return false;
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
          return true;
        }
      }
      Why = "only 'c10::List<std::optional<at::Tensor>>' (schema 'Tensor?[]') "
            "is supported; use c10::ArrayRef or std::vector for other lists";
      return false;
    }
  }
  BaseType Base;
  bool Concrete = false;
  if (!mapElement(T, Base, Concrete, Why))
    return false;
  S = Type::scalar(Base);
  C.ConcreteInt = Concrete;
  return true;
}

bool TypeMapper::mapParam(QualType T, MappedParam &Out, std::string &Why) {
  bool IsRef = false, IsConstRef = false;
  if (T->isRValueReferenceType()) {
    Why = "take it by value or by const reference";
    return false;
  }
  if (const auto *Ref = T->getAs<LValueReferenceType>()) {
    IsRef = true;
    IsConstRef = Ref->getPointeeType().isConstQualified();
    T = Ref->getPointeeType();
  }
  QualType Canon = T.getCanonicalType().getUnqualifiedType();
  const RecordDecl *RD = asRecord(Canon);
  std::string Name = RD ? recordName(RD) : "";
  if (IsRef && !RD) {
    Why = "take scalars by value";
    return false;
  }
  if (IsRef && isOneOf(Name, {"c10::SymInt"})) {
    Why = "take 'c10::SymInt' by value";
    return false;
  }
  if (RD && Name == "std::optional") {
    QualType Inner = firstTypeArg(RD);
    if (Inner.isNull() || Inner->isReferenceType()) {
      Why = "see docs/types.md for the supported types";
      return false;
    }
    const RecordDecl *InnerRD = asRecord(Inner);
    if (InnerRD && isOneOf(recordName(InnerRD),
                           {"std::optional", "c10::OptionalArrayRef"})) {
      Why = "nested optionals have no schema equivalent";
      return false;
    }
    if (!mapValue(Inner, Out, Why))
      return false;
    if (Out.Cpp.Container == CppContainer::StdArray ||
        Out.Cpp.Container == CppContainer::List) {
      Why = "optional fixed-size or optional-element lists are not supported";
      return false;
    }
    Out.SchemaType.Optional = true;
    Out.Cpp.StdOptional = true;
  } else if (!mapValue(T, Out, Why)) {
    return false;
  }
  Out.Cpp.MutableRef = IsRef && !IsConstRef;
  if (Out.Cpp.MutableRef && !Out.SchemaType.isTensorLike()) {
    Why = "only tensors may be taken by non-const reference; take it by value "
          "or const reference";
    return false;
  }
  return true;
}

bool TypeMapper::mapReturn(QualType T, std::vector<Return> &Out,
                           bool &ReturnsRef, std::string &Why) {
  ReturnsRef = false;
  if (T->isVoidType())
    return true;
  if (const auto *Ref = T->getAs<LValueReferenceType>()) {
    QualType Pointee = Ref->getPointeeType().getCanonicalType();
    const RecordDecl *RD = asRecord(Pointee);
    if (RD && recordName(RD) == "at::Tensor" &&
        Ref->getPointeeType().isConstQualified()) {
      // The generated wrapper returns the out argument as `at::Tensor&`.
      Why = "return the out argument as 'at::Tensor&', or return at::Tensor "
            "by value";
      return false;
    }
    if (RD && recordName(RD) == "at::Tensor") {
      ReturnsRef = true;
      Out.push_back({"", Type::scalar(BaseType::Tensor)});
      return true;
    }
    Why = "return by value; only 'at::Tensor&' (an out argument) may be "
          "returned by reference";
    return false;
  }
  QualType Canon = T.getCanonicalType().getUnqualifiedType();
  if (const RecordDecl *RD = asRecord(Canon)) {
    if (recordName(RD) == "std::tuple") {
      std::vector<TemplateArgument> Elements;
      for (const TemplateArgument &Arg : templateArgs(RD)->asArray()) {
        if (Arg.getKind() == TemplateArgument::Pack)
          Elements.insert(Elements.end(), Arg.pack_begin(), Arg.pack_end());
        else
          Elements.push_back(Arg);
      }
      if (Elements.size() < 2) {
        Why = "a tuple needs two or more elements; return the element itself";
        return false;
      }
      for (const TemplateArgument &Arg : Elements) {
        if (Arg.getKind() != TemplateArgument::Type) {
          Why = "see docs/types.md for the supported return types";
          return false;
        }
        std::vector<Return> Element;
        bool ElementRef = false;
        if (Arg.getAsType()->isReferenceType() ||
            !mapReturn(Arg.getAsType(), Element, ElementRef, Why) ||
            Element.size() != 1) {
          if (Why.empty())
            Why = "tuple elements must be returned by value";
          return false;
        }
        Out.push_back(Element.front());
      }
      return true;
    }
  }
  MappedParam M;
  // `std::optional<T>` returns `T?` (e.g. FBGEMM's `(Tensor, Tensor?)`).
  const RecordDecl *OptRD = asRecord(Canon);
  if (OptRD && recordName(OptRD) == "std::optional") {
    QualType Inner = firstTypeArg(OptRD);
    if (Inner.isNull() || Inner->isReferenceType() || !mapValue(Inner, M, Why))
      return false;
    if (M.SchemaType.IsList || M.SchemaType.Optional) {
      Why = "optional lists cannot be returned";
      return false;
    }
    M.SchemaType.Optional = true;
  } else if (!mapValue(T, M, Why)) {
    return false;
  }
  if (M.SchemaType.Optional && M.SchemaType.isTensorLike() &&
      M.SchemaType.IsList) {
    Why = "optional tensor lists cannot be returned";
    return false;
  }
  Out.push_back({"", M.SchemaType});
  return true;
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
  if (const auto *Init = dyn_cast<InitListExpr>(E)) {
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
  if (const auto *Str = dyn_cast<StringLiteral>(E)) {
    if (T.Base != BaseType::Str || T.IsList || !Str->isOrdinary())
      return std::nullopt;
    V.Value = Str->getString().str();
    return V;
  }
  if (T.IsList)
    return std::nullopt;
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

} // namespace opgen
