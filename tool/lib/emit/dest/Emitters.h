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

#include <map>
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
/// autograd registered in Python). Everything that differs between the two
/// is a method here, grouped by output, and each flavour's answers live in
/// one place: ClassicFlavour (Classic.cpp) and StableFlavour (Stable.cpp).
/// The emitters below write what both share and ask the flavour for the
/// rest; none of them asks which flavour it has.
class Flavour {
public:
  virtual ~Flavour() = default;

  // registration.cpp (Registration.cpp)
  /// Adds to \p Def (op, where, schema) what this flavour's def() takes
  /// besides the schema (classic: the tags).
  virtual void defineOp(const Op &O, TemplateRecord &Def) const = 0;
  /// The library block of \p Ns: its ops' \p Defs.
  virtual llvm::Expected<std::string>
  libraryBlock(const OpLibrary &L, const std::string &Ns,
               const std::vector<TemplateRecord> &Defs) const = 0;
  /// The template of an impl block (`namespace`, `key`, `impls`).
  virtual const char *implBlockTemplate() const = 0;
  /// Adds the registrations of \p O's kernels for \p Key to \p Impls.
  virtual void addImpls(const Op &O, DispatchKey Key,
                        std::vector<TemplateRecord> &Impls) const = 0;
  /// The blocks of \p Ns after those of its dispatch keys.
  virtual llvm::Expected<std::string>
  keylessBlocks(const OpLibrary &L, const std::string &Ns) const = 0;
  /// registration.cpp around the namespaces' \p Blocks.
  virtual llvm::Expected<std::string>
  registrationFile(const OpLibrary &L, const EmitOptions &Opts,
                   const std::string &Blocks) const = 0;

  // shards/<source>, shards/<source>.h, opgen_kernels.h (Shards.cpp)
  /// The definition of \p K's wrapper in \p Source's shard.
  virtual llvm::Expected<TemplateRecord>
  wrapper(const Op &O, const Kernel &K, const std::string &Source,
          const EmitOptions &Opts) const = 0;
  /// The shard around its \p Wrappers (\p Vars: source,
  /// declarations_header, include_path); \p NeedsCuda: a wrapper runs on a
  /// CUDA device.
  virtual llvm::Expected<std::string>
  shardFile(std::map<std::string, std::string> Vars,
            const std::vector<TemplateRecord> &Wrappers,
            bool NeedsCuda) const = 0;
  /// The template of a declarations header (`sources`, `about`,
  /// `includes`, `declarations`).
  virtual const char *declarationsTemplate() const = 0;
  /// One wrapper's declaration record, in this flavour's calling convention.
  virtual TemplateRecord wrapperDeclaration(const Op &O,
                                            const Kernel &K) const = 0;
  /// What a shard's declarations header says it declares.
  virtual std::string shardDeclarationsAbout(const std::string &Shard,
                                             const std::string &Shown) const = 0;
  /// What opgen_kernels.h says it declares, and what it includes besides
  /// the shards' headers.
  virtual std::string kernelDeclarationsAbout() const = 0;
  virtual std::string kernelDeclarationsIncludes() const = 0;

  // autograd.cpp, autograd.h, include/<package>/ops.h
  virtual llvm::Expected<std::string> autograd(const OpLibrary &L,
                                               const EmitOptions &Opts) const = 0;
  virtual llvm::Expected<std::string>
  autogradDeclarations(const OpLibrary &L, const EmitOptions &Opts) const = 0;
  virtual llvm::Expected<std::string> opsHeader(const OpLibrary &L,
                                                const EmitOptions &Opts) const = 0;

  // python/<package>/<fake module>.py (PythonPackage.cpp)
  /// Whether a synthesised fake is a Python function of the fakes module
  /// (else a C++ Meta kernel of registration.cpp).
  virtual bool synthesizedFakesInPython() const = 0;
  /// What the fakes module registers besides fakes (stable: autograd).
  virtual llvm::Expected<std::string>
  pythonRegistrations(const OpLibrary &L) const = 0;
  /// How the fakes module comes to be imported, for its header comment.
  virtual std::string fakesHowImported() const = 0;
  /// The template of the generated fakes module.
  virtual const char *fakesTemplate() const = 0;

  // CMakeLists.txt (BuildFiles.cpp)
  /// The template that links the library (`library`, `target_version`,
  /// `target_torch`).
  virtual const char *linkTemplate() const = 0;
};

/// The flavour of \p L's files: its kernels' ABI.
const Flavour &flavourOf(const OpLibrary &L);
/// The two flavours (Classic.cpp, Stable.cpp).
const Flavour &classicFlavour();
const Flavour &stableFlavour();

// Registration.cpp
/// registration.cpp: the library's schemas and kernels, one library block
/// per namespace and one impl block per namespace and dispatch key, then
/// the flavour's other blocks.
llvm::Expected<std::string>
emitRegistration(const OpLibrary &L, const EmitOptions &Opts, const Flavour &F);
/// The impl block of \p Ns for \p Key in \p F's template, or nothing
/// without \p Impls.
llvm::Expected<std::string> implBlock(const std::string &Ns,
                                      const std::string &Key,
                                      const std::vector<TemplateRecord> &Impls,
                                      const Flavour &F);

// Shards.cpp
/// shards/<source>: the wrappers of the kernels that \p Source hosts.
llvm::Expected<std::string> emitShard(const OpLibrary &L,
                                      const std::string &Source,
                                      const EmitOptions &Opts, const Flavour &F);
/// shards/<source>.h: the declarations of the wrappers of that shard.
llvm::Expected<std::string> emitShardDeclarations(const OpLibrary &L,
                                                  const std::string &Source,
                                                  const EmitOptions &Opts,
                                                  const Flavour &F);
/// opgen_kernels.h: every wrapper registration.cpp registers.
llvm::Expected<std::string> emitKernelDeclarations(const OpLibrary &L,
                                                   const EmitOptions &Opts,
                                                   const Flavour &F);
/// The lines before the definition of \p K's wrapper in \p Source's shard:
/// empty, or for a function declared in a header (which the shards of all
/// sources that include it host) a note and `__attribute__((weak))`.
std::string sharedWrapperLinkage(const Kernel &K, const std::string &Source,
                                 const EmitOptions &Opts);
/// Whether \p K's wrapper runs on a CUDA device.
bool cudaKernel(const Kernel &K);

// PythonPackage.cpp
/// python/<package>/__init__.py: loads the library and the fakes.
llvm::Expected<std::string> emitPythonInit(const OpLibrary &L,
                                           const EmitOptions &Opts);
/// python/<package>/<fake module>.py: the author's fakes and skeletons.
llvm::Expected<std::string> emitPythonFakes(const OpLibrary &L,
                                            const EmitOptions &Opts,
                                            const Flavour &F);
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

// BuildFiles.cpp
/// CMakeLists.txt: builds the library from the output directory alone.
llvm::Expected<std::string> emitCMakeLists(const OpLibrary &L,
                                           const EmitOptions &Opts,
                                           const Flavour &F);

// The classic flavour's pieces (ClassicFlavour, Classic.cpp, answers with
// them).
// Autograd.cpp
/// autograd.cpp: a torch::autograd::Function and an Autograd kernel per op
/// with a backward (or that is one), and the kernels of ops without one.
llvm::Expected<std::string> classicAutograd(const OpLibrary &L,
                                            const EmitOptions &Opts);
/// autograd.h: the declarations of those Autograd kernels.
llvm::Expected<std::string> classicAutogradDeclarations(const OpLibrary &L,
                                                        const EmitOptions &Opts);
// OpsHeader.cpp
/// include/<package>/ops.h: a typed C++ entry point per op.
llvm::Expected<std::string> classicOpsHeader(const OpLibrary &L,
                                             const EmitOptions &Opts);

// The stable flavour's pieces (StableFlavour, Stable.cpp, answers with
// them).
// StablePython.cpp
/// The Python registrations of a stable-ABI library, for its fakes module:
/// register_fake of the synthesised fakes, register_autograd of the ops with
/// a backward (and of backward ops, to refuse double backward).
llvm::Expected<std::string> stablePythonRegistrations(const OpLibrary &L);

// Manifest.cpp
/// manifest.json: the ops and \p Files, every generated file.
llvm::Expected<std::string> emitManifest(const OpLibrary &L,
                                         const std::vector<std::string> &Files);

} // namespace opgen

#endif // OPGEN_EMIT_DEST_EMITTERS_H
