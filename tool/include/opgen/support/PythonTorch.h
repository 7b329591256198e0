//===- PythonTorch.h - Asking a Python interpreter for its torch -*- C++ -*-===//
///
/// \file
/// opgen links no Python and bakes no torch path in: where it needs torch's
/// headers (parsing without a compile database, `opgen init`'s
/// compile_commands.json), it asks the Python of the environment, as
/// torch.utils.cpp_extension does.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_SUPPORT_PYTHONTORCH_H
#define OPGEN_SUPPORT_PYTHONTORCH_H

#include "llvm/Support/Error.h"

#include <set>
#include <string>
#include <vector>

namespace opgen {

/// What one interpreter says about its torch.
struct PythonTorch {
  std::string Python;                   ///< the interpreter asked
  std::string TorchVersion;             ///< torch.__version__
  std::vector<std::string> IncludeDirs; ///< torch's include directories
  std::string PythonIncludeDir;         ///< Python.h's directory
};

/// The interpreter of the environment: $OPGEN_PYTHON, else the active
/// virtual environment's ($VIRTUAL_ENV/bin/python), else python3 on PATH.
/// Empty when there is none.
std::string environmentPython();

/// Runs \p Python to ask for its torch. Fails with the interpreter's own
/// message when it cannot import torch.
llvm::Expected<PythonTorch> queryPythonTorch(const std::string &Python);

/// Which ops a Python fakes module (--fake-module) registers fakes for.
struct FakeRegistrations {
  std::set<std::string> Ops; ///< `ns::op` or `ns::op.overload`
  std::string SyntaxError;   ///< Python's message where the module does not parse
  unsigned ErrorLine = 0, ErrorColumn = 0;
};

/// Asks \p Python's own parser (ast) which op names \p File's
/// `register_fake` calls name (a string, or `torch.ops.ns.op[.overload]`).
/// Nothing is imported: torch is not needed.
llvm::Expected<FakeRegistrations> queryFakeRegistrations(const std::string &Python,
                                                         llvm::StringRef File);

/// \p Python's site-packages relative to its prefix
/// (lib/python3.X/site-packages): where `cmake --install --prefix <venv>`
/// puts a package for that environment.
llvm::Expected<std::string> queryPlatlib(const std::string &Python);

/// Runs \p Program (a path, or a name on PATH) with \p Args and returns what
/// it printed; fails, saying it could not ask \p What, with the last line
/// of what it printed on stderr.
llvm::Expected<std::string> runProgram(const std::string &Program,
                                       llvm::ArrayRef<llvm::StringRef> Args,
                                       const llvm::Twine &What);

} // namespace opgen

#endif
