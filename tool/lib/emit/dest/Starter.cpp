//===- Starter.cpp - The starter project of `opgen init` ------------------===//
//
// The files of a new op library: every template under templates/init/,
// rendered with the namespace. `gitignore` is written as `.gitignore`. And
// its compile_commands.json, from the include directories the driver found.
//===----------------------------------------------------------------------===//
#include "opgen/emit/Emit.h"
#include "opgen/model/Schema.h"
#include "opgen/model/SourceKind.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <string_view>

namespace opgen {

namespace {

constexpr std::string_view InitPrefix = "init/";

// Python's keywords (keyword.kwlist): a package cannot be named after one.
constexpr std::string_view PythonKeywords[] = {
    "False", "None",   "True",    "and",      "as",       "assert", "async",
    "await", "break",  "class",   "continue", "def",      "del",    "elif",
    "else",  "except", "finally", "for",      "from",     "global", "if",
    "import", "in",    "is",      "lambda",   "nonlocal", "not",    "or",
    "pass",  "raise",  "return",  "try",      "while",    "with",   "yield"};

// C++'s keywords and alternative tokens: the kernel's C++ namespace is named
// after the op namespace.
constexpr std::string_view CppKeywords[] = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor",
    "bool", "break", "case", "catch", "char", "char8_t", "char16_t",
    "char32_t", "class", "compl", "concept", "const", "consteval",
    "constexpr", "constinit", "const_cast", "continue", "co_await",
    "co_return", "co_yield", "decltype", "default", "delete", "do", "double",
    "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false",
    "float", "for", "friend", "goto", "if", "inline", "int", "long",
    "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr",
    "operator", "or", "or_eq", "private", "protected", "public", "register",
    "reinterpret_cast", "requires", "return", "short", "signed", "sizeof",
    "static", "static_assert", "static_cast", "struct", "switch", "template",
    "this", "thread_local", "throw", "true", "try", "typedef", "typeid",
    "typename", "union", "unsigned", "using", "virtual", "void", "volatile",
    "wchar_t", "while", "xor", "xor_eq"};

// Namespaces PyTorch itself registers ops in.
constexpr std::string_view TorchNamespaces[] = {"aten", "prim", "prims",
                                                "torch", "quantized"};

template <size_t N>
bool isIn(const std::string_view (&List)[N], std::string_view S) {
  return std::find(std::begin(List), std::end(List), S) != std::end(List);
}

} // namespace

llvm::Error checkStarterNamespace(const std::string &Namespace) {
  auto Problem = [](const char *Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  };
  if (Namespace.empty())
    return Problem("it is empty");
  bool Chars = (std::isalpha(static_cast<unsigned char>(Namespace[0])) ||
                Namespace[0] == '_') &&
               std::all_of(Namespace.begin(), Namespace.end(), [](char C) {
                 return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
               });
  if (!Chars)
    return Problem("it is not an identifier");
  if (isIn(CppKeywords, Namespace))
    return Problem("it is a C++ keyword");
  if (isIn(PythonKeywords, Namespace))
    return Problem("it is a Python keyword");
  if (!isIdentifier(Namespace))
    return Problem("it is a keyword of torch's schema language");
  if (isIn(TorchNamespaces, Namespace))
    return Problem("PyTorch registers its own ops there");
  return llvm::Error::success();
}

llvm::Expected<FileSet> emitStarterProject(const std::string &Namespace) {
  FileSet Files;
  for (const std::string &Name : templateNames(std::string(InitPrefix))) {
    std::string Path = Name.substr(InitPrefix.size());
    if (Path == "gitignore")
      Path = ".gitignore";
    llvm::Expected<std::string> Text =
        renderTemplate(Name, {{"namespace", Namespace}});
    if (!Text)
      return Text.takeError();
    if (llvm::Error E = Files.add(Path, std::move(*Text)))
      return E;
  }
  return Files;
}

std::string emitStarterCompileCommands(const FileSet &Files,
                                       const std::string &ProjectDir,
                                       const StarterIncludes &Includes) {
  std::vector<std::string> Common = {"-std=c++17"};
  auto System = [&](const std::string &Dir) {
    if (!Dir.empty())
      Common.push_back("-isystem" + Dir);
  };
  System(Includes.RuntimeIncludeDir);
  for (const std::string &Dir : Includes.TorchIncludeDirs)
    System(Dir);
  System(Includes.PythonIncludeDir);
  llvm::json::Array Entries;
  for (const auto &[Path, Text] : Files) {
    std::optional<SourceKind> Kind = classifySource(Path);
    if (!Kind || !Kind->Compiled)
      continue;
    llvm::SmallString<256> File(ProjectDir);
    llvm::sys::path::append(File, Path);
    // What clangd needs of a .cu file: clang's CUDA mode for the host side
    // (as opgen parses it, frontend/Tooling.cpp), with the toolkit's headers
    // when there is a toolkit.
    std::vector<std::string> Args = {"c++"};
    if (Kind->Cuda) {
      Args.insert(Args.end(), {"-x", "cuda", "--cuda-host-only",
                               "-Wno-unknown-cuda-version"});
      if (Includes.CudaRoot.empty()) {
        Args.push_back("-nocudainc");
      } else {
        llvm::SmallString<256> Include(Includes.CudaRoot);
        llvm::sys::path::append(Include, "include");
        Args.push_back("--cuda-path=" + Includes.CudaRoot);
        Args.push_back("-isystem" + std::string(Include));
      }
    }
    Args.insert(Args.end(), Common.begin(), Common.end());
    Args.insert(Args.end(), {"-c", std::string(File)});
    llvm::json::Array Arguments;
    for (const std::string &A : Args)
      Arguments.push_back(A);
    Entries.push_back(llvm::json::Object{{"directory", ProjectDir},
                                         {"file", std::string(File)},
                                         {"arguments", std::move(Arguments)}});
  }
  return llvm::formatv("{0:2}", llvm::json::Value(std::move(Entries))).str() + "\n";
}

} // namespace opgen
