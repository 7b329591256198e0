//===- BuildFiles.cpp - The generated CMakeLists.txt ----------------------===//
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"
#include "opgen/model/SourceKind.h"

namespace opgen {

std::string emitCMakeLists(const OpLibrary &L, const EmitOptions &Opts) {
  std::vector<std::string> Shards;
  bool HasCuda = false;
  for (const std::string &Source : L.Sources) {
    std::string Shard = shardPath(Source);
    if (Shard.empty())
      continue;
    Shards.push_back(Shard);
    HasCuda = HasCuda || classifySource(Shard)->Cuda;
  }
  return renderTemplate(
      "CMakeLists.txt",
      {{"sources", sourcesDoc(L, Opts)},
       {"package", L.PythonPackage},
       {"library", L.LibraryName},
       {"languages", HasCuda ? "C CXX CUDA" : "C CXX"},
       {"shards", join(Shards, "\n")},
       {"runtime_include", relativePath(Opts.OutputDir, Opts.RuntimeIncludeDir)}});
}

} // namespace opgen
