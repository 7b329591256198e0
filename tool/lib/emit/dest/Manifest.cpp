//===- Manifest.cpp - manifest.json ---------------------------------------===//
//
// The manifest is an llvm::json::Value built from the library and printed by
// llvm::json, indented by two: each object's keys in sorted order (as
// llvm::json prints every object), each item of a non-empty array or object
// on a line of its own.
//===----------------------------------------------------------------------===//
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

namespace opgen {

namespace {

llvm::json::Value manifestOp(const Op &O) {
  llvm::json::Array Tags;
  for (const std::string &Tag : O.Tags)
    Tags.push_back(Tag);
  llvm::json::Object Kernels;
  for (const Kernel &K : O.Kernels)
    Kernels[std::string(dispatchKeyName(K.Key))] = K.Loc.str();
  llvm::json::Value Fake = nullptr;
  if (O.hasFake())
    Fake = llvm::json::Object{{"kind", std::string(enumName(O.Fake))}, {"where", O.FakeWhere}};
  llvm::json::Value Autograd = nullptr;
  if (O.Autograd)
    Autograd = llvm::json::Object{{"backward", O.Autograd->Backward.fullName()},
                                  {"where", O.Autograd->Loc.str()}};
  else if (!O.BackwardOf.empty())
    Autograd = llvm::json::Object{{"backward_of", O.BackwardOf}};
  return llvm::json::Object{{"name", O.Schema.qualifiedName()},
                            {"overload", O.Schema.Overload},
                            {"schema", printSchema(O.Schema)},
                            {"tags", std::move(Tags)},
                            {"kernels", std::move(Kernels)},
                            {"fake", std::move(Fake)},
                            {"autograd", std::move(Autograd)}};
}

} // namespace

llvm::Expected<std::string>
emitManifest(const OpLibrary &L, const std::vector<std::string> &Files) {
  llvm::json::Array Ops;
  for (const Op &O : L.Ops)
    Ops.push_back(manifestOp(O));
  llvm::json::Array FileList;
  for (const std::string &File : Files)
    FileList.push_back(File);
  llvm::json::Value Manifest =
      llvm::json::Object{{"generator", "opgen"},
                         {"package", L.PythonPackage},
                         {"library", L.LibraryName},
                         {"python_module", L.fakeModuleName()},
                         {"package_generated", L.GeneratePackage},
                         {"ops", std::move(Ops)},
                         {"files", std::move(FileList)}};
  return llvm::formatv("{0:2}", Manifest).str() + "\n";
}

} // namespace opgen
