//===- Outputs.cpp - The table of generated files -------------------------===//
//
// The rows of Outputs.def, expanded for a library (listOutputs), and emitAll,
// which walks them and calls each row's emitter in dest/.
//===----------------------------------------------------------------------===//
#include "opgen/emit/Outputs.h"
#include "emit/dest/Emitters.h"
#include "opgen/emit/Emit.h"
#include "opgen/support/Quote.h"
#include "opgen/model/SourceKind.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace opgen {

namespace {

struct OutputRow {
  OutputId Id;
  std::string_view Pattern;
  OutputKind Kind;
  bool PackageOnly; ///< OPGEN_PACKAGE_OUTPUT: not with --no-python-package.
};

constexpr OutputRow Rows[] = {
#define OPGEN_OUTPUT(Id, Path, Kind) {OutputId::Id, Path, OutputKind::Kind, false},
#define OPGEN_PACKAGE_OUTPUT(Id, Path, Kind)                                   \
  {OutputId::Id, Path, OutputKind::Kind, true},
#include "opgen/emit/Outputs.def"
};

/// The text of \p File: the emitter of its row, in the library's flavour.
llvm::Expected<std::string> emitOutput(const OutputFile &File,
                                       const OpLibrary &L,
                                       const EmitOptions &Opts) {
  const Flavour &F = flavourOf(L);
  switch (File.Id) {
  case OutputId::Registration:
    return emitRegistration(L, Opts, F);
  case OutputId::Autograd:
    return F.autograd(L, Opts);
  case OutputId::Shard:
    return emitShard(L, File.Source, Opts, F);
  case OutputId::ShardDeclarations:
    return emitShardDeclarations(L, File.Source, Opts, F);
  case OutputId::AutogradDeclarations:
    return F.autogradDeclarations(L, Opts);
  case OutputId::KernelDeclarations:
    return emitKernelDeclarations(L, Opts, F);
  case OutputId::OpsHeader:
    return F.opsHeader(L, Opts);
  case OutputId::PythonInit:
    return emitPythonInit(L, Opts);
  case OutputId::PythonOps:
    return emitPythonOps(L, Opts);
  case OutputId::PythonFakes:
    return emitPythonFakes(L, Opts, F);
  case OutputId::PythonStub:
    return emitPyi(L, Opts);
  case OutputId::PythonTyped:
    return emitPyTyped(L, Opts);
  case OutputId::Tests:
    return emitTests(L, Opts);
  case OutputId::BuildFile:
    return emitCMakeLists(L, Opts, F);
  case OutputId::Manifest: {
    std::vector<std::string> Paths;
    for (const OutputFile &Listed : listOutputs(outputNames(L)))
      Paths.push_back(Listed.Path);
    std::sort(Paths.begin(), Paths.end());
    return emitManifest(L, Paths);
  }
  }
  // Not reached: the switch has a case per row (-Wswitch); an id out of
  // the table is the pipeline's InternalError, as every emitter's failure.
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "a row of Outputs.def without an emitter");
}

} // namespace

const Flavour &flavourOf(const OpLibrary &L) {
  return L.Abi == KernelAbi::Stable ? stableFlavour() : classicFlavour();
}

std::string_view outputKindName(OutputKind K) { return enumName(K); }

OutputNames outputNames(const OpLibrary &L) {
  OutputNames Names;
  Names.PythonPackage = L.PythonPackage;
  Names.FakeModule = L.fakeModuleStem();
  Names.Package = L.GeneratePackage;
  Names.Sources = L.Sources;
  Names.Shards = shardPaths(L.Sources);
  return Names;
}

std::map<std::string, std::string>
shardPaths(const std::vector<std::string> &Sources) {
  // Each compiled source's path components, the file name first.
  std::vector<std::pair<std::string, std::vector<std::string>>> Compiled;
  for (const std::string &Source : Sources) {
    std::optional<SourceKind> Kind = classifySource(Source);
    if (!Kind || !Kind->Compiled)
      continue;
    llvm::SmallVector<llvm::StringRef, 8> Split;
    llvm::StringRef(Source).split(Split, '/', -1, /*KeepEmpty=*/false);
    std::vector<std::string> Parts;
    for (auto It = Split.rbegin(); It != Split.rend(); ++It)
      Parts.push_back(It->str());
    Compiled.emplace_back(Source, std::move(Parts));
  }
  // The last N components, N at most all of them.
  auto Trailing = [](const std::vector<std::string> &Parts, size_t N) {
    std::string Path;
    for (size_t I = std::min(N, Parts.size()); I-- > 0;)
      Path += Parts[I] + (I ? "/" : "");
    return Path;
  };
  std::map<std::string, std::string> Shards;
  for (const auto &[Source, Parts] : Compiled) {
    size_t N = 1;
    auto Clashes = [&, &Source = Source, &Parts = Parts] {
      for (const auto &[Other, OtherParts] : Compiled)
        if (Other != Source &&
            Trailing(OtherParts, N) == Trailing(Parts, N))
          return true;
      return false;
    };
    while (N < Parts.size() && Clashes())
      ++N;
    Shards[Source] = "shards/" + Trailing(Parts, N);
  }
  return Shards;
}

std::string shardPath(const OpLibrary &L, const std::string &Source,
                      const EmitOptions &Opts) {
  if (auto It = Opts.Shards.find(Source); It != Opts.Shards.end())
    return It->second;
  std::map<std::string, std::string> Shards = shardPaths(L.Sources);
  auto It = Shards.find(Source);
  return It == Shards.end() ? "" : It->second;
}

std::vector<OutputFile> listOutputs(const OutputNames &Names) {
  std::vector<OutputFile> Files;
  std::set<std::string> Seen;
  auto Add = [&](std::string Path, const OutputRow &Row,
                 const std::string &Source) {
    replaceAll(Path, "<package>", Names.PythonPackage);
    replaceAll(Path, "<fake_module>", Names.FakeModule);
    if (Seen.insert(Path).second)
      Files.push_back({Path, Row.Kind, Row.Id, Source});
  };
  for (const OutputRow &Row : Rows) {
    if (Row.PackageOnly && !Names.Package)
      continue;
    std::string Pattern(Row.Pattern);
    if (Pattern.find("<source>") == std::string::npos) {
      Add(Pattern, Row, "");
      continue;
    }
    // `shards/<source>`: the shard of each compiled source.
    for (const std::string &Source : Names.Sources) {
      auto It = Names.Shards.find(Source);
      if (It == Names.Shards.end())
        continue;
      const std::string &Shard = It->second;
      std::string Path = Pattern;
      replaceAll(Path, "<source>", Shard.substr(Shard.find('/') + 1));
      Add(Path, Row, Source);
    }
  }
  return Files;
}

llvm::Error FileSet::add(std::string Path, std::string Text) {
  if (Files.count(Path))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "two files for '" + Path + "'");
  Files.emplace(std::move(Path), std::move(Text));
  return llvm::Error::success();
}

llvm::Error FileSet::add(const FileSet &Other) {
  for (const auto &[Path, Text] : Other)
    if (Files.count(Path))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "two files for '" + Path + "'");
  Files.insert(Other.begin(), Other.end());
  return llvm::Error::success();
}

llvm::Expected<FileSet> emitAll(const OpLibrary &L, const EmitOptions &Opts) {
  FileSet Files;
  OutputNames Names = outputNames(L);
  // A shard library has one source: it is told the shard the whole
  // library's sources name.
  EmitOptions ShardOpts = Opts;
  ShardOpts.Shards.insert(Names.Shards.begin(), Names.Shards.end());
  for (const OutputFile &File : listOutputs(Names)) {
    // A shard and its declarations come from its source's own library, as
    // `--discover --write-shards` writes them.
    const OpLibrary *From = &L;
    if (File.Id == OutputId::Shard || File.Id == OutputId::ShardDeclarations)
      for (const OpLibrary &Shard : L.ShardLibraries)
        if (Shard.Sources.front() == File.Source)
          From = &Shard;
    OPGEN_TRY(Text, emitOutput(File, *From, ShardOpts));
    if (llvm::Error E = Files.add(File.Path, std::move(Text)))
      return E;
  }
  return Files;
}

llvm::Expected<FileSet> emitShardFiles(const OpLibrary &Shard,
                                       const EmitOptions &Opts) {
  FileSet Files;
  OutputNames Names;
  Names.Sources = Shard.Sources;
  for (const std::string &Source : Shard.Sources)
    if (std::string Path = shardPath(Shard, Source, Opts); !Path.empty())
      Names.Shards[Source] = Path;
  for (const OutputFile &File : listOutputs(Names))
    if (File.Id == OutputId::Shard || File.Id == OutputId::ShardDeclarations) {
      OPGEN_TRY(Text, emitOutput(File, Shard, Opts));
      if (llvm::Error E = Files.add(File.Path, std::move(Text)))
        return E;
    }
  return Files;
}

} // namespace opgen
