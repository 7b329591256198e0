//===- MetaSafety.cpp - Whether a kernel body runs on Meta tensors --------===//
//
// A backward such as
//
//   std::tuple<at::Tensor, at::Tensor> scale_rows_backward(
//       const at::Tensor& grad, const at::Tensor& x, const at::Tensor& w) {
//     return {grad * w.unsqueeze(1), (grad * x).sum(1)};
//   }
//
// calls only dispatcher ops: on Meta (or fake) tensors each of them computes
// metadata, so the kernel itself is an exact fake. This file decides that
// conservatively, by allowing, not by forbidding: every call must be an ATen
// op or Tensor method (at::, torch::), a c10/std utility, or a lambda of the
// body, and none may read data on the host, copy across devices, ask which
// device a tensor is on or launch a kernel. Raw pointers, address-of,
// globals and calls opgen cannot see into (project functions, at::native::,
// CUDA APIs, function pointers) end it too. The first reason, in source
// order, is kept for docs/fakes.md's note.
//===----------------------------------------------------------------------===//
#include "analysis/MetaSafety.h"

#include "frontend/ast/Locations.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;

namespace opgen {

namespace {

/// Methods and functions that read or write a tensor's data on the host,
/// move it across devices, ask for its device, or whose output sizes depend
/// on the data: never meta-safe, whatever class or namespace they are in.
const std::set<std::string> &forbiddenNames() {
  static const std::set<std::string> Names = {
      // data on the host
      "data_ptr", "const_data_ptr", "mutable_data_ptr", "data", "accessor",
      "packed_accessor32", "packed_accessor64", "generic_packed_accessor",
      "item", "_local_scalar_dense", "tolist", "storage", "unsafeGetTensorImpl",
      "is_nonzero", "equal", "allclose", "from_blob", "tensor", "print",
      "operator<<",
      // devices and copies
      "cpu", "cuda", "copy_", "_copy_from", "is_cpu", "is_cuda", "is_meta",
      "get_device", "device_type", "is_pinned", "pin_memory",
      // output sizes that depend on the data
      "nonzero", "nonzero_static", "argwhere", "unique", "_unique", "_unique2",
      "unique_consecutive", "unique_dim", "masked_select", "bincount", "histc",
      "repeat_interleave", "nonzero_numpy",
      // host-side parallel loops and memory
      "parallel_for", "parallel_reduce", "memcpy", "memset", "memmove"};
  return Names;
}

/// Classes whose methods are allowed (besides the lambdas of the body).
bool allowedClass(std::string Name) {
  for (const char *Inline : {"__cxx11::", "__1::"}) {
    size_t At = Name.find(Inline);
    if (At != std::string::npos)
      Name.erase(At, std::string(Inline).size());
  }
  static const std::set<std::string> Classes = {
      "at::Tensor", "at::TensorBase", "c10::TensorOptions", "c10::Scalar",
      "c10::ArrayRef", "c10::OptionalArrayRef", "c10::SymInt", "c10::SymFloat",
      "c10::SymBool", "c10::optional", "std::optional", "c10::List",
      "c10::MaybeOwned", "c10::SmallVector", "c10::SmallVectorImpl",
      "c10::SmallVectorTemplateCommon", "c10::Device", "c10::basic_string_view",
      "c10::integer_range", "c10::detail::integer_iterator",
      "std::vector", "std::tuple", "std::pair", "std::array", "std::basic_string",
      "std::basic_string_view", "std::initializer_list", "std::basic_ostream",
      "std::basic_ostringstream"};
  return Classes.count(Name) != 0;
}

/// The namespace \p D is declared in, qualified (`at`, `c10::detail`).
std::string namespaceOf(const Decl *D) {
  const DeclContext *C = D->getDeclContext();
  while (C && !C->isNamespace() && !C->isTranslationUnit())
    C = C->getParent();
  if (const auto *N = dyn_cast_or_null<NamespaceDecl>(C))
    return N->getQualifiedNameAsString();
  return "";
}

/// Free functions (and constructed classes) are allowed from these
/// namespaces only: the ATen ops (at::, torch::), c10 and std utilities.
/// Not at::native, at::cuda, at::cpu, at::detail, c10::cuda, ...: those
/// are kernels and device APIs, not dispatcher calls.
bool allowedNamespace(std::string N) {
  for (const char *Inline : {"::__cxx11", "::__1"}) {
    size_t At = N.find(Inline);
    if (At != std::string::npos)
      N.erase(At, std::string(Inline).size());
  }
  static const std::set<std::string> Namespaces = {
      "at", "torch", "at::indexing", "torch::indexing", "c10", "c10::detail",
      "std"};
  return Namespaces.count(N) != 0;
}

class Checker : public RecursiveASTVisitor<Checker> {
public:
  std::string Why;
  SourceLocation WhyLoc;

  bool shouldVisitLambdaBody() const { return true; }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    return fail("launches a CUDA kernel", E->getBeginLoc());
  }

  bool VisitCallExpr(CallExpr *E) {
    if (isa<CUDAKernelCallExpr>(E))
      return true;
    const FunctionDecl *F = E->getDirectCallee();
    if (!F)
      return fail("calls a function through a pointer or a dependent name",
                  E->getBeginLoc());
    if (F->getBuiltinID())
      return true;
    std::string Name = F->getDeclName().isIdentifier()
                           ? F->getName().str()
                           : F->getNameAsString();
    if (forbiddenNames().count(Name))
      return fail(reasonFor(Name), E->getExprLoc());
    if (const auto *M = dyn_cast<CXXMethodDecl>(F)) {
      const CXXRecordDecl *Class = M->getParent();
      if (Class->isLambda())
        return true;
      std::string ClassName = Class->getQualifiedNameAsString();
      if (!allowedClass(ClassName))
        return fail("calls '" + ClassName + "::" + Name +
                        "', which opgen does not know to run on Meta tensors",
                    E->getExprLoc());
      if (ClassName == "c10::Device" &&
          (Name == "is_cpu" || Name == "is_cuda" || Name == "type" ||
           Name == "index" || Name == "has_index" || Name == "str"))
        return fail("asks which device a tensor is on ('" + Name + "()')",
                    E->getExprLoc());
      // Concrete sizes throw on symbolic (dynamic-shape) fake tensors; the
      // sym_* readers serve both.
      if ((ClassName == "at::Tensor" || ClassName == "at::TensorBase") &&
          (Name == "size" || Name == "sizes" || Name == "numel" ||
           Name == "stride" || Name == "strides"))
        return fail("reads concrete sizes ('" + Name + "()'), which fails "
                    "under dynamic shapes; use sym_" + Name + "()",
                    E->getExprLoc());
      if (Name == "to" && ClassName != "c10::Scalar")
        for (const Expr *A : E->arguments())
          // A default argument (`std::optional<MemoryFormat>` of
          // `to(dtype)`) moves nothing.
          if (!isa<CXXDefaultArgExpr>(A) && movesDevice(A->getType()))
            return fail("'to' may copy the tensor to another device",
                        E->getExprLoc());
      return true;
    }
    std::string N = namespaceOf(F);
    if (!allowedNamespace(N))
      return fail("calls '" + F->getQualifiedNameAsString() +
                      "', which opgen does not follow (it allows ATen ops, "
                      "Tensor methods and c10/std utilities)",
                  E->getExprLoc());
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    const CXXRecordDecl *Class = E->getConstructor()->getParent();
    if (Class->isLambda() || allowedClass(Class->getQualifiedNameAsString()))
      return true;
    std::string N = namespaceOf(Class);
    if (allowedNamespace(N) &&
        Class->getName() != "TensorIterator" &&
        Class->getName() != "TensorIteratorConfig")
      return true;
    return fail("makes a '" + Class->getQualifiedNameAsString() +
                    "', which opgen does not know to work on Meta tensors",
                E->getBeginLoc());
  }

  bool VisitVarDecl(VarDecl *V) {
    QualType T = V->getType().getNonReferenceType();
    if (T->isPointerType() || T->isArrayType())
      return fail("declares the raw pointer or array '" + V->getName().str() +
                      "'",
                  V->getLocation());
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *V = dyn_cast<VarDecl>(E->getDecl());
    if (!V || !V->hasGlobalStorage())
      return true;
    QualType T = V->getType();
    if (T.isConstQualified() && (T->isScalarType() || T->isEnumeralType()))
      return true;
    return fail("reads the global or static variable '" + V->getName().str() +
                    "'",
                E->getLocation());
  }

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      return fail("takes an address", U->getOperatorLoc());
    if (U->getOpcode() == UO_Deref)
      return fail("dereferences a pointer", U->getOperatorLoc());
    return true;
  }

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    return fail("indexes a raw pointer or array", E->getExprLoc());
  }

  bool VisitMemberExpr(MemberExpr *E) {
    if (E->isArrow() && !isa<CXXThisExpr>(E->getBase()->IgnoreImpCasts()))
      return fail("reads through a pointer ('->')", E->getOperatorLoc());
    return true;
  }

  bool VisitCXXNewExpr(CXXNewExpr *E) {
    return fail("allocates host memory with 'new'", E->getBeginLoc());
  }

  bool VisitCXXThrowExpr(CXXThrowExpr *) { return true; }

private:
  static std::string reasonFor(const std::string &Name) {
    static const std::set<std::string> Device = {
        "cpu", "cuda", "copy_", "_copy_from", "is_cpu", "is_cuda", "is_meta",
        "get_device", "device_type", "is_pinned", "pin_memory"};
    static const std::set<std::string> Sizes = {
        "nonzero", "nonzero_static", "argwhere", "unique", "_unique",
        "_unique2", "unique_consecutive", "unique_dim", "masked_select",
        "bincount", "histc", "repeat_interleave", "nonzero_numpy"};
    if (Device.count(Name))
      return "calls '" + Name + "', which copies across devices or asks for "
             "one";
    if (Sizes.count(Name))
      return "calls '" + Name + "', whose output sizes depend on the data";
    return "calls '" + Name + "', which reads or writes data on the host";
  }

  /// A `to(...)` argument that names a device (or a tensor or options that
  /// carry one).
  static bool movesDevice(QualType T) {
    T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
    if (const auto *ET = T->getAs<EnumType>())
      return ET->getDecl()->getQualifiedNameAsString() == "c10::DeviceType";
    if (const CXXRecordDecl *D = T->getAsCXXRecordDecl()) {
      std::string N = D->getQualifiedNameAsString();
      // An optional moves a device when what it holds does.
      if (N == "std::optional" || N == "c10::optional") {
        const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(D);
        if (!Spec || Spec->getTemplateArgs().size() < 1 ||
            Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
          return true;
        return movesDevice(Spec->getTemplateArgs()[0].getAsType());
      }
      return N == "c10::Device" || N == "c10::TensorOptions" ||
             N == "at::Tensor" || N == "at::TensorBase";
    }
    return false;
  }

  bool fail(std::string Reason, SourceLocation Loc) {
    Why = std::move(Reason);
    WhyLoc = Loc;
    return false; // stops the traversal: the first reason is kept
  }
};

} // namespace

MetaSafety analyzeMetaSafety(ASTContext &Ctx, const FunctionDecl &Def,
                             const std::string &Root) {
  MetaSafety Out;
  const Stmt *Body = Def.getBody();
  if (!Body) {
    Out.Why = "its body was not parsed";
    Out.WhyLoc = toSourceLoc(Ctx.getSourceManager(), Def.getLocation(), Root);
    return Out;
  }
  Checker C;
  C.TraverseStmt(const_cast<Stmt *>(Body));
  if (C.Why.empty()) {
    Out.Safe = true;
    return Out;
  }
  Out.Why = C.Why;
  Out.WhyLoc = toSourceLoc(Ctx.getSourceManager(),
                           Ctx.getSourceManager().getFileLoc(C.WhyLoc), Root);
  return Out;
}

} // namespace opgen
