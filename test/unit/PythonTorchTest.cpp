//===- PythonTorchTest.cpp - Asking an interpreter for its torch ----------===//
///
/// \file
/// queryPythonTorch against the project's interpreter (torch installed) and
/// against interpreters that cannot answer.
//===----------------------------------------------------------------------===//

#include "opgen/support/PythonTorch.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

using namespace opgen;

TEST(PythonTorchTest, AsksTheInterpreterForItsTorch) {
  auto Torch = queryPythonTorch(OPGEN_TEST_PYTHON);
  ASSERT_TRUE(static_cast<bool>(Torch)) << llvm::toString(Torch.takeError());
  EXPECT_EQ(Torch->Python, OPGEN_TEST_PYTHON);
  EXPECT_EQ(Torch->TorchVersion.rfind(OPGEN_TEST_TORCH_VERSION, 0), 0u)
      << Torch->TorchVersion;
  ASSERT_EQ(Torch->IncludeDirs.size(), 2u);
  EXPECT_TRUE(std::filesystem::exists(Torch->IncludeDirs[0] + "/torch/library.h"));
  EXPECT_TRUE(std::filesystem::exists(Torch->IncludeDirs[1] + "/torch/all.h"));
  EXPECT_TRUE(std::filesystem::exists(Torch->PythonIncludeDir + "/Python.h"));
}

TEST(PythonTorchTest, ReportsAnInterpreterThatCannotAnswer) {
  auto Missing = queryPythonTorch("/nonexistent/bin/python");
  ASSERT_FALSE(static_cast<bool>(Missing));
  EXPECT_NE(llvm::toString(Missing.takeError()).find("/nonexistent/bin/python"),
            std::string::npos);
  auto Failing = queryPythonTorch("/bin/false");
  ASSERT_FALSE(static_cast<bool>(Failing));
  EXPECT_NE(llvm::toString(Failing.takeError()).find("exit status 1"),
            std::string::npos);
  auto None = queryPythonTorch("");
  ASSERT_FALSE(static_cast<bool>(None));
  EXPECT_NE(llvm::toString(None.takeError()).find("OPGEN_PYTHON"), std::string::npos);
}

TEST(PythonTorchTest, EnvironmentPythonPrefersOpgenPython) {
  ::setenv("OPGEN_PYTHON", "/some/python", 1);
  EXPECT_EQ(environmentPython(), "/some/python");
  ::unsetenv("OPGEN_PYTHON");
  EXPECT_FALSE(environmentPython().empty());
}
