//===- PythonPackage.cpp - The Python package -----------------------------===//
#include "emit/api/Names.h"
#include "emit/api/PythonFakes.h"
#include "emit/api/PythonTypes.h"
#include "emit/dest/Emitters.h"

#include <map>

namespace opgen {

namespace {

std::string kernelsDoc(const Op &O) {
  std::vector<std::string> Items;
  for (const Kernel &K : O.Kernels)
    Items.push_back(std::string(dispatchKeyName(K.Key)) + " (" + K.Loc.str() +
                    ")");
  return join(Items, ", ");
}

std::string namespacesDoc(const OpLibrary &L) {
  std::set<std::string> Set = namespaces(L);
  std::vector<std::string> Names(Set.begin(), Set.end());
  return join(Names, ", torch.ops.");
}

/// Where the error of a skeleton says a Python fake can be written.
std::string pythonFakeAdvice(const OpLibrary &L) {
  if (!L.PythonModule.empty())
    return "torch.library.register_fake in " + L.PythonModule;
  return "torch.library.register_fake in the module passed as FAKE_MODULE to "
         "add_custom_op (opgen --fake-module)";
}

/// A register_fake skeleton for an op nobody wrote a fake for: a function
/// that raises an error that names the op and the two ways to give it a
/// fake. Without an author's Python module, opgen knows that at generation
/// time: the skeleton is registered unconditionally. With one (FAKE_MODULE,
/// PYTHON_MODULE), only importing it tells, so the skeleton is registered by
/// _opgen_register_skeleton (templates/fakes/conditional.py) unless the op
/// has a fake by then.
llvm::Expected<std::string> fakeSkeleton(const OpLibrary &L, const Op &O) {
  std::string Name = O.Schema.fullName();
  bool Conditional = L.hasAuthorFakeModule();
  return renderTemplate(
      "fakes/skeleton.py",
      {{"op", Name},
       {"op_name", quote(Name)},
       {"identifier", opIdentifier(O.Schema)},
       {"parameters", pyParameterNames(O.Schema)},
       {"message", quote(Name + " has no fake kernel, so it cannot run under "
                                "FakeTensor, torch.compile or torch.export. "
                                "Write one with [[custom_op_fake(\"" +
                         Name + "\")]] in C++, or with " +
                         pythonFakeAdvice(L) + ".")}},
      {{"decorator", onlyIf(!Conditional)},
       {"conditional", onlyIf(Conditional)}});
}

/// The op's tensor parameters (tensors, optional tensors, lists of them),
/// as the per-device fake passes them to _opgen_dispatch_key.
std::string tensorParameterNames(const OpSchema &S) {
  std::vector<std::string> Names;
  for (const Argument &A : S.Arguments)
    if (A.Ty.Base == BaseType::Tensor)
      Names.push_back(pyIdentifier(A.Name));
  return join(Names, ", ");
}

/// Whether the Python \p Value calls `_opgen_with_item` (a size list with
/// one item replaced), which the module must then define.
bool usesWithItem(const std::string &Value) {
  return Value.find("_opgen_with_item(") != std::string::npos;
}

/// The fakes opgen writes in Python from the facts it read in kernel
/// bodies: a stable-ABI library's synthesised fakes, and the per-device
/// fakes of either flavour. The check phase made sure Python can spell
/// every fact (pyFakeValue). Sets the flags for the helpers they call.
llvm::Expected<std::string> inferredPythonFakes(const OpLibrary &L,
                                                const Flavour &F,
                                                bool &UsesWithItem,
                                                bool &UsesDispatchKey) {
  std::string Out;
  for (const Op &O : L.Ops) {
    if (O.Fake == FakeKind::Synthesized && F.synthesizedFakesInPython()) {
      // check/Fakes promised this fake only where Python spells it all.
      OPGEN_TRY(Value, pyFakeValue(O.SynthesizedFake, "    "));
      UsesWithItem = UsesWithItem || usesWithItem(Value);
      OPGEN_TRY(Fake,
                renderTemplate("stable/fake.py",
                               {{"op", O.Schema.fullName()},
                                {"where", O.FakeWhere},
                                {"origins", fakeOrigins(O.SynthesizedFake)},
                                {"op_name", quote(O.Schema.fullName())},
                                {"identifier", opIdentifier(O.Schema)},
                                {"parameters", pyParameterNames(O.Schema)},
                                {"body", "return " + Value}}));
      Out += Fake;
      continue;
    }
    if (O.Fake != FakeKind::PerDevice)
      continue;
    UsesDispatchKey = true;
    std::vector<TemplateRecord> Devices;
    if (O.FakeRunsKernel) {
      // The meta-safe kernel run on the fake tensors: its ATen calls make
      // the fake outputs (redispatch: straight to that device's kernel).
      const std::string Key(dispatchKeyName(*O.FakeRunsKernel));
      Devices.push_back(
          {{"key", Key},
           {"key_literal", quote(Key)},
           {"where", O.kernel(*O.FakeRunsKernel)->Loc.str()},
           {"origins", "the kernel itself, run on the fake tensors (it calls only "
                       "ATen ops)"},
           {"value", overloadExpr(O.Schema) + ".redispatch(torch._C.DispatchKeySet(" +
                         quote(Key) + "), " + pyCallArguments(O.Schema) + ")"}});
    }
    for (const auto &[Key, Facts] : O.KernelFacts) {
      OPGEN_TRY(Value, pyFakeValue(Facts));
      UsesWithItem = UsesWithItem || usesWithItem(Value);
      Devices.push_back({{"key", std::string(dispatchKeyName(Key))},
                         {"key_literal", quote(std::string(dispatchKeyName(Key)))},
                         {"where", O.kernel(Key)->Loc.str()},
                         {"origins", fakeOrigins(Facts)},
                         {"value", Value}});
    }
    OPGEN_TRY(
        Fake,
        renderTemplate(
            "fakes/per_device.py",
            {{"op", O.Schema.fullName()},
             {"op_name", quote(O.Schema.fullName())},
             {"identifier", opIdentifier(O.Schema)},
             {"parameters", pyParameterNames(O.Schema)},
             {"tensors", tensorParameterNames(O.Schema)},
             {"message",
              "f" + quote(O.Schema.fullName() +
                          " has no kernel for {key}, so no fake either")},
             {"meta_message",
              quote(
                  O.Schema.fullName() +
                  "'s kernels allocate their outputs "
                  "differently per device, and its inputs are meta tensors (as "
                  "inside another op's kernel run on fake tensors), so its "
                  "fake "
                  "cannot tell which device's outputs to make; see "
                  "docs/fakes.md#one-fake-for-every-device")}},
            {{"devices", Devices}}));
    Out += Fake;
  }
  return Out;
}

} // namespace

llvm::Expected<std::string> emitPythonInit(const OpLibrary &L,
                                           const EmitOptions &Opts) {
  std::vector<std::string> Names;
  for (const Op &O : L.Ops)
    Names.push_back(O.Schema.fullName());
  std::string Env = "OPGEN_" + L.PythonPackage + "_LIBRARY";
  for (char &C : Env)
    C = static_cast<char>(std::toupper(static_cast<unsigned char>(C)));
  return renderTemplate("__init__.py",
                        {{"sources", sourcesDoc(L, Opts)},
                         {"package", L.PythonPackage},
                         {"op_names", Names.empty() ? "no ops" : join(Names, ", ")},
                         {"namespaces_doc", namespacesDoc(L)},
                         {"library", L.LibraryName},
                         {"fake_module", L.fakeModuleStem()},
                         {"library_env", Env}});
}

llvm::Expected<std::string>
emitPythonFakes(const OpLibrary &L, const EmitOptions &Opts, const Flavour &F) {
  std::string Skeletons;
  for (const Op &O : L.Ops) {
    if (O.hasFake())
      continue;
    OPGEN_TRY(Skeleton, fakeSkeleton(L, O));
    Skeletons += Skeleton;
  }
  // What the flavour registers here besides fakes (a stable-ABI library's
  // autograd, in Python); the fakes opgen inferred and must write in Python
  // come first.
  OPGEN_TRY(Registrations, F.pythonRegistrations(L));
  Skeletons = Registrations + Skeletons;
  bool UsesWithItem = false, UsesDispatchKey = false;
  OPGEN_TRY(Inferred, inferredPythonFakes(L, F, UsesWithItem, UsesDispatchKey));
  Skeletons = Inferred + Skeletons;
  if (UsesDispatchKey) {
    OPGEN_TRY(DispatchKeyHelper, renderTemplate("fakes/dispatch_key.py", {}));
    Skeletons = DispatchKeyHelper + Skeletons;
  }
  if (UsesWithItem) {
    OPGEN_TRY(Helpers, renderTemplate("fakes/helpers.py", {}));
    Skeletons = Helpers + Skeletons;
  }
  std::string HowImported = F.fakesHowImported();
  std::string Conditional;
  if (L.hasAuthorFakeModule() && !Skeletons.empty()) {
    OPGEN_TRY(Helper, renderTemplate("fakes/conditional.py", {}));
    Conditional = std::move(Helper);
  }
  if (L.Fakes)
    return renderTemplate("fake_module.py",
                          {{"origin", L.Fakes->DisplayPath},
                           {"how_imported", HowImported},
                           {"text", L.Fakes->Text},
                           {"conditional", Conditional},
                           {"fakes", Skeletons}});
  if (!L.PythonModule.empty())
    return renderTemplate("fakes/python_module.py",
                          {{"sources", sourcesDoc(L, Opts)},
                           {"package", L.PythonPackage},
                           {"module", L.fakeModuleName()},
                           {"conditional", Conditional},
                           {"fakes", Skeletons}});
  return renderTemplate(F.fakesTemplate(),
                        {{"sources", sourcesDoc(L, Opts)},
                                     {"package", L.PythonPackage},
                                     {"fakes", Skeletons}});
}

namespace {

/// The body of a stub: a docstring when the op writes arguments (what an
/// editor shows, as the schema's `(a!)` says), else ` ...`.
struct StubBody {
  std::string Ellipsis;
  std::vector<TemplateRecord> Docstring;
};

StubBody stubBody(const OpSchema &S) {
  std::string Mutates = pyMutatesDoc(S);
  return {Mutates.empty() ? " ..." : "",
          onlyIf(!Mutates.empty(), {{"mutates", Mutates}})};
}

} // namespace

llvm::Expected<std::string> emitPythonOps(const OpLibrary &L,
                                          const EmitOptions &Opts) {
  std::vector<std::string> All;
  std::string Fns;
  for (const Op &O : L.Ops) {
    std::string Name = pyFunctionName(L, O.Schema);
    All.push_back(quote(Name));
    OPGEN_TRY(Fn, renderTemplate("ops/function.py",
                                 {{"name", Name},
                                  {"parameters", pyParameters(O.Schema)},
                                  {"returns", pyReturnType(O.Schema)},
                                  {"schema", printSchema(O.Schema)},
                                  {"kernels", kernelsDoc(O)},
                                  {"mutates", pyMutatesDoc(O.Schema)},
                                  {"overload", overloadExpr(O.Schema)},
                                  {"arguments", pyCallArguments(O.Schema)}}));
    Fns += Fn;
  }
  return renderTemplate("ops.py", {{"sources", sourcesDoc(L, Opts)},
                                   {"package", L.PythonPackage},
                                   {"all", join(All, ", ")},
                                   {"functions", Fns}});
}

llvm::Expected<std::string> emitPyi(const OpLibrary &L,
                                    const EmitOptions &Opts) {
  std::string Fns, Packets;
  // Without a generated package there is no <package>.ops to describe: the
  // stub has only the shape of torch.ops.<ns>.
  for (const Op &O : L.GeneratePackage ? L.Ops : std::vector<Op>{}) {
    StubBody Body = stubBody(O.Schema);
    OPGEN_TRY(Fn, renderTemplate("ops/function.pyi",
                                 {{"name", pyFunctionName(L, O.Schema)},
                                  {"parameters", pyParameters(O.Schema)},
                                  {"returns", pyReturnType(O.Schema)},
                                  {"ellipsis", Body.Ellipsis}},
                                 {{"docstring", Body.Docstring}}));
    Fns += Fn;
  }
  for (const std::string &Ns : namespaces(L)) {
    std::map<std::string, std::vector<const Op *>> Packet;
    for (const Op &O : L.Ops)
      if (O.Schema.Namespace == Ns)
        Packet[O.Schema.Name].push_back(&O);
    std::vector<TemplateRecord> Names;
    for (const auto &[Name, Overloads] : Packet) {
      std::vector<TemplateRecord> Members;
      for (const Op *O : Overloads)
        Members.push_back(
            {{"overload",
              O->Schema.Overload.empty() ? "default" : O->Schema.Overload},
             {"schema", printSchema(O->Schema)}});
      const OpSchema &Default = Overloads.front()->Schema;
      StubBody Body = stubBody(Default);
      OPGEN_TRY(Text, renderTemplate("ops/packet.pyi",
                                     {{"namespace", Ns},
                                      {"name", Name},
                                      {"parameters", pyParameters(Default)},
                                      {"returns", pyReturnType(Default)},
                                      {"ellipsis", Body.Ellipsis}},
                                     {{"overloads", Members},
                                      {"docstring", Body.Docstring}}));
      Packets += Text;
      Names.push_back({{"name", Name}});
    }
    OPGEN_TRY(Text, renderTemplate("ops/namespace.pyi", {{"namespace", Ns}},
                                   {{"packets", Names}}));
    Packets += Text;
  }
  return renderTemplate("ops.pyi", {{"sources", sourcesDoc(L, Opts)},
                                    {"package", L.PythonPackage},
                                    {"namespaces_doc", namespacesDoc(L)},
                                    {"contents",
                                     L.GeneratePackage
                                         ? "the typed functions of " +
                                               L.PythonPackage + ".ops and the shape of"
                                         : "the shape of"},
                                    {"functions", Fns},
                                    {"packets", Packets}});
}

// PEP 561: a package that holds this file ships its own types; type checkers
// then read ops.pyi (and ops.py's hints) of the installed package. Empty: the
// package is typed in full, and a marker has no room for a comment.
llvm::Expected<std::string> emitPyTyped(const OpLibrary &,
                                        const EmitOptions &) {
  return "";
}

} // namespace opgen
