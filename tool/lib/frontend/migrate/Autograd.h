//===- Autograd.h - torch::autograd::Function classes, read -----*- C++ -*-===//
///
/// \file
/// opgen migrate's reading of hand-written autograd: an Autograd kernel
/// that applies a `torch::autograd::Function`, the Function's forward and
/// backward lowered to a MigrationFunction (model/Migration.h), and the C++
/// API wrappers that call an op through the dispatcher. Only
/// Registrations.cpp includes it.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_FRONTEND_MIGRATE_AUTOGRAD_H
#define OPGEN_FRONTEND_MIGRATE_AUTOGRAD_H

#include "opgen/model/Migration.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"

#include <functional>
#include <optional>
#include <string>

namespace opgen {
namespace migrate {

/// A function's identity across translation units (Registrations.cpp).
using Identify = std::function<std::string(const clang::FunctionDecl &)>;

/// The op \p FD's body calls with its parameters in order and returns,
/// through a typed dispatcher handle (`static auto op =
/// c10::Dispatcher::singleton().findSchemaOrThrow("ns::op", "")...;
/// return op.call(...);`): `ns::op[.overload]`.
std::optional<std::string> wrappedOp(const clang::FunctionDecl &FD);

/// The Function class \p Kernel's body applies (`return F::apply(params in
/// order)[0];`, or `auto r = F::apply(...); return std::make_tuple(r[0],
/// ...)`), when that is all it does.
const clang::CXXRecordDecl *appliedFunction(const clang::FunctionDecl &Kernel);

/// A Function class read, with the identities of the functions its forward
/// and backward call (C++ API wrappers, resolved to ops by the caller;
/// empty when the call names its op itself).
struct FunctionRead {
  MigrationFunction F;
  std::string ForwardWrapper, BackwardWrapper;
};

/// Reads \p Class's static `forward` and `backward`.
FunctionRead readFunction(clang::ASTContext &Ctx,
                          const clang::CXXRecordDecl &Class,
                          const Identify &Id);

} // namespace migrate
} // namespace opgen

#endif // OPGEN_FRONTEND_MIGRATE_AUTOGRAD_H
