//===- PchCache.cpp - The compiler's PCH, cached (opgen pch-cache) --------===//
//
// The compiler precompiled header cache of add_custom_op() (OPGEN_PCH_CACHE,
// docs/cmake.md#build-time): GCC's PCH of the torch headers, built once and
// kept across build directories and clean builds, as the preamble cache
// keeps opgen's Clang preambles, with the same entry locks, atomic writes,
// removal and lock timeout (Cache.cpp).
//
//   opgen pch-cache --cache DIR --build-dir DIR --compiler CXX
//                   [--define-symbol NAME] -- COMMAND...
//
// A compiler launcher. COMMAND is the compile CMake runs (after any other
// launcher, e.g. ccache): a compile that is not a PCH's (no `-x c++-header`)
// runs as it is. For a PCH's, the cache entry <cache>/gcc-pch-<hash> is
// named after everything the PCH is built from but the headers it reads:
// the compiler (its real path, size, time and `--version`), every argument
// but the output and dependency-file names, with the build directory's path
// replaced by a placeholder (so that another build directory of the same
// project shares it), and the text of the files of the build directory it
// includes (CMake's cmake_pch.hxx, add_custom_op's include lines). The
// entry holds the PCH, pch.gch, and manifest.json: that key and, for every
// other file the compile read (its dependency file: the headers), its path,
// size and modification time. An entry serves only when its key is the
// same and every such header is unchanged; GCC itself rejects a PCH built
// with other flags (-Winvalid-pch), not one whose headers changed since.
//
// An entry is looked up, built and removed under its exclusive lock; its
// PCH and manifest are renamed into place (the manifest last, so an entry
// without one is incomplete and built again). The PCH is copied into the
// build directory (never linked: each build's copy is its own). A build
// that waits for an entry's lock longer than OPGEN_PCH_LOCK_TIMEOUT seconds
// (300) compiles its PCH itself, with a warning. After each lookup, the
// least recently used PCHs beyond OPGEN_PCH_CACHE_ENTRIES (4; each is
// hundreds of MB) are removed, each with the entries that share it, and of
// each PCH the entries beyond the EntriesPerPch (8) that used it last,
// never one locked by another process. OPGEN_PCH_CACHE_VERBOSE=1 prints
// what happened (hit, adopted, built) to stderr.
//
// An entry is shared by content too: when no entry has a PCH's key
// (another project, another source directory, another library of the same
// flags), its compile is preprocessed (`-E -dD`) and the entry takes the
// PCH of another entry (a hard link) whose content key is the same: the
// compiler, every argument but the include paths, the output names and the
// build directory's files it includes, the text of those files (naming
// each other by placeholders), and the preprocessed output, whose line
// markers name every header read and which holds every macro definition.
// The other entry must still serve (its headers unchanged). So a PCH is
// shared only where the compile would read the same headers, found by the
// same paths, with the same flags, to the same macros. The library's own
// define (--define-symbol, CMake's -D<target>_EXPORTS) is left out of the
// PCH where no header it reads names it, so that libraries of other names
// share one.
//===----------------------------------------------------------------------===//
#include "frontend/preamble/Cache.h"

#include "opgen/frontend/Frontend.h"
#include "opgen/support/Quote.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <unistd.h>
#include <variant>

namespace opgen {

using namespace preamble;

namespace {

constexpr int Format = 2;
constexpr llvm::StringLiteral Prefix = "gcc-pch-";
/// The entries one PCH is kept for (see evict).
constexpr size_t EntriesPerPch = 8;

using Args = std::vector<std::string>;

/// The value after \p Name in \p A (the last one), or empty.
std::string option(const Args &A, llvm::StringRef Name) {
  std::string Value;
  for (size_t I = 0; I + 1 < A.size(); ++I)
    if (A[I] == Name)
      Value = A[I + 1];
  return Value;
}

bool isPchCompile(const Args &Command) {
  for (size_t I = 0; I + 1 < Command.size(); ++I)
    if (Command[I] == "-x" && Command[I + 1] == "c++-header")
      return true;
  return false;
}

std::string realPath(const std::string &Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return absolutePath(Path);
  return std::string(Real);
}

std::string join(const std::string &Dir, const std::string &Path) {
  if (llvm::sys::path::is_absolute(Path))
    return Path;
  llvm::SmallString<256> Out(Dir);
  llvm::sys::path::append(Out, Path);
  return std::string(Out);
}

bool under(const std::string &Path, const std::string &Dir) {
  std::string P = realPath(Path), D = realPath(Dir);
  return P == D || llvm::StringRef(P).startswith(
                       llvm::StringRef(D).rtrim('/').str() + "/");
}

void say(const llvm::Twine &Message) {
  if (const char *V = std::getenv("OPGEN_PCH_CACHE_VERBOSE"); V && *V)
    llvm::errs() << "opgen pch-cache: " << Message << "\n";
}

std::optional<std::string> readFile(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return std::nullopt;
  return (*Buffer)->getBuffer().str();
}

std::string sha256Hex(llvm::StringRef Text) {
  llvm::SHA256 Hash;
  Hash.update(Text);
  return llvm::toHex(Hash.final(), /*LowerCase=*/true);
}

/// The path an `#include "..."` line of the file \p Including names
/// (relative to that file's directory), or nothing for another line.
std::optional<std::string> quotedInclude(llvm::StringRef Line,
                                         const std::string &Including) {
  Line = Line.trim();
  if (!Line.startswith("#include") || !Line.contains('"'))
    return std::nullopt;
  llvm::StringRef Name = Line.split('"').second.split('"').first;
  llvm::SmallString<256> Path(join(
      llvm::sys::path::parent_path(Including).str(), Name.str()));
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

/// The files of the build directory the PCH's compile includes: \p First
/// (the -include file) and each file of the build directory it names in an
/// #include "..." line, recursively.
std::vector<std::string> localFiles(const std::string &First,
                                    const std::string &BuildDir) {
  std::vector<std::string> Seen, Todo{First};
  while (!Todo.empty()) {
    std::string F = Todo.front();
    Todo.erase(Todo.begin());
    if (std::find(Seen.begin(), Seen.end(), F) != Seen.end() ||
        !llvm::sys::fs::is_regular_file(F))
      continue;
    Seen.push_back(F);
    // The text outlives the lines that point into it.
    const std::string Text = readFile(F).value_or("");
    llvm::SmallVector<llvm::StringRef, 16> Lines;
    llvm::StringRef(Text).split(Lines, '\n');
    for (llvm::StringRef Line : Lines)
      if (std::optional<std::string> Name = quotedInclude(Line, F))
        if (under(*Name, BuildDir))
          Todo.push_back(*Name);
  }
  return Seen;
}

/// A compile's arguments without its output and dependency-file names
/// (-o, -MF, -MT, -MQ and their values; -MD, -MMD).
Args withoutOutputs(const Args &A) {
  Args Kept;
  for (size_t I = 0; I < A.size(); ++I) {
    if (A[I] == "-o" || A[I] == "-MF" || A[I] == "-MT" || A[I] == "-MQ")
      ++I;
    else if (A[I] != "-MD" && A[I] != "-MMD")
      Kept.push_back(A[I]);
  }
  return Kept;
}

/// \p Text with the build directory's path as `<build>`.
std::string placeholder(std::string Text, const std::string &BuildDir) {
  replaceAll(Text, realPath(BuildDir), "<build>");
  replaceAll(Text, BuildDir, "<build>");
  return Text;
}

/// \p Name as a path: found on PATH when it names no directory.
std::string programPath(const std::string &Name) {
  if (!llvm::sys::path::has_parent_path(Name))
    if (llvm::ErrorOr<std::string> Found = llvm::sys::findProgramByName(Name))
      return *Found;
  return Name;
}

/// Runs \p Argv (stdout to \p Out when given, stderr dropped there too);
/// its exit status, -1 when it could not run.
int run(const Args &Argv, const std::string &Out = "") {
  std::string Program = programPath(Argv.front());
  std::vector<llvm::StringRef> Refs(Argv.begin(), Argv.end());
  std::optional<llvm::StringRef> Redirects[] = {
      std::nullopt, llvm::StringRef(Out), llvm::StringRef("/dev/null")};
  return llvm::sys::ExecuteAndWait(
      Program, Refs, std::nullopt,
      Out.empty() ? llvm::ArrayRef<std::optional<llvm::StringRef>>()
                  : llvm::ArrayRef<std::optional<llvm::StringRef>>(Redirects));
}

/// What \p Argv prints on stdout, or nothing when it fails.
std::optional<std::string> output(const Args &Argv) {
  llvm::SmallString<128> Temp;
  if (llvm::sys::fs::createTemporaryFile("opgen-pch", "out", Temp))
    return std::nullopt;
  auto Remove = llvm::make_scope_exit([&] { llvm::sys::fs::remove(Temp); });
  if (run(Argv, std::string(Temp)) != 0)
    return std::nullopt;
  return readFile(std::string(Temp));
}

/// The compiler as a key holds it: its real path, size, time, version.
std::string compilerIdentity(const std::string &Compiler) {
  std::string Real = realPath(programPath(Compiler));
  auto St = stamp(Real).value_or(std::make_pair(uint64_t(0), int64_t(0)));
  std::string Version =
      llvm::StringRef(output({Real, "--version"}).value_or("")).trim().str();
  return "format " + std::to_string(Format) + "\ncompiler " + Real + " " +
         std::to_string(St.first) + " " + std::to_string(St.second) + "\n" +
         Version;
}

/// A PCH compile, as the launcher sees it.
struct PchCompile {
  Args Command;        ///< The whole command, launchers included.
  size_t At = 0;       ///< Where the compiler is in it.
  Args CompilerArgs;   ///< The compiler's arguments.
  std::string Dir;     ///< The working directory.
  std::string BuildDir;
  std::string Key;     ///< The entry's key (the module's doc).
  std::vector<std::string> Local; ///< The build directory's files it reads.
  std::string Identity;           ///< compilerIdentity.
};

/// The text an entry is named after: all a PCH is built from but the
/// headers it reads outside the build directory.
void keyOf(PchCompile &C) {
  std::vector<std::string> Key{C.Identity, "args"};
  for (const std::string &A : withoutOutputs(C.CompilerArgs))
    Key.push_back(placeholder(A, C.BuildDir));
  std::string First = option(C.CompilerArgs, "-include");
  if (!First.empty())
    C.Local = localFiles(join(C.Dir, First), C.BuildDir);
  std::string Source = C.CompilerArgs.empty() ? "" : C.CompilerArgs.back();
  if (!Source.empty() && llvm::sys::fs::is_regular_file(join(C.Dir, Source)))
    C.Local.push_back(join(C.Dir, Source));
  for (const std::string &F : C.Local) {
    Key.push_back("file " + placeholder(F, C.BuildDir));
    Key.push_back(placeholder(readFile(F).value_or(""), C.BuildDir));
  }
  C.Key = llvm::join(Key, "\n") + "\n";
}

bool isIncludePath(llvm::StringRef A) {
  return A == "-I" || A == "-isystem" || A == "-iquote" || A == "-idirafter";
}

/// The numbers by which the content key names the build directory's
/// files (their real paths): `<local N>`.
using LocalIndex = std::map<std::string, std::string>;

/// A PCH compile's arguments as its content key holds them: no include
/// paths (the preprocessed output names the headers they found), no output
/// names, and the build directory's files it includes as placeholders
/// (their text is in the key).
Args contentArgs(const Args &A, const LocalIndex &Index, const std::string &Dir) {
  Args Kept;
  Args NoOutputs = withoutOutputs(A);
  for (size_t I = 0; I < NoOutputs.size(); ++I) {
    llvm::StringRef Arg = NoOutputs[I];
    if (isIncludePath(Arg)) {
      ++I;
      continue;
    }
    if (Arg.startswith("-I") || Arg.startswith("-isystem") ||
        Arg.startswith("-iquote") || Arg.startswith("-idirafter"))
      continue;
    auto It = Index.find(realPath(join(Dir, Arg.str())));
    Kept.push_back(It != Index.end() ? It->second : Arg.str());
  }
  return Kept;
}

/// The text of the build directory's file \p Path as the content key holds
/// it: the files of the build directory it includes named by their
/// placeholders, the build directory's path by its own.
std::string localText(const std::string &Path, const LocalIndex &Index,
                      const std::string &BuildDir) {
  std::string Out;
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  std::string Text = readFile(Path).value_or("");
  llvm::StringRef(Text).split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    std::optional<std::string> Name = quotedInclude(Lines[I], Path);
    auto It = Name ? Index.find(realPath(*Name)) : Index.end();
    Out += It != Index.end() ? "#include \"" + It->second + "\"" : Lines[I].str();
    if (I + 1 < Lines.size())
      Out += "\n";
  }
  return placeholder(Out, BuildDir);
}

/// Preprocessor output with the file names of its line markers (`# 12
/// "name"`) rewritten by \p Rename (no regex: one pass over the lines).
std::string renameMarkers(llvm::StringRef Text,
                          const std::function<std::string(llvm::StringRef)> &Rename) {
  std::string Out;
  Out.reserve(Text.size());
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    bool HasNewline = Text.size() != Line.size();
    Text = Rest;
    llvm::StringRef L = Line;
    if (L.consume_front("# ") && !L.empty() && llvm::isDigit(L.front())) {
      llvm::StringRef Digits = L.take_while(llvm::isDigit);
      llvm::StringRef After = L.drop_front(Digits.size());
      if (After.consume_front(" \"")) {
        size_t Quote = After.find('"');
        if (Quote != llvm::StringRef::npos) {
          Out += "# " + Digits.str() + " \"" + Rename(After.take_front(Quote)) +
                 After.drop_front(Quote).str();
          if (HasNewline)
            Out += "\n";
          continue;
        }
      }
    }
    Out += Line.str();
    if (HasNewline)
      Out += "\n";
  }
  return Out;
}

/// The content key of compiling \p C with \p A (the module's doc) and the
/// paths of the files it reads; nothing when it cannot be preprocessed.
std::optional<std::pair<std::string, std::vector<std::string>>>
contentKey(const PchCompile &C, const Args &A) {
  Args Pre{C.Command[C.At]};
  for (const std::string &Arg : withoutOutputs(A))
    Pre.push_back(Arg);
  Pre.push_back("-E");
  Pre.push_back("-dD");
  std::optional<std::string> Text = output(Pre);
  if (!Text)
    return std::nullopt;
  LocalIndex Index;
  for (const std::string &F : C.Local)
    Index.emplace(realPath(F), "<local " + std::to_string(Index.size()) + ">");
  std::map<std::string, std::string> Names;
  std::vector<std::string> Order;
  std::string Renamed = renameMarkers(*Text, [&](llvm::StringRef Name) {
    auto [It, New] = Names.emplace(Name.str(), "");
    if (New) {
      Order.push_back(Name.str());
      auto Local = Index.find(realPath(join(C.Dir, Name.str())));
      It->second = Local != Index.end() ? Local->second : Name.str();
    }
    return It->second;
  });
  std::vector<std::string> Key{C.Identity, "args"};
  for (const std::string &Arg : contentArgs(A, Index, C.Dir))
    Key.push_back(Arg);
  for (const std::string &F : C.Local) {
    Key.push_back("file " + Index[realPath(F)]);
    Key.push_back(localText(F, Index, C.BuildDir));
  }
  Key.push_back("preprocessed " + sha256Hex(Renamed));
  std::vector<std::string> Read;
  for (const std::string &N : Order)
    Read.push_back(join(C.Dir, N));
  return std::make_pair(sha256Hex(llvm::join(Key, "\n")), Read);
}

/// Whether the text of one of \p Paths holds \p Name (a superset of the
/// files that use the macro).
bool namesMacro(const std::vector<std::string> &Paths, llvm::StringRef Name) {
  for (const std::string &P : Paths)
    if (std::optional<std::string> Text = readFile(P))
      if (llvm::StringRef(*Text).contains(Name))
        return true;
  return false;
}

/// A PCH's content key, the arguments to compile it with, and the define
/// left out of them: without `-D<Symbol>` where none of the files it reads
/// names the symbol, else as they are (and no define left out).
struct Content {
  std::string Key; ///< Empty: it cannot be preprocessed.
  Args CompileArgs;
  std::string LeftOut;
};

Content pchContent(const PchCompile &C, const std::string &Symbol) {
  std::string Define = Symbol.empty() ? "" : "-D" + Symbol;
  if (!Define.empty() && llvm::is_contained(C.CompilerArgs, Define)) {
    Args Kept;
    for (const std::string &A : C.CompilerArgs)
      if (A != Define)
        Kept.push_back(A);
    auto Found = contentKey(C, Kept);
    if (Found && !namesMacro(Found->second, Symbol))
      return {Found->first, Kept, Define};
  }
  auto Found = contentKey(C, C.CompilerArgs);
  return {Found ? Found->first : "", C.CompilerArgs, ""};
}

/// An entry's manifest.
struct Entry {
  std::string Key, ContentKey;
  /// Every header its PCH read: path, size, time.
  std::vector<std::tuple<std::string, uint64_t, int64_t>> Headers;
};

std::optional<Entry> readEntry(const std::string &Dir) {
  std::optional<std::string> Text = readFile(Dir + "/manifest.json");
  if (!Text)
    return std::nullopt;
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(*Text);
  if (!V) {
    llvm::consumeError(V.takeError());
    return std::nullopt;
  }
  const llvm::json::Object *O = V->getAsObject();
  if (!O || O->getInteger("format") != Format)
    return std::nullopt;
  Entry E;
  if (auto K = O->getString("key"))
    E.Key = K->str();
  if (auto K = O->getString("content"))
    E.ContentKey = K->str();
  const llvm::json::Array *Headers = O->getArray("headers");
  if (!Headers)
    return std::nullopt;
  for (const llvm::json::Value &H : *Headers) {
    const llvm::json::Array *Row = H.getAsArray();
    if (!Row || Row->size() != 3)
      return std::nullopt;
    auto Path = (*Row)[0].getAsString();
    auto Size = (*Row)[1].getAsInteger();
    auto Time = (*Row)[2].getAsInteger();
    if (!Path || !Size || !Time)
      return std::nullopt;
    E.Headers.emplace_back(Path->str(), static_cast<uint64_t>(*Size), *Time);
  }
  return E;
}

std::string writeEntry(const Entry &E) {
  llvm::json::Array Headers;
  for (const auto &[Path, Size, Time] : E.Headers)
    Headers.push_back(llvm::json::Array{Path, static_cast<int64_t>(Size), Time});
  llvm::json::Object O{{"format", Format},
                       {"key", E.Key},
                       {"content", E.ContentKey.empty()
                                       ? llvm::json::Value(nullptr)
                                       : llvm::json::Value(E.ContentKey)},
                       {"headers", std::move(Headers)}};
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << llvm::formatv("{0:1}", llvm::json::Value(std::move(O)));
  return Out;
}

/// Whether every header \p E's PCH read is as it was then.
bool headersServe(const Entry &E) {
  for (const auto &[Path, Size, Time] : E.Headers) {
    auto St = stamp(Path);
    if (!St || St->first != Size || St->second != Time)
      return false;
  }
  return true;
}

std::optional<Entry> servingEntry(const std::string &Dir, const std::string &Key) {
  std::optional<Entry> E = readEntry(Dir);
  if (!E || E->Key != Key || !llvm::sys::fs::is_regular_file(Dir + "/pch.gch") ||
      !headersServe(*E))
    return std::nullopt;
  return E;
}

std::string tempName(const std::string &Path) {
  return Path + ".tmp." + std::to_string(::getpid());
}

/// A PCH of another entry of content key \p ContentKey that still serves,
/// hard linked (else copied) into \p Dir: its path there, the other entry's
/// manifest and name; or nothing.
struct Adopted {
  std::string TempPch;
  Entry Donor;
  std::string DonorDir;
};

std::optional<Adopted> adopt(const std::string &Cache, const std::string &Dir,
                             const std::string &ContentKey) {
  std::vector<std::string> Names;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Cache, EC), End; It != End && !EC;
       It.increment(EC))
    Names.push_back(std::string(It->path()));
  std::sort(Names.begin(), Names.end());
  for (const std::string &Donor : Names) {
    if (!llvm::sys::path::filename(Donor).startswith(Prefix) || Donor == Dir ||
        !llvm::sys::fs::is_directory(Donor))
      continue;
    auto Lock = lockEntry(Donor, /*Exclusive=*/false, /*TimeoutSeconds=*/0,
                          /*Create=*/false);
    if (!Lock) {
      llvm::consumeError(Lock.takeError()); // Being built or removed.
      continue;
    }
    std::optional<Entry> E = readEntry(Donor);
    if (!E || E->ContentKey != ContentKey || !headersServe(*E))
      continue;
    std::string Temp = tempName(Dir + "/pch.gch");
    llvm::sys::fs::remove(Temp);
    if (llvm::sys::fs::create_hard_link(Donor + "/pch.gch", Temp) &&
        llvm::sys::fs::copy_file(Donor + "/pch.gch", Temp))
      continue;
    return Adopted{Temp, std::move(*E), Donor};
  }
  return std::nullopt;
}

/// The prerequisites of a make-style dependency file.
std::vector<std::string> readDepfile(const std::string &Path) {
  std::string Text = readFile(Path).value_or("");
  replaceAll(Text, "\\\n", " ");
  std::vector<std::string> Deps;
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  llvm::StringRef(Text).split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    if (!Line.contains(':'))
      continue;
    llvm::StringRef Rest = Line.split(':').second;
    std::string Word;
    bool Escaped = false;
    for (char C : Rest) {
      if (Escaped) {
        Word += C;
        Escaped = false;
      } else if (C == '\\') {
        Escaped = true;
      } else if (llvm::isSpace(C)) {
        if (!Word.empty())
          Deps.push_back(Word);
        Word.clear();
      } else {
        Word += C;
      }
    }
    if (!Word.empty())
      Deps.push_back(Word);
  }
  return Deps;
}

/// The PCH file of an entry as (device, inode): entries that adopted one
/// PCH share it; an entry without one is alone (its own path).
using PchIdentity = std::variant<std::pair<uint64_t, uint64_t>, std::string>;

PchIdentity pchIdentity(const std::string &Dir) {
  llvm::sys::fs::file_status St;
  if (llvm::sys::fs::status(Dir + "/pch.gch", St))
    return Dir;
  return std::make_pair(static_cast<uint64_t>(St.getUniqueID().getDevice()),
                        static_cast<uint64_t>(St.getUniqueID().getFile()));
}

/// Removes an entry no other build has locked: whether it is gone.
bool removeUnlocked(const std::string &Dir) {
  auto Lock = lockEntry(Dir, /*Exclusive=*/true, /*TimeoutSeconds=*/0,
                        /*Create=*/false);
  if (!Lock) {
    llvm::consumeError(Lock.takeError()); // Being used, or removed meanwhile.
    return false;
  }
  removeLockedEntry(Dir);
  return !llvm::sys::fs::exists(Dir);
}


/// Removes the least recently used PCHs beyond OPGEN_PCH_CACHE_ENTRIES (of
/// complete entries: an incomplete one is removed unless another build
/// holds it), each with every entry that shares it (their used times the
/// latest of theirs), never one locked by another build, nor \p Keep's;
/// and of every PCH, Keep's too, the entries that share it beyond the
/// EntriesPerPch most recently used (each a manifest of its own: one per
/// project that adopted it), never \p Keep.
void evict(const std::string &Cache, const std::string &Keep) {
  const size_t Limit =
      static_cast<size_t>(std::max<int64_t>(1, envNumber("OPGEN_PCH_CACHE_ENTRIES", 4)));
  const PchIdentity Kept = pchIdentity(Keep);
  std::map<PchIdentity, std::vector<std::pair<int64_t, std::string>>> Pchs;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Cache, EC), End; It != End && !EC;
       It.increment(EC)) {
    std::string Dir(It->path());
    if (!llvm::sys::path::filename(Dir).startswith(Prefix) || Dir == Keep ||
        !llvm::sys::fs::is_directory(Dir))
      continue;
    if (!llvm::sys::fs::exists(Dir + "/manifest.json")) {
      // Incomplete: being made by another build (locked: left alone), or
      // left by one that died (removed). Not counted: one being made would
      // have a finished PCH removed in its place.
      removeUnlocked(Dir);
      continue;
    }
    auto Used = stamp(Dir + "/used");
    Pchs[pchIdentity(Dir)].push_back({Used ? Used->second : 0, Dir});
  }
  for (auto &[Identity, Shared] : Pchs) {
    size_t Room = EntriesPerPch - (Identity == Kept ? 1 : 0);
    std::sort(Shared.rbegin(), Shared.rend());
    std::vector<std::pair<int64_t, std::string>> Left(
        Shared.begin(), Shared.begin() + std::min(Room, Shared.size()));
    for (size_t I = Room; I < Shared.size(); ++I)
      if (!removeUnlocked(Shared[I].second))
        Left.push_back(Shared[I]);
    Shared = std::move(Left);
  }
  // The PCHs other than Keep's, least recently used first.
  std::vector<std::pair<int64_t, std::vector<std::string>>> Groups;
  for (auto &[Identity, Shared] : Pchs) {
    if (Identity == Kept || Shared.empty())
      continue;
    int64_t Latest = 0;
    std::vector<std::string> Dirs;
    for (const auto &[Used, Dir] : Shared) {
      Latest = std::max(Latest, Used);
      Dirs.push_back(Dir);
    }
    Groups.push_back({Latest, std::move(Dirs)});
  }
  std::sort(Groups.begin(), Groups.end());
  int64_t Excess = static_cast<int64_t>(Groups.size()) + 1 - static_cast<int64_t>(Limit);
  for (const auto &[Used, Dirs] : Groups) {
    if (Excess <= 0)
      break;
    size_t Removed = 0;
    for (const std::string &Dir : Dirs)
      Removed += removeUnlocked(Dir);
    if (Removed == Dirs.size())
      --Excess;
  }
}

/// The entry's PCH and then its manifest renamed into place: an entry
/// without a manifest is incomplete.
bool install(const std::string &Dir, const std::string &TempPch, const Entry &E) {
  if (llvm::sys::fs::rename(TempPch, Dir + "/pch.gch"))
    return false;
  if (llvm::Error Err = writeAtomically(Dir + "/manifest.json", writeEntry(E))) {
    llvm::consumeError(std::move(Err));
    return false;
  }
  return true;
}

/// Copies the entry's PCH to \p Out (through a temporary name).
bool publish(const std::string &Pch, const std::string &Out) {
  std::string Temp = tempName(Out);
  if (llvm::sys::fs::copy_file(Pch, Temp))
    return false;
  return !llvm::sys::fs::rename(Temp, Out);
}

std::string escape(const std::string &Path) {
  std::string Out = Path;
  replaceAll(Out, " ", "\\ ");
  return Out;
}

/// Marks the entry as just used (eviction's order).
void touchUsed(const std::string &Dir) {
  int FD;
  if (llvm::sys::fs::openFileForWrite(Dir + "/used", FD,
                                      llvm::sys::fs::CD_OpenAlways))
    return;
  llvm::sys::fs::setLastAccessAndModificationTime(
      FD, std::chrono::system_clock::now());
  ::close(FD);
}

/// Builds the PCH of \p C (with \p CompileArgs) into the entry \p Dir:
/// its manifest (key \p Key, content key \p ContentKey), or the compile's
/// exit status where it failed.
std::variant<Entry, int> buildPch(const PchCompile &C, const Args &CompileArgs,
                                  const std::string &Dir,
                                  const std::string &ContentKey) {
  std::string TempPch = tempName(Dir + "/pch.gch");
  std::string TempDep = tempName(Dir + "/deps");
  Args Built(C.Command.begin(), C.Command.begin() + C.At + 1);
  for (size_t I = 0; I < CompileArgs.size(); ++I) {
    if ((CompileArgs[I] == "-o" || CompileArgs[I] == "-MF") &&
        I + 1 < CompileArgs.size()) {
      Built.push_back(CompileArgs[I]);
      Built.push_back(CompileArgs[I] == "-o" ? TempPch : TempDep);
      ++I;
    } else {
      Built.push_back(CompileArgs[I]);
    }
  }
  if (!llvm::is_contained(C.CompilerArgs, "-MF")) {
    Built.push_back("-MD");
    Built.push_back("-MF");
    Built.push_back(TempDep);
  }
  int Rc = run(Built);
  if (Rc != 0)
    return Rc == -1 ? 1 : Rc;
  // The files of the build directory it includes are in the key; every
  // other file it read is checked by its stat.
  std::set<std::string> Keyed;
  for (const std::string &F : C.Local)
    Keyed.insert(realPath(F));
  std::set<std::string> Headers;
  for (const std::string &D : readDepfile(TempDep)) {
    std::string Path = absolutePath(join(C.Dir, D));
    if (!Keyed.count(realPath(Path)))
      Headers.insert(Path);
  }
  llvm::sys::fs::remove(TempDep);
  Entry E{C.Key, ContentKey, {}};
  for (const std::string &H : Headers)
    if (auto St = stamp(H))
      E.Headers.emplace_back(H, St->first, St->second);
  if (!install(Dir, TempPch, E))
    return 1;
  return E;
}

} // namespace

int runPchCache(const PchCacheOptions &Opts,
                const std::vector<std::string> &Command, DiagSink &Diags) {
  if (Command.empty())
    return 2;
  auto RunAsIs = [&] {
    int Rc = run(Command);
    return Rc < 0 ? 1 : Rc;
  };
  if (!isPchCompile(Command))
    return RunAsIs();
  PchCompile C;
  C.Command = Command;
  // The compiler's last place in the command (after any launcher); without
  // it, the whole command compiles and no content key is made.
  bool HasCompiler = false;
  for (size_t I = 0; I < Command.size(); ++I)
    if (Command[I] == Opts.Compiler) {
      C.At = I;
      HasCompiler = true;
    }
  C.CompilerArgs.assign(Command.begin() + C.At + 1, Command.end());
  {
    llvm::SmallString<256> Here;
    llvm::sys::fs::current_path(Here);
    C.Dir = std::string(Here);
  }
  C.BuildDir = Opts.BuildDir;
  std::string Out = option(C.CompilerArgs, "-o");
  std::string Depfile = option(C.CompilerArgs, "-MF");
  std::string Target = option(C.CompilerArgs, "-MT");
  if (Out.empty() || Opts.Cache.empty())
    return RunAsIs();
  Out = join(C.Dir, Out);
  if (!Depfile.empty())
    Depfile = join(C.Dir, Depfile);
  C.Identity = compilerIdentity(Opts.Compiler);
  keyOf(C);
  std::string Cache = absolutePath(Opts.Cache);
  llvm::sys::fs::create_directories(Cache);
  std::string Dir = Cache + "/" + Prefix.str() + sha256Hex(C.Key).substr(0, 20);
  int64_t Timeout = envNumber("OPGEN_PCH_LOCK_TIMEOUT", 300);
  auto Lock = lockEntry(Dir, /*Exclusive=*/true, Timeout, /*Create=*/true);
  if (!Lock) {
    LockFailed Failed = takeLockFailure(Lock.takeError());
    if (Failed.Kind == LockFailure::Busy)
      Diags.report(DiagId::PchCacheBusy, {}, {Dir, std::to_string(Timeout)});
    else
      Diags.report(DiagId::PchCacheUnwritable, {}, {Dir, Failed.Why});
    return RunAsIs();
  }
  std::optional<Entry> Found = servingEntry(Dir, C.Key);
  if (!Found) {
    Content Wanted = HasCompiler ? pchContent(C, Opts.DefineSymbol)
                                 : Content{"", C.CompilerArgs, ""};
    std::string Without = Wanted.LeftOut.empty() ? "" : " without " + Wanted.LeftOut;
    std::optional<Adopted> From =
        Wanted.Key.empty() ? std::nullopt : adopt(Cache, Dir, Wanted.Key);
    if (From) {
      Entry E{C.Key, Wanted.Key, From->Donor.Headers};
      if (!install(Dir, From->TempPch, E)) {
        removeLockedEntry(Dir);
        return RunAsIs();
      }
      say("adopted " + Dir + " from " + From->DonorDir + Without);
      Found = std::move(E);
    } else {
      std::variant<Entry, int> Made = buildPch(C, Wanted.CompileArgs, Dir, Wanted.Key);
      if (int *Rc = std::get_if<int>(&Made)) {
        // Nothing half-made is left: no entry for what does not compile.
        removeLockedEntry(Dir);
        return *Rc;
      }
      say("built " + Dir + Without);
      Found = std::get<Entry>(std::move(Made));
    }
  } else {
    say("hit " + Dir);
  }
  if (!publish(Dir + "/pch.gch", Out)) {
    Diags.report(DiagId::CannotWrite, {}, {Out, "cannot copy the cached PCH"});
    return 1;
  }
  if (!Depfile.empty()) {
    std::vector<std::string> Deps;
    for (const std::string &F : C.Local)
      Deps.push_back(escape(F));
    for (const auto &[Path, Size, Time] : Found->Headers)
      Deps.push_back(escape(Path));
    std::string Text = (Target.empty() ? Out : Target) + ": " +
                       llvm::join(Deps, " \\\n  ") + "\n";
    if (llvm::Error E = writeAtomically(Depfile, Text)) {
      Diags.report(DiagId::CannotWrite, {}, {Depfile, llvm::toString(std::move(E))});
      return 1;
    }
  }
  touchUsed(Dir);
  Lock->reset();
  evict(Cache, Dir);
  return 0;
}

} // namespace opgen
