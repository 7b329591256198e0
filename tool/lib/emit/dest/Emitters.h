//===- Emitters.h - One emitter per generated file --------------*- C++ -*-===//
///
/// \file
/// The emitters of the generated files: pure functions from the library to
/// the text of one file, each filling its templates. emitAll walks the
/// table of outputs (emit/Outputs.cpp) and calls the emitter of each row.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_EMIT_DEST_EMITTERS_H
#define OPGEN_EMIT_DEST_EMITTERS_H

#include "opgen/emit/Emit.h"
#include "opgen/model/Model.h"

#include <string>
#include <vector>

namespace opgen {

// Registration.cpp
/// registration.cpp: TORCH_LIBRARY and TORCH_LIBRARY_IMPL blocks, and the
/// synthesised Meta kernels.
std::string emitRegistration(const OpLibrary &L, const EmitOptions &Opts);

// Shards.cpp
/// shards/<source>: the wrappers of the kernels that \p Source hosts.
std::string emitShard(const OpLibrary &L, const std::string &Source,
                      const EmitOptions &Opts);
/// shards/<source>.h: the declarations of the wrappers of that shard.
std::string emitShardDeclarations(const OpLibrary &L, const std::string &Source,
                                  const EmitOptions &Opts);
/// opgen_kernels.h: every wrapper registration.cpp registers.
std::string emitKernelDeclarations(const OpLibrary &L, const EmitOptions &Opts);

/// One wrapper's declaration record, in a flavour's calling convention.
using DeclareWrapper = TemplateRecord (*)(const Op &, const Kernel &);
/// The declarations of the wrappers \p Source's shard hosts (\p Source
/// empty: of the kernels no shard hosts, seen only from header inputs), for
/// the classic and the stable declarations headers alike.
std::vector<TemplateRecord> wrapperDeclarations(const OpLibrary &L,
                                                const std::string &Source,
                                                DeclareWrapper Declare);
/// The lines before the definition of \p K's wrapper in \p Source's shard:
/// empty, or for a function declared in a header (which the shards of all
/// sources that include it host) a note and `__attribute__((weak))`.
std::string sharedWrapperLinkage(const Kernel &K, const std::string &Source,
                                 const EmitOptions &Opts);
/// `#include "shards/<source>.h"` lines, one per source that has a shard,
/// after a blank line.
std::string shardHeaderIncludes(const OpLibrary &L);

// Autograd.cpp
/// autograd.cpp: a torch::autograd::Function and an Autograd kernel per op
/// with a backward (or that is one).
std::string emitAutograd(const OpLibrary &L, const EmitOptions &Opts);
/// autograd.h: the declarations of those Autograd kernels.
std::string emitAutogradDeclarations(const OpLibrary &L, const EmitOptions &Opts);

// OpsHeader.cpp
/// include/<package>/ops.h: a typed C++ entry point per op.
std::string emitOpsHeader(const OpLibrary &L, const EmitOptions &Opts);

// PythonPackage.cpp
/// python/<package>/__init__.py: loads the library and the fakes.
std::string emitPythonInit(const OpLibrary &L, const EmitOptions &Opts);
/// python/<package>/<fake module>.py: the author's fakes and skeletons.
std::string emitPythonFakes(const OpLibrary &L, const EmitOptions &Opts);
/// python/<package>/ops.py: a typed Python function per op.
std::string emitPythonOps(const OpLibrary &L, const EmitOptions &Opts);
/// python/<package>/ops.pyi: the stub of ops.py and of torch.ops.<ns>.
std::string emitPyi(const OpLibrary &L, const EmitOptions &Opts);
/// python/<package>/py.typed: PEP 561's marker, empty, so that type
/// checkers read the installed package's ops.pyi.
std::string emitPyTyped(const OpLibrary &L, const EmitOptions &Opts);

// Tests.cpp
/// tests/test_<package>_ops.py: the generated opcheck tests.
std::string emitTests(const OpLibrary &L, const EmitOptions &Opts);

// Stable.cpp: the C++ files of a stable-ABI library (OpLibrary::Abi).
/// registration.cpp: STABLE_TORCH_LIBRARY and STABLE_TORCH_LIBRARY_IMPL blocks.
std::string emitStableRegistration(const OpLibrary &L, const EmitOptions &Opts);
/// shards/<source>: the TORCH_BOX wrappers of the kernels \p Source hosts.
std::string emitStableShard(const OpLibrary &L, const std::string &Source,
                            const EmitOptions &Opts);
/// shards/<source>.h: the declarations of those wrappers.
std::string emitStableShardDeclarations(const OpLibrary &L,
                                        const std::string &Source,
                                        const EmitOptions &Opts);
/// opgen_kernels.h: every boxed wrapper registration.cpp registers.
std::string emitStableKernelDeclarations(const OpLibrary &L,
                                         const EmitOptions &Opts);
/// A file a stable library has nothing for (autograd.cpp, autograd.h, ops.h):
/// a comment saying where that part lives instead (\p About).
std::string emitStableNone(const OpLibrary &L, const EmitOptions &Opts,
                           const std::string &About);

// StablePython.cpp
/// The Python registrations of a stable-ABI library, for its fakes module:
/// register_fake of the synthesised fakes, register_autograd of the ops with
/// a backward (and of backward ops, to refuse double backward).
std::string stablePythonRegistrations(const OpLibrary &L);

// BuildFiles.cpp
/// CMakeLists.txt: builds the library from the output directory alone.
std::string emitCMakeLists(const OpLibrary &L, const EmitOptions &Opts);

// Manifest.cpp
/// manifest.json: the ops and \p Files, every generated file.
std::string emitManifest(const OpLibrary &L, const std::vector<std::string> &Files);

} // namespace opgen

#endif // OPGEN_EMIT_DEST_EMITTERS_H
