//===- Build.cpp - Building a preamble (opgen --build-preamble) -----------===//
//
// Building: a preamble is for one language, C++ or CUDA (C++ when there is
// a C++ source; sources of the other are left out: their parses differ in
// language mode, and CUDA's begins with opgen's CUDA prelude). The include
// lines common to the start of every source of that language are written
// to `<pch>.h` and compiled to `<pch>` with the first such source's compile
// command (the source's name replaced by the header's, `-x c++` by
// `-x c++-header`; CUDA stays `-x cuda`, with its prelude, which the PCH
// then holds), skipping every function body, as opgen's parse would
// (no kernel's annotation has been seen when those headers are read). While
// it is built, the preprocessor is watched: an include line whose header is
// a user header, has no include guard (re-including it after the PCH would
// not be a no-op), or holds an annotation (`[[custom_op...`, spelled out or
// through a macro: the token watcher that finds annotations in a parse sees
// every token of the preamble's headers too) ends the preamble before it,
// and it is built again without it.
//===----------------------------------------------------------------------===//
#include "frontend/AnnotationScanner.h"
#include "frontend/CompileCommands.h"
#include "frontend/preamble/Cache.h"
#include "frontend/preamble/Includes.h"
#include "frontend/preamble/Manifest.h"

#include "opgen/frontend/Frontend.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <climits>

using namespace clang;

namespace opgen {

using namespace preamble;

namespace {

/// What one build of a preamble saw.
struct BuildLog {
  std::set<std::string> Files;
  /// The first include line (0-based) that must not be in the preamble.
  size_t FirstUnfit = SIZE_MAX;
  /// Line -1: before the first include line (a file of `-include`): no
  /// preamble at all.
  void unfit(int Line) {
    FirstUnfit = std::min(FirstUnfit, static_cast<size_t>(std::max(Line, 0)));
  }
};

/// Watches the preamble header's include lines and the files they read.
class PreambleWatcher : public PPCallbacks {
public:
  PreambleWatcher(const SourceManager &SM, BuildLog &Log,
                  std::vector<OptionalFileEntryRef> &TopFiles, int &Line)
      : SM(SM), Log(Log), TopFiles(TopFiles), Line(Line) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &, StringRef,
                          bool, CharSourceRange, OptionalFileEntryRef File,
                          StringRef, StringRef, const Module *,
                          SrcMgr::CharacteristicKind) override {
    // Not isInMainFile: that includes the predefines buffer (`-include`).
    if (!SM.isWrittenInMainFile(HashLoc))
      return;
    ++Line;
    TopFiles.push_back(File);
  }

  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind Kind, FileID) override {
    if (Reason != EnterFile)
      return;
    FileID FID = SM.getFileID(Loc);
    if (FID == SM.getMainFileID())
      return;
    OptionalFileEntryRef Entry = SM.getFileEntryRefForID(FID);
    if (!Entry)
      return; // Built-in and command-line buffers.
    llvm::SmallString<256> Abs(Entry->getName());
    SM.getFileManager().makeAbsolutePath(Abs);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    if (Abs == cudaPreludePath())
      return; // opgen's own (virtual), first in every CUDA parse.
    Log.Files.insert(std::string(Abs));
    if (Kind == SrcMgr::C_User)
      Log.unfit(Line); // Only system headers are precompiled.
    // Included by the command line (`-include`): the PCH would hold it, and
    // the source's parse not read it again, or read it twice.
    SourceLocation From = SM.getIncludeLoc(FID);
    if (From.isValid() && !SM.getFileEntryRefForID(SM.getFileID(From)))
      Log.unfit(-1);
  }

private:
  const SourceManager &SM;
  BuildLog &Log;
  std::vector<OptionalFileEntryRef> &TopFiles;
  int &Line;
};

/// Counts what the annotation scanner finds: in a preamble, any annotation
/// (or a malformed one) makes its include line unfit.
class UnfitOnDiag : public DiagSink {
public:
  UnfitOnDiag(BuildLog &Log, const int &Line) : Log(Log), Line(Line) {}

protected:
  void emit(DiagId, const SourceLoc &, const std::vector<std::string> &) override {
    Log.unfit(Line);
  }

private:
  BuildLog &Log;
  const int &Line;
};

class PreambleAction : public GeneratePCHAction {
public:
  PreambleAction(std::string PchPath, BuildLog &Log)
      : PchPath(std::move(PchPath)), Log(Log), Sink(Log, Line) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // As opgen's parse: no body of a header function is parsed.
    CI.getFrontendOpts().SkipFunctionBodies = true;
    Preprocessor &PP = CI.getPreprocessor();
    Scanner = std::make_unique<AnnotationScanner>(PP, Sink, "/");
    PP.setTokenWatcher([this](const Token &T) {
      size_t Before = Scanner->foundCount();
      Scanner->onToken(T);
      if (Scanner->foundCount() != Before)
        Log.unfit(Line);
    });
    PP.addPPCallbacks(std::make_unique<PreambleWatcher>(CI.getSourceManager(),
                                                        Log, TopFiles, Line));
    return GeneratePCHAction::BeginSourceFileAction(CI);
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    CI.getFrontendOpts().OutputFile = PchPath;
    return GeneratePCHAction::CreateASTConsumer(CI, InFile);
  }

  void EndSourceFileAction() override {
    Scanner->finish();
    if (Scanner->foundCount())
      Log.unfit(Line);
    // A header without an include guard would be read again by the
    // source's own include line: it stays out.
    HeaderSearch &HS = getCompilerInstance().getPreprocessor().getHeaderSearchInfo();
    for (size_t I = 0; I < TopFiles.size(); ++I) {
      if (!TopFiles[I]) {
        Log.unfit(static_cast<int>(I));
        continue;
      }
      HeaderFileInfo &HFI = HS.getFileInfo(&TopFiles[I]->getFileEntry());
      if (!HFI.isPragmaOnce && !HFI.isImport && !HFI.ControllingMacro &&
          !HFI.ControllingMacroID)
        Log.unfit(static_cast<int>(I));
    }
    GeneratePCHAction::EndSourceFileAction();
  }

private:
  std::string PchPath;
  BuildLog &Log;
  int Line = -1;
  UnfitOnDiag Sink;
  std::unique_ptr<AnnotationScanner> Scanner;
  std::vector<OptionalFileEntryRef> TopFiles;
};

class PreambleActionFactory : public tooling::FrontendActionFactory {
public:
  PreambleActionFactory(std::string PchPath, BuildLog &Log)
      : PchPath(std::move(PchPath)), Log(Log) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<PreambleAction>(PchPath, Log);
  }

private:
  std::string PchPath;
  BuildLog &Log;
};

} // namespace

PreambleResult buildPreamble(const FrontendOptions &Opts,
                             const std::string &PchPath, DiagSink &Diags) {
  PreambleResult Result;
  std::string Pch = absolutePath(PchPath);
  std::string Header = Pch + ".h";
  std::unique_ptr<tooling::CompilationDatabase> Database =
      loadDatabase(Opts, Diags);
  if (!Database)
    return Result;

  // The include lines that begin every C++ source, or when there is none,
  // every CUDA source.
  std::optional<std::string> Language;
  for (const std::string &S : Opts.Sources) {
    std::optional<std::string> L = preambleLanguage(S);
    if (L && (!Language || *L == "c++"))
      Language = L;
  }
  std::vector<std::string> Sources;
  for (const std::string &S : Opts.Sources)
    if (Language && preambleLanguage(S) == Language)
      Sources.push_back(S);
  std::vector<std::string> Includes;
  for (size_t I = 0; I < Sources.size(); ++I) {
    std::vector<std::string> Leading =
        leadingIncludesOf(Sources[I]).value_or(std::vector<std::string>());
    if (I == 0) {
      Includes = Leading;
      continue;
    }
    size_t N = 0;
    while (N < Includes.size() && N < Leading.size() && Includes[N] == Leading[N])
      ++N;
    Includes.resize(N);
  }

  Manifest M;
  M.Clang = getClangFullVersion();
  M.Language = Language.value_or("c++");
  M.Prelude = preludeHash(M.Language);
  M.Pch = Pch;
  if (!Sources.empty()) {
    // The first source's command, as its parse will run it.
    std::vector<tooling::CompileCommand> Commands =
        Database->getCompileCommands(Sources.front());
    if (Commands.size() == 1) {
      tooling::CommandLineArguments Args = Commands.front().CommandLine;
      for (const tooling::ArgumentsAdjuster &Adjust :
           {tooling::getClangStripOutputAdjuster(),
            tooling::getClangSyntaxOnlyAdjuster(),
            tooling::getClangStripDependencyFileAdjuster()})
        Args = Adjust(Args, Commands.front().Filename);
      Args = adjustArguments(Args, Commands.front().Filename, Opts);
      M.Args = keyArguments(Args, Commands.front().Filename);
      M.Directory = absolutePath(Commands.front().Directory);
    } else {
      Includes.clear();
    }
  }
  M.Includes = Includes;

  // With a cache, the PCH and its include lines lie in the cache's entry
  // for these lines and this command. An entry that serves is taken under a
  // shared lock, as the parses that read its PCH hold theirs: a build of
  // another directory does not wait for them. One to be built is built
  // under an exclusive lock, which this build holds until it returns: a
  // second build of the same entry waits for the first, then takes what it
  // made.
  Result.Pch = M.Pch;
  auto Use = [&](const Manifest &Found) {
    Result.Manifest = writeManifest(Found);
    for (const auto &F : Found.Files)
      Result.Inputs.insert(F.first);
    Result.Includes = Found.Includes;
  };
  std::string Entry;
  std::unique_ptr<EntryLock> Lock;
  // Takes the preamble already made, when there is one: kept when it was
  // built from the same lines and command and nothing it read has changed;
  // or taken from the cache, where another build directory (or this one
  // before a clean, or a build of the same entry that this one waited for)
  // left it, complete (its manifest, written last, names the PCH's size and
  // time) and up to date.
  auto TakeMade = [&]() {
    std::optional<Manifest> Found;
    if (std::optional<Manifest> Old = readManifest(Pch + ".json"))
      if (sameBuild(*Old, M) && Old->Includes == M.Includes &&
          (M.Includes.empty() ? Old->Clang == M.Clang : upToDate(*Old)))
        Found = std::move(Old);
    if (!Found && !Entry.empty())
      if (std::optional<Manifest> Cached =
              readManifest(Entry + "/manifest.json"))
        if (entryServes(*Cached, M))
          Found = std::move(Cached);
    if (!Found)
      return false;
    if (!Entry.empty()) {
      touchEntry(Entry);
      evictEntries(Opts.PreambleCache, Entry);
    }
    Use(*Found);
    return true;
  };
  if (!Opts.PreambleCache.empty() && !M.Includes.empty()) {
    const std::string InCache = cacheEntry(Opts.PreambleCache, M);
    const int64_t Timeout = lockTimeoutSeconds();
    auto UseEntry = [&] {
      Entry = InCache;
      M.Pch = Result.Pch = Entry + "/preamble.pch";
      Header = Entry + "/preamble.h";
    };
    // Where the entry is used, a PCH of the build directory's own, from a
    // run without the cache, is not used again.
    auto DropOwn = [&] {
      llvm::sys::fs::remove(Pch);
      llvm::sys::fs::remove(Pch + ".h");
    };
    auto LeaveEntry = [&] {
      Entry.clear();
      M.Pch = Result.Pch = Pch;
      Header = Pch + ".h";
    };
    llvm::Expected<std::unique_ptr<EntryLock>> Shared =
        lockEntry(InCache, /*Exclusive=*/false, Timeout, /*Create=*/false);
    std::optional<LockFailed> Failed;
    if (Shared) {
      UseEntry();
      if (TakeMade()) {
        DropOwn();
        return Result;
      }
      LeaveEntry();
      Shared->reset(); // Before the exclusive lock, which it would block.
    } else {
      Failed = takeLockFailure(Shared.takeError());
    }
    // A cache that cannot be written, or an entry another build holds for
    // too long, is no reason to go without a preamble: it is built where it
    // would be without the cache.
    if (!Failed || Failed->Kind != LockFailure::Busy) {
      llvm::Expected<std::unique_ptr<EntryLock>> Locked =
          lockEntry(InCache, /*Exclusive=*/true, Timeout, /*Create=*/true);
      if (Locked) {
        Lock = std::move(*Locked);
        UseEntry();
        DropOwn();
        Failed.reset();
      } else {
        Failed = takeLockFailure(Locked.takeError());
      }
    }
    if (Failed && Failed->Kind == LockFailure::Busy)
      Diags.report(DiagId::PreambleCacheBusy, SourceLoc{},
                   {InCache, std::to_string(Timeout)});
    else if (Failed)
      Diags.report(DiagId::PreambleCacheUnwritable, SourceLoc{},
                   {absolutePath(Opts.PreambleCache), Failed->Why});
  }
  if (TakeMade())
    return Result;

  enum class Outcome { Built, NoneFits, Failed };
  // Builds the preamble \p M asks for from \p Header: Built (M then lists
  // the files it read), NoneFits or Failed (its include lines do not
  // compile); an error when a file of it cannot be written (why).
  // The PCH is written to a temporary name and renamed into place: a
  // reader sees the old PCH or the new one, never part of one.
  auto NotWritten = [](std::string Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  };
  auto Build = [&](Manifest &M,
                   const std::string &Header) -> llvm::Expected<Outcome> {
    if (!M.Includes.empty())
      llvm::sys::fs::create_directories(llvm::sys::path::parent_path(M.Pch));
    const std::string Temporary = M.Pch + ".tmp";
    while (!M.Includes.empty()) {
      std::string Text = "// opgen preamble: the leading include lines of the "
                         "sources, precompiled.\n";
      for (const std::string &I : M.Includes)
        Text += "#include <" + I + ">\n";
      // Rewritten only when its lines change: a cache entry's PCH another
      // build is using stays valid.
      auto Existing = llvm::MemoryBuffer::getFile(Header);
      if (!Existing || (*Existing)->getBuffer() != Text)
        if (llvm::Error E = writeAtomically(Header, Text)) {
          llvm::consumeError(std::move(E));
          return NotWritten("cannot write '" + Header + "'");
        }
      BuildLog Log;
      tooling::ClangTool Tool(*Database, {Sources.front()});
      IgnoringDiagConsumer Quiet; // The parses report the same errors.
      Tool.setDiagnosticConsumer(&Quiet);
      Tool.setPrintErrorMessage(false);
      configureTool(Tool, Opts, [&Header](tooling::CommandLineArguments &Out,
                                          StringRef File) {
        for (size_t I = 0; I < Out.size(); ++I) {
          if (Out[I] == File)
            Out[I] = Header;
          else if (Out[I] == "-x" && I + 1 < Out.size() && Out[I + 1] == "c++")
            Out[++I] = "c++-header";
        }
      });
      PreambleActionFactory Factory(Temporary, Log);
      // Clang writes no PCH after an error, even where the run counts as
      // a success.
      bool Built = Tool.run(&Factory) == 0 && llvm::sys::fs::exists(Temporary);
      if (Built && Log.FirstUnfit >= M.Includes.size()) {
        if (std::error_code EC = llvm::sys::fs::rename(Temporary, M.Pch)) {
          llvm::sys::fs::remove(Temporary);
          return NotWritten("cannot write '" + M.Pch + "': " + EC.message());
        }
        std::optional<std::pair<uint64_t, int64_t>> PchStamp = stamp(M.Pch);
        std::optional<std::pair<uint64_t, int64_t>> HeaderStamp = stamp(Header);
        if (!PchStamp || !HeaderStamp) {
          return NotWritten("'" + M.Pch + "' vanished as it was written");
        }
        M.Files.push_back({Header, *HeaderStamp});
        for (const std::string &F : Log.Files)
          if (std::optional<std::pair<uint64_t, int64_t>> S = stamp(F))
            M.Files.push_back({F, *S});
        M.Files.push_back({M.Pch, *PchStamp});
        Result.Inputs = Log.Files;
        Result.Inputs.insert(Header);
        return Outcome::Built;
      }
      llvm::sys::fs::remove(Temporary);
      // A cache entry removed while this built it (by an opgen that takes
      // no lock, or by hand) left Clang nowhere to write: that says nothing
      // of the include lines.
      if (!Built && Lock && !Lock->holds(Entry))
        return NotWritten("the entry was removed while the preamble was built");
      if (!Built)
        return Outcome::Failed; // The sources' own parses will say why.
      M.Includes.resize(Log.FirstUnfit); // Without the unfit line and after.
    }
    return Outcome::NoneFits;
  };

  const std::vector<std::string> Asked = M.Includes;
  llvm::Expected<Outcome> Made = Build(M, Header);
  if (!Made && !Entry.empty()) {
    // The entry cannot be written (a full disk, say): it is removed (this
    // build holds its lock), and the preamble built beside its manifest.
    Diags.report(DiagId::PreambleCacheFailed, SourceLoc{},
                 {Entry, llvm::toString(Made.takeError())});
    if (Lock->holds(Entry))
      removeLockedEntry(Entry);
    Lock.reset();
    Entry.clear();
    M.Includes = Asked;
    M.Files.clear();
    M.Pch = Result.Pch = Pch;
    Header = Pch + ".h";
    Made = Build(M, Header);
  }
  if (Made && *Made == Outcome::Built) {
    Result.Manifest = writeManifest(M);
    Result.Includes = M.Includes;
    if (!Entry.empty()) {
      // The entry's manifest last, atomically: until it is there, the entry
      // is none; once it is, the PCH it names is complete.
      // (One that cannot be written leaves the entry none, as it was.)
      llvm::consumeError(
          writeAtomically(Entry + "/manifest.json", Result.Manifest));
      evictEntries(Opts.PreambleCache, Entry);
    }
    return Result;
  }
  // No preamble: never silently, unless none fits.
  bool Written = static_cast<bool>(Made);
  if (!Written)
    llvm::consumeError(Made.takeError()); // Told as PreambleNotBuilt.
  if (!Written || *Made == Outcome::Failed)
    Diags.report(DiagId::PreambleNotBuilt, SourceLoc{},
                 {"<" + llvm::join(M.Includes, ">, <") + ">",
                  Sources.empty() ? std::string() : Sources.front()});
  M.Includes.clear();
  M.Files.clear();
  M.Pch = Result.Pch = Pch;
  llvm::sys::fs::remove(Pch);
  llvm::sys::fs::remove(Pch + ".h");
  if (!Entry.empty() && Lock->holds(Entry))
    removeLockedEntry(Entry);
  Result.Manifest = writeManifest(M);
  Result.Includes.clear();
  return Result;
}

} // namespace opgen
