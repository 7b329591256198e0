//===- Emit.cpp - Model to generated files --------------------------------===//
//
// Every generated file, each from its emitter in dest/.
//===----------------------------------------------------------------------===//
#include "opgen/emit/Emit.h"
#include "emit/dest/Emitters.h"
#include "opgen/model/SourceKind.h"

#include <algorithm>

namespace opgen {

std::string shardPath(const std::string &Source) {
  std::optional<SourceKind> Kind = classifySource(Source);
  if (!Kind || !Kind->Compiled)
    return "";
  return "shards/" + Source.substr(Source.find_last_of('/') + 1);
}

FileSet emitAll(const OpLibrary &L, const EmitOptions &Opts) {
  FileSet Files;
  const std::string Py = "python/" + L.PythonPackage + "/";
  Files["registration.cpp"] = emitRegistration(L, Opts);
  Files["autograd.cpp"] = emitAutograd(L, Opts);
  Files["CMakeLists.txt"] = emitCMakeLists(L, Opts);
  Files["opgen_kernels.h"] = emitKernelDeclarations(L, Opts);
  Files["autograd.h"] = emitAutogradDeclarations(L, Opts);
  Files["include/" + L.PythonPackage + "/ops.h"] = emitOpsHeader(L, Opts);
  Files[Py + "__init__.py"] = emitPythonInit(L, Opts);
  Files[Py + (L.Fakes ? L.Fakes->Name : "fakes") + ".py"] =
      emitPythonFakes(L, Opts);
  Files[Py + "ops.py"] = emitPythonOps(L, Opts);
  Files[Py + "ops.pyi"] = emitPyi(L, Opts);
  Files["tests/test_" + L.PythonPackage + "_ops.py"] = emitTests(L, Opts);
  for (const std::string &Source : L.Sources) {
    std::string Shard = shardPath(Source);
    if (!Shard.empty()) {
      Files[Shard] = emitShard(L, Source, Opts);
      Files[Shard + ".h"] = emitShardDeclarations(L, Source, Opts);
    }
  }
  std::vector<std::string> Names;
  for (const auto &[Name, Text] : Files)
    Names.push_back(Name);
  Names.push_back("manifest.json");
  std::sort(Names.begin(), Names.end());
  Files["manifest.json"] = emitManifest(L, Names);
  return Files;
}

} // namespace opgen
