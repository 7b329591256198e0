//===- CompileCommands.h - The compile command of every parse ---*- C++ -*-===//
///
/// \file
/// How every opgen parse is set up, whether it parses a source (Tooling) or
/// builds a preamble (preamble/): the compile database (`-p`, or opgen's
/// default flags), opgen's adjustment of each command for a syntax-only
/// parse, and the CUDA prelude (`cuda_prelude.h`, embedded at build time)
/// that every CUDA parse includes first. It calls neither Tooling nor the
/// preamble; both call it. Private to the frontend.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_FRONTEND_COMPILECOMMANDS_H
#define OPGEN_LIB_FRONTEND_COMPILECOMMANDS_H

#include "opgen/frontend/Frontend.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>

namespace opgen {

/// Called with a source's final compile command (after opgen's own
/// adjustments), to change it.
using ArgumentsHook =
    std::function<void(clang::tooling::CommandLineArguments &, llvm::StringRef)>;

/// opgen's adjustment of a compile command for its syntax-only parse (nvcc
/// flags dropped, language mode, CUDA prelude, `--` arguments).
clang::tooling::CommandLineArguments
adjustArguments(const clang::tooling::CommandLineArguments &Args,
                llvm::StringRef File, const FrontendOptions &Opts);

/// The text of opgen's CUDA prelude (lib/frontend/cuda_prelude.h), which
/// every CUDA parse (and a CUDA preamble) includes first, and the (virtual)
/// path it is included by.
llvm::StringRef cudaPrelude();
llvm::StringRef cudaPreludePath();

/// The compile database of \p Opts (`-p`, or opgen's default flags); null
/// after reporting why it cannot be read.
std::unique_ptr<clang::tooling::CompilationDatabase>
loadDatabase(const FrontendOptions &Opts, DiagSink &Diags);

/// Sets \p Tool up as every opgen parse is: the CUDA prelude, then
/// adjustArguments, then \p Hook.
void configureTool(clang::tooling::ClangTool &Tool, const FrontendOptions &Opts,
                   ArgumentsHook Hook);

} // namespace opgen

#endif // OPGEN_LIB_FRONTEND_COMPILECOMMANDS_H
