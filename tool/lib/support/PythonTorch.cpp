//===- PythonTorch.cpp - Asking a Python interpreter for its torch --------===//

#include "opgen/support/PythonTorch.h"

#include "llvm/ADT/ArrayRef.h"
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

// The op names the module's register_fake calls name, read by Python's own
// parser: `register_fake("ns::op")` (torch.library's, as a call or a
// decorator, however it is imported) and `register_fake(torch.ops.ns.op)`,
// `.default` being the op itself. One line each, `op<TAB>name`; a module
// that does not parse gives `syntax<TAB>line<TAB>column<TAB>message`.
constexpr const char *FakesQuery = R"(import ast, sys
path = sys.argv[1]
try:
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
except SyntaxError as e:
    print("syntax", e.lineno or 1, e.offset or 1, e.msg, sep="\t")
    sys.exit(0)

def dotted(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return list(reversed(parts))

def op_name(arg):
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        name = arg.value
    else:
        parts = dotted(arg)
        if len(parts) not in (4, 5) or parts[:2] != ["torch", "ops"]:
            return None
        name = parts[2] + "::" + ".".join(parts[3:])
    ns, sep, op = name.partition("::")
    if not sep or not ns.isidentifier() or not op:
        return None
    return name[: -len(".default")] if name.endswith(".default") else name

for node in ast.walk(tree):
    if isinstance(node, ast.Call) and node.args:
        called = dotted(node.func)
        if called and called[-1] == "register_fake":
            name = op_name(node.args[0])
            if name:
                print("op", name, sep="\t")
)";

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

llvm::Expected<std::string> runProgram(const std::string &Program,
                                       llvm::ArrayRef<llvm::StringRef> Args,
                                       const llvm::Twine &What) {
  auto Fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot ask '" + Program + "' " + What +
                                       ": " + Why);
  };
  if (Program.empty())
    return Fail("no program to run");
  std::string Path = Program;
  if (!llvm::StringRef(Path).contains('/'))
    if (auto Found = llvm::sys::findProgramByName(Path))
      Path = *Found;
  TempFile Out, Err;
  if (llvm::sys::fs::createTemporaryFile("opgen-python", "out", Out.Path) ||
      llvm::sys::fs::createTemporaryFile("opgen-python", "err", Err.Path))
    return Fail("cannot create a temporary file");
  std::vector<llvm::StringRef> Argv{Program};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt,
                                                llvm::StringRef(Out.Path),
                                                llvm::StringRef(Err.Path)};
  std::string ExecError;
  int Rc = llvm::sys::ExecuteAndWait(Path, Argv, std::nullopt, Redirects,
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
  return readAll(Out.Path);
}

namespace {
/// A Python is asked as any program is; none is the environment's to fix.
llvm::Expected<std::string> runPython(const std::string &Python,
                                      llvm::ArrayRef<llvm::StringRef> Args,
                                      const llvm::Twine &What) {
  if (Python.empty())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "cannot ask '' " + What +
            ": no Python interpreter (set OPGEN_PYTHON, or activate the "
            "environment that has torch)");
  return runProgram(Python, Args, What);
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
  const llvm::Twine What = "for torch";
  llvm::Expected<std::string> Text = runPython(Python, {"-c", Query}, What);
  if (!Text)
    return Text.takeError();
  llvm::SmallVector<llvm::StringRef, 3> Lines;
  llvm::StringRef(*Text).trim().split(Lines, '\n');
  if (Lines.size() != 3)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot ask '" + Python + "' " + What +
                                       ": unexpected answer '" + *Text + "'");
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

llvm::Expected<FakeRegistrations>
queryFakeRegistrations(const std::string &Python, llvm::StringRef File) {
  llvm::Expected<std::string> Text = runPython(
      Python, {"-c", FakesQuery, File},
      "which ops '" + File + "' registers fakes for");
  if (!Text)
    return Text.takeError();
  FakeRegistrations Result;
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  llvm::StringRef(*Text).split(Lines, '\n', -1, false);
  for (llvm::StringRef Line : Lines) {
    auto [Kind, Rest] = Line.split('\t');
    if (Kind == "op") {
      Result.Ops.insert(Rest.str());
    } else if (Kind == "syntax") {
      auto [LineNo, Tail] = Rest.split('\t');
      auto [Column, Message] = Tail.split('\t');
      Result.SyntaxError = Message.str();
      LineNo.getAsInteger(10, Result.ErrorLine);
      Column.getAsInteger(10, Result.ErrorColumn);
    }
  }
  return Result;
}

llvm::Expected<std::string> queryPlatlib(const std::string &Python) {
  llvm::Expected<std::string> Text = runPython(
      Python,
      {"-c", "import sysconfig; print(sysconfig.get_path('platlib', "
             "vars={'base': '', 'platbase': ''}).lstrip('/'))"},
      "for its site-packages");
  if (!Text)
    return Text.takeError();
  return llvm::StringRef(*Text).trim().str();
}

} // namespace opgen
