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

/// The sources a preamble serves and the include lines they all begin
/// with: those of the C++ sources, or when there is none, of the CUDA ones.
struct PreambleSources {
  std::optional<std::string> Language;
  std::vector<std::string> Sources;
  std::vector<std::string> Includes;
};

PreambleSources commonLeadingIncludes(const std::vector<std::string> &All) {
  PreambleSources Out;
  for (const std::string &S : All) {
    std::optional<std::string> L = preambleLanguage(S);
    if (L && (!Out.Language || *L == "c++"))
      Out.Language = L;
  }
  for (const std::string &S : All)
    if (Out.Language && preambleLanguage(S) == Out.Language)
      Out.Sources.push_back(S);
  for (size_t I = 0; I < Out.Sources.size(); ++I) {
    std::vector<std::string> Leading =
        leadingIncludesOf(Out.Sources[I]).value_or(std::vector<std::string>());
    if (I == 0) {
      Out.Includes = Leading;
      continue;
    }
    size_t N = 0;
    while (N < Out.Includes.size() && N < Leading.size() &&
           Out.Includes[N] == Leading[N])
      ++N;
    Out.Includes.resize(N);
  }
  return Out;
}

/// The manifest a preamble of \p S at \p Pch must have: this Clang, the
/// language and its prelude, the first source's command as its parse runs
/// it, and the common include lines (none where that source has no single
/// command).
Manifest wantedManifest(const FrontendOptions &Opts,
                        tooling::CompilationDatabase &Database,
                        const PreambleSources &S, const std::string &Pch) {
  Manifest M;
  M.Clang = getClangFullVersion();
  M.Language = S.Language.value_or("c++");
  M.Prelude = preludeHash(M.Language);
  M.Pch = Pch;
  M.Includes = S.Includes;
  if (S.Sources.empty())
    return M;
  std::vector<tooling::CompileCommand> Commands =
      Database.getCompileCommands(S.Sources.front());
  if (Commands.size() != 1) {
    M.Includes.clear();
    return M;
  }
  tooling::CommandLineArguments Args = Commands.front().CommandLine;
  for (const tooling::ArgumentsAdjuster &Adjust :
       {tooling::getClangStripOutputAdjuster(),
        tooling::getClangSyntaxOnlyAdjuster(),
        tooling::getClangStripDependencyFileAdjuster()})
    Args = Adjust(Args, Commands.front().Filename);
  Args = adjustArguments(Args, Commands.front().Filename, Opts);
  M.Args = keyArguments(Args, Commands.front().Filename);
  M.Directory = absolutePath(Commands.front().Directory);
  return M;
}

/// How building a preamble's include lines ended.
enum class Outcome { Built, NoneFits, Failed };

/// One --build-preamble run, step by step: where the preamble lies (the
/// build directory's `<pch>`, or a cache entry under its lock), taking one
/// already made, building one, and writing what was made (or that none
/// was).
class PreambleBuilder {
public:
  PreambleBuilder(const FrontendOptions &Opts,
                  tooling::CompilationDatabase &Database,
                  std::vector<std::string> Sources, Manifest Wanted,
                  DiagSink &Diags)
      : Opts(Opts), Database(Database), Sources(std::move(Sources)),
        M(std::move(Wanted)), Pch(M.Pch), Header(Pch + ".h"), Diags(Diags) {}

  PreambleResult run() {
    Result.Pch = M.Pch;
    if (!Opts.PreambleCache.empty() && !M.Includes.empty() && takeFromCache())
      return Result;
    if (takeMade())
      return Result;
    const std::vector<std::string> Asked = M.Includes;
    llvm::Expected<Outcome> Made = build();
    if (!Made && !Entry.empty()) {
      // The entry cannot be written (a full disk, say): it is removed (this
      // build holds its lock), and the preamble built beside its manifest.
      Diags.report(DiagId::PreambleCacheFailed, SourceLoc{},
                   {Entry, llvm::toString(Made.takeError())});
      if (Lock->holds(Entry))
        removeLockedEntry(Entry);
      Lock.reset();
      leaveEntry();
      M.Includes = Asked;
      M.Files.clear();
      Made = build();
    }
    if (Made && *Made == Outcome::Built)
      return finishBuilt();
    return finishWithout(std::move(Made));
  }

private:
  /// Result takes \p Found, a preamble already made.
  void use(const Manifest &Found) {
    Result.Manifest = writeManifest(Found);
    for (const auto &F : Found.Files)
      Result.Inputs.insert(F.first);
    Result.Includes = Found.Includes;
  }

  /// Takes the preamble already made, when there is one: kept when it was
  /// built from the same lines and command and nothing it read has changed;
  /// or taken from the cache, where another build directory (or this one
  /// before a clean, or a build of the same entry that this one waited for)
  /// left it, complete (its manifest, written last, names the PCH's size
  /// and time) and up to date.
  bool takeMade() {
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
    use(*Found);
    return true;
  }

  /// The PCH and its include lines lie in the cache's entry \p InCache.
  void useEntry(const std::string &InCache) {
    Entry = InCache;
    M.Pch = Result.Pch = Entry + "/preamble.pch";
    Header = Entry + "/preamble.h";
  }
  /// They lie in the build directory again.
  void leaveEntry() {
    Entry.clear();
    M.Pch = Result.Pch = Pch;
    Header = Pch + ".h";
  }
  /// Where the entry is used, a PCH of the build directory's own, from a
  /// run without the cache, is not used again.
  void dropOwn() {
    llvm::sys::fs::remove(Pch);
    llvm::sys::fs::remove(Pch + ".h");
  }

  /// With a cache, the PCH and its include lines lie in the cache's entry
  /// for these lines and this command. An entry that serves is taken under
  /// a shared lock, as the parses that read its PCH hold theirs: a build of
  /// another directory does not wait for them (true: Result is complete).
  /// One to be built is built under an exclusive lock, which this build
  /// holds until it returns: a second build of the same entry waits for
  /// the first, then takes what it made. A cache that cannot be written, or
  /// an entry another build holds for too long, is no reason to go without
  /// a preamble: it is built where it would be without the cache.
  bool takeFromCache() {
    const std::string InCache = cacheEntry(Opts.PreambleCache, M);
    const int64_t Timeout = lockTimeoutSeconds();
    llvm::Expected<std::unique_ptr<EntryLock>> Shared =
        lockEntry(InCache, /*Exclusive=*/false, Timeout, /*Create=*/false);
    std::optional<LockFailed> Failed;
    if (Shared) {
      useEntry(InCache);
      if (takeMade()) {
        dropOwn();
        return true;
      }
      leaveEntry();
      Shared->reset(); // Before the exclusive lock, which it would block.
    } else {
      Failed = takeLockFailure(Shared.takeError());
    }
    if (!Failed || Failed->Kind != LockFailure::Busy) {
      llvm::Expected<std::unique_ptr<EntryLock>> Locked =
          lockEntry(InCache, /*Exclusive=*/true, Timeout, /*Create=*/true);
      if (Locked) {
        Lock = std::move(*Locked);
        useEntry(InCache);
        dropOwn();
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
    return false;
  }

  static llvm::Error notWritten(const llvm::Twine &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  }

  /// Writes the header of M's include lines, rewritten only when its lines
  /// change: a cache entry's PCH another build is using stays valid.
  llvm::Error writeHeader() {
    std::string Text = "// opgen preamble: the leading include lines of the "
                       "sources, precompiled.\n";
    for (const std::string &I : M.Includes)
      Text += "#include <" + I + ">\n";
    auto Existing = llvm::MemoryBuffer::getFile(Header);
    if (Existing && (*Existing)->getBuffer() == Text)
      return llvm::Error::success();
    if (llvm::Error E = writeAtomically(Header, Text)) {
      llvm::consumeError(std::move(E));
      return notWritten("cannot write '" + Header + "'");
    }
    return llvm::Error::success();
  }

  /// Compiles Header to \p Temporary with the first source's command, the
  /// preprocessor watched (\p Log); true when Clang wrote a PCH (it writes
  /// none after an error, even where the run counts as a success).
  bool compileHeader(const std::string &Temporary, BuildLog &Log) {
    tooling::ClangTool Tool(Database, {Sources.front()});
    IgnoringDiagConsumer Quiet; // The parses report the same errors.
    Tool.setDiagnosticConsumer(&Quiet);
    Tool.setPrintErrorMessage(false);
    configureTool(Tool, Opts, [this](tooling::CommandLineArguments &Out,
                                     StringRef File) {
      for (size_t I = 0; I < Out.size(); ++I) {
        if (Out[I] == File)
          Out[I] = Header;
        else if (Out[I] == "-x" && I + 1 < Out.size() && Out[I + 1] == "c++")
          Out[++I] = "c++-header";
      }
    });
    PreambleActionFactory Factory(Temporary, Log);
    return Tool.run(&Factory) == 0 && llvm::sys::fs::exists(Temporary);
  }

  /// Puts the PCH built at \p Temporary in place and lists in M the files
  /// it read (\p Log's, the header's, its own), with their stamps.
  llvm::Error install(const std::string &Temporary, const BuildLog &Log) {
    if (std::error_code EC = llvm::sys::fs::rename(Temporary, M.Pch)) {
      llvm::sys::fs::remove(Temporary);
      return notWritten("cannot write '" + M.Pch + "': " + EC.message());
    }
    std::optional<std::pair<uint64_t, int64_t>> PchStamp = stamp(M.Pch);
    std::optional<std::pair<uint64_t, int64_t>> HeaderStamp = stamp(Header);
    if (!PchStamp || !HeaderStamp)
      return notWritten("'" + M.Pch + "' vanished as it was written");
    M.Files.push_back({Header, *HeaderStamp});
    for (const std::string &F : Log.Files)
      if (std::optional<std::pair<uint64_t, int64_t>> S = stamp(F))
        M.Files.push_back({F, *S});
    M.Files.push_back({M.Pch, *PchStamp});
    Result.Inputs = Log.Files;
    Result.Inputs.insert(Header);
    return llvm::Error::success();
  }

  /// Builds the preamble M asks for from Header: Built (M then lists the
  /// files it read), NoneFits, or Failed (its include lines do not
  /// compile); an error when a file of it cannot be written (why). An
  /// include line that does not fit ends the preamble before it, which is
  /// built again. The PCH is written to a temporary name and renamed into
  /// place: a reader sees the old PCH or the new one, never part of one.
  llvm::Expected<Outcome> build() {
    if (!M.Includes.empty())
      llvm::sys::fs::create_directories(llvm::sys::path::parent_path(M.Pch));
    const std::string Temporary = M.Pch + ".tmp";
    while (!M.Includes.empty()) {
      if (llvm::Error E = writeHeader())
        return E;
      BuildLog Log;
      bool Built = compileHeader(Temporary, Log);
      if (Built && Log.FirstUnfit >= M.Includes.size()) {
        if (llvm::Error E = install(Temporary, Log))
          return E;
        return Outcome::Built;
      }
      llvm::sys::fs::remove(Temporary);
      // A cache entry removed while this built it (by an opgen that takes
      // no lock, or by hand) left Clang nowhere to write: that says nothing
      // of the include lines.
      if (!Built && Lock && !Lock->holds(Entry))
        return notWritten("the entry was removed while the preamble was built");
      if (!Built)
        return Outcome::Failed; // The sources' own parses will say why.
      M.Includes.resize(Log.FirstUnfit); // Without the unfit line and after.
    }
    return Outcome::NoneFits;
  }

  /// A preamble was built: its manifest, and the cache entry's last,
  /// atomically: until it is there, the entry is none; once it is, the PCH
  /// it names is complete. (One that cannot be written leaves the entry
  /// none, as it was.)
  PreambleResult finishBuilt() {
    Result.Manifest = writeManifest(M);
    Result.Includes = M.Includes;
    if (!Entry.empty()) {
      llvm::consumeError(
          writeAtomically(Entry + "/manifest.json", Result.Manifest));
      evictEntries(Opts.PreambleCache, Entry);
    }
    return Result;
  }

  /// No preamble: never silently, unless none fits. The manifest says so;
  /// no PCH is left, nor an entry this build made.
  PreambleResult finishWithout(llvm::Expected<Outcome> Made) {
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

  const FrontendOptions &Opts;
  tooling::CompilationDatabase &Database;
  const std::vector<std::string> Sources;
  Manifest M;              ///< The preamble wanted, then made.
  const std::string Pch;   ///< The build directory's place for it.
  std::string Header;      ///< Its include lines' header, where it lies.
  std::string Entry;       ///< The cache entry it lies in, if any.
  std::unique_ptr<EntryLock> Lock; ///< Held while this builds the entry.
  DiagSink &Diags;
  PreambleResult Result;
};

} // namespace

PreambleResult buildPreamble(const FrontendOptions &Opts,
                             const std::string &PchPath, DiagSink &Diags) {
  std::unique_ptr<tooling::CompilationDatabase> Database =
      loadDatabase(Opts, Diags);
  if (!Database)
    return PreambleResult();
  PreambleSources S = commonLeadingIncludes(Opts.Sources);
  Manifest M = wantedManifest(Opts, *Database, S, absolutePath(PchPath));
  return PreambleBuilder(Opts, *Database, std::move(S.Sources), std::move(M),
                         Diags)
      .run();
}

} // namespace opgen
