//===- WriterTest.cpp - Tests for the write phase -------------------------===//
///
/// \file
/// Writes into a fresh temporary directory and checks what the writer
/// changed, kept, removed and reported: only changed files are replaced,
/// files an earlier manifest owns are removed, nothing outside it is, and a
/// failed or --check run leaves the directory as it was.
//===----------------------------------------------------------------------===//

#include "opgen/write/Writer.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

using namespace opgen;
namespace fs = std::filesystem;

namespace {

/// The files \p List, each path once.
FileSet filesOf(std::initializer_list<std::pair<std::string, std::string>> List) {
  FileSet Files;
  for (const auto &[Path, Text] : List)
    EXPECT_FALSE(Files.add(Path, Text)) << Path;
  return Files;
}

/// opgen::writeFiles of the files \p List.
bool writeFiles(const std::string &Dir,
                std::initializer_list<std::pair<std::string, std::string>> List,
                bool CheckOnly, DiagSink &Diags) {
  return opgen::writeFiles(Dir, filesOf(List), CheckOnly, Diags);
}


class WriterTest : public ::testing::Test {
protected:
  void SetUp() override {
    Dir = fs::temp_directory_path() /
          ("opgen-writer-test-" + std::to_string(::getpid()) + "-" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(Dir);
    fs::create_directories(Dir);
  }
  void TearDown() override { fs::remove_all(Dir); }

  std::string read(const std::string &Name) const {
    std::ifstream In(Dir / Name, std::ios::binary);
    std::ostringstream SS;
    SS << In.rdbuf();
    return SS.str();
  }
  void put(const std::string &Name, const std::string &Text) const {
    fs::create_directories((Dir / Name).parent_path());
    std::ofstream(Dir / Name, std::ios::binary) << Text;
  }
  /// A manifest whose "files" list is \p Files (JSON array text).
  static std::string manifest(const std::string &Files) {
    return "{\n  \"generator\": \"opgen\",\n  \"ops\": [],\n  \"files\": " + Files +
           "\n}\n";
  }
  std::vector<DiagId> ids(const RecordingDiagSink &Diags) const {
    std::vector<DiagId> Out;
    for (const auto &R : Diags.Records)
      Out.push_back(R.Id);
    return Out;
  }

  fs::path Dir;
};

TEST_F(WriterTest, WritesNewFilesAndTheirDirectories) {
  RecordingDiagSink Diags;
  ASSERT_TRUE(writeFiles(Dir.string(), {{"a.cpp", "A"}, {"python/pkg/ops.py", "B"}},
                         /*CheckOnly=*/false, Diags));
  EXPECT_EQ(read("a.cpp"), "A");
  EXPECT_EQ(read("python/pkg/ops.py"), "B");
  EXPECT_TRUE(Diags.Records.empty());
  // No temporary file is left behind.
  for (const auto &E : fs::recursive_directory_iterator(Dir))
    EXPECT_EQ(E.path().string().find(".opgen-tmp"), std::string::npos) << E.path();
}

TEST_F(WriterTest, LeavesUnchangedFilesAlone) {
  put("same.cpp", "S");
  put("changed.cpp", "old");
  auto SameTime = fs::last_write_time(Dir / "same.cpp");
  auto ChangedTime = fs::last_write_time(Dir / "changed.cpp");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  RecordingDiagSink Diags;
  ASSERT_TRUE(writeFiles(Dir.string(), {{"same.cpp", "S"}, {"changed.cpp", "new"}},
                         false, Diags));
  EXPECT_EQ(fs::last_write_time(Dir / "same.cpp"), SameTime);
  EXPECT_NE(fs::last_write_time(Dir / "changed.cpp"), ChangedTime);
  EXPECT_EQ(read("changed.cpp"), "new");
}

TEST_F(WriterTest, RemovesWhatTheEarlierManifestOwnsAndNothingElse) {
  put("manifest.json", manifest("[\"manifest.json\", \"old.cpp\", \"kept.cpp\"]"));
  put("old.cpp", "stale");
  put("kept.cpp", "K");
  put("mine.txt", "a file opgen never wrote");
  RecordingDiagSink Diags;
  ASSERT_TRUE(writeFiles(Dir.string(),
                         {{"kept.cpp", "K"}, {"manifest.json", manifest("[]")}},
                         false, Diags));
  EXPECT_FALSE(fs::exists(Dir / "old.cpp"));
  EXPECT_TRUE(fs::exists(Dir / "kept.cpp"));
  EXPECT_TRUE(fs::exists(Dir / "mine.txt"));
}

TEST_F(WriterTest, NeverRemovesOutsideTheDirectoryOnAManifestsWord) {
  fs::path Outside = Dir.parent_path() / (Dir.filename().string() + "-outside.txt");
  std::ofstream(Outside) << "precious";
  put("sub/manifest.json",
      manifest("[\"../" + Outside.filename().string() + "\", \"" + Outside.string() +
               "\"]"));
  RecordingDiagSink Diags;
  ASSERT_TRUE(writeFiles((Dir / "sub").string(), {{"manifest.json", manifest("[]")}},
                         false, Diags));
  EXPECT_TRUE(fs::exists(Outside));
  fs::remove(Outside);
}

TEST_F(WriterTest, AManifestThatDoesNotParseOwnsNothing) {
  // The old substring reader took this for a list naming x.cpp.
  put("manifest.json", "{\"files\": [\"x.cpp\"");
  put("x.cpp", "X");
  RecordingDiagSink Diags;
  ASSERT_TRUE(writeFiles(Dir.string(), {{"manifest.json", manifest("[]")}}, false,
                         Diags));
  EXPECT_TRUE(fs::exists(Dir / "x.cpp"));
  // "files" must be the top-level list: a nested one owns nothing either.
  put("manifest.json", "{\"ops\": [{\"files\": [\"x.cpp\"]}], \"files\": []}");
  ASSERT_TRUE(writeFiles(Dir.string(), {{"manifest.json", manifest("[]")}}, false,
                         Diags));
  EXPECT_TRUE(fs::exists(Dir / "x.cpp"));
}

TEST_F(WriterTest, CheckOnlyReportsAndWritesNothing) {
  put("manifest.json", manifest("[\"manifest.json\", \"gone.cpp\"]"));
  put("gone.cpp", "G");
  put("same.cpp", "S");
  RecordingDiagSink Diags;
  EXPECT_FALSE(writeFiles(Dir.string(),
                          {{"same.cpp", "S"},
                           {"missing.cpp", "M"},
                           {"manifest.json", manifest("[\"manifest.json\"]")}},
                          /*CheckOnly=*/true, Diags));
  // missing.cpp and the manifest are out of date, gone.cpp should not exist.
  EXPECT_EQ(ids(Diags), (std::vector<DiagId>{DiagId::StaleOutput, DiagId::StaleOutput,
                                             DiagId::StaleOutput}));
  EXPECT_FALSE(fs::exists(Dir / "missing.cpp"));
  EXPECT_TRUE(fs::exists(Dir / "gone.cpp"));

  // Exactly what is there: up to date.
  RecordingDiagSink Clean;
  EXPECT_TRUE(writeFiles(Dir.string(),
                         {{"same.cpp", "S"},
                          {"gone.cpp", "G"},
                          {"manifest.json",
                           manifest("[\"manifest.json\", \"gone.cpp\"]")}},
                         true, Clean));
  EXPECT_TRUE(Clean.Records.empty());
}

TEST_F(WriterTest, AFailureLeavesThePreviousOutputAsItWas) {
  put("a.cpp", "old a");
  fs::create_directories(Dir / "blocked.cpp"); // a directory in the way
  RecordingDiagSink Diags;
  EXPECT_FALSE(writeFiles(Dir.string(), {{"a.cpp", "new a"}, {"blocked.cpp", "B"}},
                          false, Diags));
  EXPECT_EQ(ids(Diags), std::vector<DiagId>{DiagId::CannotWrite});
  EXPECT_EQ(read("a.cpp"), "old a");
  for (const auto &E : fs::recursive_directory_iterator(Dir))
    EXPECT_EQ(E.path().string().find(".opgen-tmp"), std::string::npos) << E.path();
}

TEST_F(WriterTest, WriteFileIfChangedKeepsAnUnchangedFile) {
  RecordingDiagSink Diags;
  std::string Path = (Dir / "rec.json").string();
  ASSERT_TRUE(writeFileIfChanged(Path, "R", false, Diags));
  auto Time = fs::last_write_time(Path);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_TRUE(writeFileIfChanged(Path, "R", false, Diags));
  EXPECT_EQ(fs::last_write_time(Path), Time);
  EXPECT_FALSE(writeFileIfChanged(Path, "other", /*CheckOnly=*/true, Diags));
  EXPECT_EQ(ids(Diags), std::vector<DiagId>{DiagId::StaleOutput});
  EXPECT_EQ(read("rec.json"), "R");
}

TEST_F(WriterTest, DepfileEscapesAndListsOnlyExistingFiles) {
  put("with space.h", "");
  put("dollar$.h", "");
  RecordingDiagSink Diags;
  std::string Dep = (Dir / "out.d").string();
  ASSERT_TRUE(writeDepfile(Dep, "gen/manifest.json",
                           {(Dir / "with space.h").string(),
                            (Dir / "dollar$.h").string(),
                            (Dir / "deleted.h").string()},
                           Diags));
  std::string Text = read("out.d");
  EXPECT_EQ(Text.rfind("gen/manifest.json:", 0), 0u) << Text;
  EXPECT_NE(Text.find("with\\ space.h"), std::string::npos) << Text;
  EXPECT_NE(Text.find("dollar$$.h"), std::string::npos) << Text;
  EXPECT_EQ(Text.find("deleted.h"), std::string::npos) << Text;
}

// A FileSet holds one text per path: a second one is an error, not a
// silent overwrite, and leaves the first in place.
TEST(FileSetTest, ASecondFileForAPathIsAnError) {
  FileSet Files;
  ASSERT_FALSE(Files.add("a.cpp", "first"));
  llvm::Error E = Files.add("a.cpp", "second");
  ASSERT_TRUE(static_cast<bool>(E));
  EXPECT_EQ(llvm::toString(std::move(E)), "two files for 'a.cpp'");
  EXPECT_EQ(Files.at("a.cpp"), "first");
  EXPECT_EQ(Files.size(), 1u);
}

TEST(FileSetTest, MergingSetsThatShareAPathAddsNothing) {
  FileSet Files = filesOf({{"a.cpp", "A"}});
  FileSet Other = filesOf({{"b.cpp", "B"}, {"a.cpp", "other A"}});
  llvm::Error E = Files.add(Other);
  ASSERT_TRUE(static_cast<bool>(E));
  EXPECT_EQ(llvm::toString(std::move(E)), "two files for 'a.cpp'");
  EXPECT_EQ(Files, filesOf({{"a.cpp", "A"}}));
  ASSERT_FALSE(Files.add(filesOf({{"b.cpp", "B"}})));
  EXPECT_EQ(Files, filesOf({{"a.cpp", "A"}, {"b.cpp", "B"}}));
}

} // namespace
