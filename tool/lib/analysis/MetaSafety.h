//===- MetaSafety.h - Whether a kernel body runs on Meta tensors -*- C++ -*-===//
///
/// \file
/// Part of the frontend: decides, conservatively, whether a kernel's body
/// only calls ATen/dispatcher ops on tensors (`grad * w.unsqueeze(1)`,
/// `at::empty(sizes, x.options())`, `(grad * x).sum(1)`), so that it runs
/// on Meta and fake tensors as it is and can be registered as the op's
/// fake. Anything that reads or writes data on the host (`data_ptr`,
/// accessors, `item()`), launches a kernel, copies to the host, asks which
/// device a tensor is on, uses raw pointers or calls a function opgen does
/// not know (a project function, `at::native::`, CUDA APIs) makes it not
/// meta-safe, with the reason. docs/fakes.md lists the rules.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_ANALYSIS_METASAFETY_H
#define OPGEN_LIB_ANALYSIS_METASAFETY_H

#include "opgen/model/Model.h"

#include "clang/AST/Decl.h"

#include <string>

namespace opgen {

/// Whether the body of \p Def (a definition) is meta-safe; when not, the
/// first reason in source order. \p Root is the directory locations are
/// shown relative to.
MetaSafety analyzeMetaSafety(clang::ASTContext &Ctx,
                             const clang::FunctionDecl &Def,
                             const std::string &Root);

} // namespace opgen

#endif // OPGEN_LIB_ANALYSIS_METASAFETY_H
