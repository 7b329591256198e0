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

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

/// Declares \p Var, the value of the llvm::Expected \p Expr, or returns its
/// error from the enclosing function (which returns an Error or Expected).
#define OPGEN_TRY(Var, Expr)                                                   \
  auto Var##OrErr = (Expr);                                                    \
  if (!Var##OrErr)                                                             \
    return Var##OrErr.takeError();                                             \
  auto &Var = *Var##OrErr

namespace opgen {

/// The flavour of a library's generated files (docs/stable-abi.md): classic
/// (TORCH_LIBRARY, wrappers taking the dispatcher's C++ types, C++ fakes and
/// autograd) or stable (STABLE_TORCH_LIBRARY, TORCH_BOX wrappers, fakes and
/// autograd registered in Python). Each emitter below writes its one output
/// in either flavour; the stable flavour's own shapes are in Stable.cpp and
/// StablePython.cpp, its type translations in api/.
enum class Flavour { Classic, Stable };

/// The flavour of \p L's files: its kernels' ABI.
Flavour flavourOf(const OpLibrary &L);

// Registration.cpp
/// registration.cpp: the library's schemas and kernels, one library block
/// per namespace and one impl block per namespace and dispatch key; for the
/// classic flavour also the synthesised Meta kernels and Autocast kernels.
llvm::Expected<std::string>
emitRegistration(const OpLibrary &L, const EmitOptions &Opts, Flavour F);

// Shards.cpp
/// shards/<source>: the wrappers of the kernels that \p Source hosts.
llvm::Expected<std::string> emitShard(const OpLibrary &L,
                                      const std::string &Source,
                                      const EmitOptions &Opts, Flavour F);
/// shards/<source>.h: the declarations of the wrappers of that shard.
llvm::Expected<std::string> emitShardDeclarations(const OpLibrary &L,
                                                  const std::string &Source,
                                                  const EmitOptions &Opts,
                                                  Flavour F);
/// opgen_kernels.h: every wrapper registration.cpp registers.
llvm::Expected<std::string>
emitKernelDeclarations(const OpLibrary &L, const EmitOptions &Opts, Flavour F);
/// The lines before the definition of \p K's wrapper in \p Source's shard:
/// empty, or for a function declared in a header (which the shards of all
/// sources that include it host) a note and `__attribute__((weak))`.
std::string sharedWrapperLinkage(const Kernel &K, const std::string &Source,
                                 const EmitOptions &Opts);

// Autograd.cpp
/// autograd.cpp: a torch::autograd::Function and an Autograd kernel per op
/// with a backward (or that is one); the stable flavour has none (its
/// autograd is in the fakes module) and says so.
llvm::Expected<std::string> emitAutograd(const OpLibrary &L,
                                         const EmitOptions &Opts, Flavour F);
/// autograd.h: the declarations of those Autograd kernels.
llvm::Expected<std::string> emitAutogradDeclarations(const OpLibrary &L,
                                                     const EmitOptions &Opts,
                                                     Flavour F);

// OpsHeader.cpp
/// include/<package>/ops.h: a typed C++ entry point per op; the stable
/// flavour has none and says so.
llvm::Expected<std::string> emitOpsHeader(const OpLibrary &L,
                                          const EmitOptions &Opts, Flavour F);

// PythonPackage.cpp
/// python/<package>/__init__.py: loads the library and the fakes.
llvm::Expected<std::string> emitPythonInit(const OpLibrary &L,
                                           const EmitOptions &Opts);
/// python/<package>/<fake module>.py: the author's fakes and skeletons.
llvm::Expected<std::string> emitPythonFakes(const OpLibrary &L,
                                            const EmitOptions &Opts, Flavour F);
/// python/<package>/ops.py: a typed Python function per op.
llvm::Expected<std::string> emitPythonOps(const OpLibrary &L,
                                          const EmitOptions &Opts);
/// python/<package>/ops.pyi: the stub of ops.py and of torch.ops.<ns>.
llvm::Expected<std::string> emitPyi(const OpLibrary &L,
                                    const EmitOptions &Opts);
/// python/<package>/py.typed: PEP 561's marker, empty, so that type
/// checkers read the installed package's ops.pyi.
llvm::Expected<std::string> emitPyTyped(const OpLibrary &L,
                                        const EmitOptions &Opts);

// Tests.cpp
/// tests/test_<package>_ops.py: the generated opcheck tests.
llvm::Expected<std::string> emitTests(const OpLibrary &L,
                                      const EmitOptions &Opts);

// Stable.cpp: the stable flavour's C++ shapes (docs/stable-abi.md).
/// The registration of the boxed wrapper of \p K in a
/// STABLE_TORCH_LIBRARY_IMPL block.
TemplateRecord stableImpl(const Op &O, const Kernel &K);
/// The definition of the TORCH_BOX wrapper of \p K in \p Source's shard.
TemplateRecord stableWrapper(const Op &O, const Kernel &K,
                             const std::string &Source, const EmitOptions &Opts);
/// A file a stable library has nothing for (autograd.cpp, autograd.h, ops.h):
/// a comment saying where that part lives instead (\p About).
llvm::Expected<std::string> stableNone(const OpLibrary &L,
                                       const EmitOptions &Opts,
                                       const std::string &About);

// StablePython.cpp
/// The Python registrations of a stable-ABI library, for its fakes module:
/// register_fake of the synthesised fakes, register_autograd of the ops with
/// a backward (and of backward ops, to refuse double backward).
llvm::Expected<std::string> stablePythonRegistrations(const OpLibrary &L);

// BuildFiles.cpp
/// CMakeLists.txt: builds the library from the output directory alone.
llvm::Expected<std::string> emitCMakeLists(const OpLibrary &L,
                                           const EmitOptions &Opts, Flavour F);

// Manifest.cpp
/// manifest.json: the ops and \p Files, every generated file.
llvm::Expected<std::string> emitManifest(const OpLibrary &L,
                                         const std::vector<std::string> &Files);

} // namespace opgen

#endif // OPGEN_EMIT_DEST_EMITTERS_H
