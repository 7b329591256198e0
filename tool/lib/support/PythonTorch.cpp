//===- PythonTorch.cpp - Asking a Python interpreter for its torch --------===//

#include "opgen/support/PythonTorch.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>
#include <optional>

namespace opgen {

namespace {

// One line each: version, include directories (os.pathsep-separated),
// Python's include directory.
constexpr const char *Query =
    "import os, sysconfig, torch\n"
    "inc = os.path.join(os.path.dirname(torch.__file__), 'include')\n"
    "print(torch.__version__)\n"
    "print(os.pathsep.join([inc, os.path.join(inc, 'torch', 'csrc', 'api', "
    "'include')]))\n"
    "print(sysconfig.get_paths()['include'])\n";

/// A temporary file removed when this goes out of scope.
struct TempFile {
  llvm::SmallString<128> Path;
  ~TempFile() {
    if (!Path.empty())
      llvm::sys::fs::remove(Path);
  }
};

std::string readAll(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  return Buffer ? (*Buffer)->getBuffer().str() : std::string();
}

} // namespace

std::string environmentPython() {
  if (const char *Env = std::getenv("OPGEN_PYTHON"); Env && *Env)
    return Env;
  if (const char *Venv = std::getenv("VIRTUAL_ENV"); Venv && *Venv) {
    llvm::SmallString<256> Python(Venv);
    llvm::sys::path::append(Python, "bin", "python");
    if (llvm::sys::fs::can_execute(Python))
      return std::string(Python);
  }
  for (const char *Name : {"python3", "python"})
    if (auto Found = llvm::sys::findProgramByName(Name))
      return *Found;
  return "";
}

llvm::Expected<PythonTorch> queryPythonTorch(const std::string &Python) {
  auto Fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot ask '" + Python +
                                       "' for torch: " + Why);
  };
  if (Python.empty())
    return Fail("no Python interpreter (set OPGEN_PYTHON, or activate the "
                "environment that has torch)");
  TempFile Out, Err;
  if (llvm::sys::fs::createTemporaryFile("opgen-python", "out", Out.Path) ||
      llvm::sys::fs::createTemporaryFile("opgen-python", "err", Err.Path))
    return Fail("cannot create a temporary file");
  llvm::StringRef Args[] = {Python, "-c", Query};
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt,
                                                llvm::StringRef(Out.Path),
                                                llvm::StringRef(Err.Path)};
  std::string ExecError;
  int Rc = llvm::sys::ExecuteAndWait(Python, Args, std::nullopt, Redirects,
                                     /*SecondsToWait=*/120, 0, &ExecError);
  if (Rc != 0) {
    std::string Message = ExecError;
    if (Message.empty()) {
      // The last line of the traceback says why (ModuleNotFoundError...).
      std::string Stderr = readAll(Err.Path);
      llvm::StringRef Text = llvm::StringRef(Stderr).rtrim();
      Message = Text.substr(Text.rfind('\n') + 1).str(); // npos + 1: all
    }
    return Fail(Message.empty() ? "exit status " + std::to_string(Rc) : Message);
  }
  llvm::SmallVector<llvm::StringRef, 3> Lines;
  std::string Text = readAll(Out.Path);
  llvm::StringRef(Text).trim().split(Lines, '\n');
  if (Lines.size() != 3)
    return Fail("unexpected answer '" + Text + "'");
  PythonTorch Result;
  Result.Python = Python;
  Result.TorchVersion = Lines[0].trim().str();
  llvm::SmallVector<llvm::StringRef, 2> Dirs;
  Lines[1].trim().split(Dirs, llvm::sys::EnvPathSeparator, -1, false);
  for (llvm::StringRef Dir : Dirs)
    Result.IncludeDirs.push_back(Dir.str());
  Result.PythonIncludeDir = Lines[2].trim().str();
  return Result;
}

} // namespace opgen
