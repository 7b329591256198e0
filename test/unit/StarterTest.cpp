//===- StarterTest.cpp - The files of `opgen init` ------------------------===//
#include "opgen/emit/Emit.h"

#include "llvm/Support/JSON.h"

#include <algorithm>

#include <gtest/gtest.h>

using namespace opgen;

namespace {

std::vector<std::string> arguments(const llvm::json::Object &Entry) {
  std::vector<std::string> Out;
  for (const llvm::json::Value &A : *Entry.getArray("arguments"))
    Out.push_back(A.getAsString()->str());
  return Out;
}

/// The starter project of \p Namespace, or (failing the test) no files.
FileSet starter(const std::string &Namespace) {
  llvm::Expected<FileSet> Files = emitStarterProject(Namespace);
  if (!Files) {
    ADD_FAILURE() << llvm::toString(Files.takeError());
    return {};
  }
  return std::move(*Files);
}

/// Why \p Namespace cannot name a starter project, or empty.
std::string namespaceProblem(const std::string &Namespace) {
  llvm::Error E = checkStarterNamespace(Namespace);
  return E ? llvm::toString(std::move(E)) : "";
}

TEST(StarterTest, NamespaceProblemsAreErrors) {
  EXPECT_EQ(namespaceProblem("fastops"), "");
  EXPECT_EQ(namespaceProblem(""), "it is empty");
  EXPECT_EQ(namespaceProblem("1ops"), "it is not an identifier");
  EXPECT_EQ(namespaceProblem("class"), "it is a C++ keyword");
  EXPECT_EQ(namespaceProblem("lambda"), "it is a Python keyword");
  EXPECT_EQ(namespaceProblem("aten"), "PyTorch registers its own ops there");
}

TEST(StarterTest, ProjectHasTheCudaKernel) {
  FileSet Files = starter("fastops");
  ASSERT_TRUE(Files.count("src/softsign.cpp"));
  ASSERT_TRUE(Files.count("src/softsign_cuda.cu"));
  EXPECT_NE(Files.at("src/softsign_cuda.cu").find(
                "[[custom_op(\"fastops::softsign\""),
            std::string::npos);
  EXPECT_NE(Files.at("CMakeLists.txt").find("list(APPEND SOURCES src/softsign_cuda.cu)"),
            std::string::npos);
}

TEST(StarterTest, CompileCommandsListEachCompiledSource) {
  FileSet Files = starter("fastops");
  StarterIncludes Inc;
  Inc.RuntimeIncludeDir = "/opgen/runtime/include";
  Inc.TorchIncludeDirs = {"/torch/include", "/torch/include/api"};
  Inc.PythonIncludeDir = "/py/include";
  Inc.CudaRoot = "/cuda";
  llvm::Expected<llvm::json::Value> Db =
      llvm::json::parse(emitStarterCompileCommands(Files, "/p", Inc));
  ASSERT_TRUE(bool(Db)) << llvm::toString(Db.takeError());
  const llvm::json::Array &Entries = *Db->getAsArray();
  ASSERT_EQ(Entries.size(), 2u); // not the headers, samples, CMakeLists...
  const llvm::json::Object &Cpp = *Entries[0].getAsObject();
  EXPECT_EQ(*Cpp.getString("file"), "/p/src/softsign.cpp");
  EXPECT_EQ(*Cpp.getString("directory"), "/p");
  EXPECT_EQ(arguments(Cpp),
            (std::vector<std::string>{"c++", "-std=c++17", "-isystem/opgen/runtime/include",
                                      "-isystem/torch/include", "-isystem/torch/include/api",
                                      "-isystem/py/include", "-c", "/p/src/softsign.cpp"}));
  const llvm::json::Object &Cu = *Entries[1].getAsObject();
  EXPECT_EQ(*Cu.getString("file"), "/p/src/softsign_cuda.cu");
  std::vector<std::string> CuArgs = arguments(Cu);
  EXPECT_EQ(std::vector<std::string>(CuArgs.begin(), CuArgs.begin() + 7),
            (std::vector<std::string>{"c++", "-x", "cuda", "--cuda-host-only",
                                      "-Wno-unknown-cuda-version", "--cuda-path=/cuda",
                                      "-isystem/cuda/include"}));
}

TEST(StarterTest, CompileCommandsWithoutTorchOrCuda) {
  FileSet Files = starter("fastops");
  StarterIncludes Inc;
  Inc.RuntimeIncludeDir = "/opgen/runtime/include";
  llvm::Expected<llvm::json::Value> Db =
      llvm::json::parse(emitStarterCompileCommands(Files, "/p", Inc));
  ASSERT_TRUE(bool(Db)) << llvm::toString(Db.takeError());
  const llvm::json::Array &Entries = *Db->getAsArray();
  ASSERT_EQ(Entries.size(), 2u);
  EXPECT_EQ(arguments(*Entries[0].getAsObject()),
            (std::vector<std::string>{"c++", "-std=c++17", "-isystem/opgen/runtime/include",
                                      "-c", "/p/src/softsign.cpp"}));
  // No toolkit: clang's CUDA mode without CUDA's headers.
  std::vector<std::string> CuArgs = arguments(*Entries[1].getAsObject());
  EXPECT_NE(std::find(CuArgs.begin(), CuArgs.end(), "-nocudainc"), CuArgs.end());
}

} // namespace
