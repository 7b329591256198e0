//===- OutputsTest.cpp - Tests for the table of generated files -----------===//

#include "EmitFixtures.h"
#include "opgen/emit/Emit.h"
#include "opgen/emit/Outputs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

using namespace opgen;
using namespace opgen::test;

namespace {

std::vector<std::string> paths(const std::vector<OutputFile> &Files) {
  std::vector<std::string> Out;
  for (const OutputFile &F : Files)
    Out.push_back(F.Path + " " + std::string(outputKindName(F.Kind)));
  return Out;
}

/// Expects emitAll(\p L) to write exactly the files listOutputs names (for
/// sources under \p Root, output in <Root>/gen); returns them.
std::set<std::string> expectEmitsWhatItLists(const OpLibrary &L,
                                             const std::string &Root) {
  EmitOptions Opts;
  Opts.OutputDir = Root + "/gen";
  Opts.Root = Root;
  Opts.RuntimeIncludeDir = Root + "/runtime/include";
  std::set<std::string> Emitted, Listed;
  for (const auto &[Path, Text] : emitted(L, Opts))
    Emitted.insert(Path);
  for (const OutputFile &F : listOutputs(outputNames(L)))
    Listed.insert(F.Path);
  EXPECT_EQ(Emitted, Listed);
  return Listed;
}

TEST(OutputsTest, ExpandsPlaceholdersAndShardsPerCompiledSource) {
  OutputNames Names;
  Names.PythonPackage = "mylib";
  Names.FakeModule = "my_fakes";
  // A header gets no shard; two sources of one file name get their
  // trailing paths.
  Names.Sources = {"/a/crop.cpp", "/b/k.h", "/c/rows.cu", "/d/crop.cpp"};
  Names.Shards = shardPaths(Names.Sources);
  EXPECT_EQ(paths(listOutputs(Names)),
            (std::vector<std::string>{
                "registration.cpp compiled", "autograd.cpp compiled",
                "shards/a/crop.cpp compiled", "shards/rows.cu compiled",
                "shards/d/crop.cpp compiled", "shards/a/crop.cpp.h header",
                "shards/rows.cu.h header", "shards/d/crop.cpp.h header",
                "autograd.h header", "opgen_kernels.h header",
                "include/mylib/ops.h header", "python/mylib/__init__.py python",
                "python/mylib/ops.py python", "python/mylib/my_fakes.py python",
                "python/mylib/ops.pyi python", "python/mylib/py.typed python",
                "tests/test_mylib_ops.py test",
                "CMakeLists.txt other", "manifest.json other"}));
}

TEST(OutputsTest, ShardsOfOneFileNameTakeTheShortestTrailingPath) {
  using Map = std::map<std::string, std::string>;
  // Unique file names: `shards/<file name>`; headers: none.
  EXPECT_EQ(shardPaths({"/x/ops/a.cpp", "/x/b.cu", "/x/a.h"}),
            (Map{{"/x/ops/a.cpp", "shards/a.cpp"}, {"/x/b.cu", "shards/b.cu"}}));
  // The shortest trailing path that no other source shares, whatever the
  // order of the sources.
  std::vector<std::string> Sources = {"/v/ops/cpu/nms_kernel.cpp",
                                      "/v/ops/autocast/nms_kernel.cpp",
                                      "/w/cpu/nms_kernel.cpp", "/v/nms.cpp"};
  Map Expected = {{"/v/ops/cpu/nms_kernel.cpp", "shards/ops/cpu/nms_kernel.cpp"},
                  {"/v/ops/autocast/nms_kernel.cpp",
                   "shards/autocast/nms_kernel.cpp"},
                  {"/w/cpu/nms_kernel.cpp", "shards/w/cpu/nms_kernel.cpp"},
                  {"/v/nms.cpp", "shards/nms.cpp"}};
  EXPECT_EQ(shardPaths(Sources), Expected);
  std::reverse(Sources.begin(), Sources.end());
  EXPECT_EQ(shardPaths(Sources), Expected);
  // A source whose whole path ends another's.
  EXPECT_EQ(shardPaths({"/a/k.cpp", "/x/a/k.cpp"}),
            (Map{{"/a/k.cpp", "shards/a/k.cpp"},
                 {"/x/a/k.cpp", "shards/x/a/k.cpp"}}));
}

TEST(OutputsTest, NoPythonPackageLeavesOutThePackageRows) {
  OpLibrary L;
  L.PythonPackage = "vision";
  L.PythonModule = "vision._meta_registrations";
  L.GeneratePackage = false;
  L.Sources = {"/a/boxes.cpp"};
  EXPECT_EQ(paths(listOutputs(outputNames(L))),
            (std::vector<std::string>{
                "registration.cpp compiled", "autograd.cpp compiled",
                "shards/boxes.cpp compiled", "shards/boxes.cpp.h header",
                "autograd.h header", "opgen_kernels.h header",
                "include/vision/ops.h header",
                "python/vision/_opgen_fakes.py python",
                "python/vision/ops.pyi python", "tests/test_vision_ops.py test",
                "CMakeLists.txt other", "manifest.json other"}));
  expectEmitsWhatItLists(L, "/a");
}

TEST(OutputsTest, EmitAllWritesExactlyTheListedFiles) {
  OpLibrary L;
  L.PythonPackage = "p";
  L.LibraryName = "p_ops";
  L.Sources = {"/src/one.cpp", "/src/two.cc", "/src/inc.h"};
  L.Fakes = FakeModule{"author_fakes", "author_fakes.py", "import torch\n"};
  std::set<std::string> Listed = expectEmitsWhatItLists(L, "/src");
  EXPECT_TRUE(Listed.count("python/p/author_fakes.py"));
  EXPECT_TRUE(Listed.count("shards/two.cc.h"));
}

} // namespace
