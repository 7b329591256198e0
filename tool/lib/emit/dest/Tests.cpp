//===- Tests.cpp - The generated opcheck tests ----------------------------===//
#include "emit/api/Names.h"
#include "emit/api/PythonFakes.h"
#include "emit/api/PythonTypes.h"
#include "emit/dest/Emitters.h"

#include <set>

namespace opgen {

namespace {

std::vector<std::string> pyDevices(const Op &O) {
  std::set<std::string> Devices;
  for (const Kernel &K : O.Kernels) {
    // Quantized, XPU, MPS and PrivateUse1 kernels are not tested: the
    // samples are plain CPU and CUDA tensors.
    bool Composite = K.Key == DispatchKey::CompositeExplicitAutograd ||
                     K.Key == DispatchKey::CompositeImplicitAutograd;
    if (K.Key == DispatchKey::CPU || Composite)
      Devices.insert("cpu");
    if (K.Key == DispatchKey::CUDA || Composite)
      Devices.insert("cuda");
  }
  std::vector<std::string> Out;
  for (const std::string &D : Devices)
    Out.push_back(quote(D));
  return Out;
}

/// Whether the op has autograd: a backward's glue, or a
/// CompositeImplicitAutograd kernel differentiated through its decomposition.
bool differentiable(const Op &O) {
  return O.Autograd || O.kernel(DispatchKey::CompositeImplicitAutograd);
}

/// A return that aliases an input (`-> Tensor(a!)`): torch 2.11's
/// auto-functionalization, and so AOT dispatch, compile and export, reject it.
bool aliasedReturn(const OpSchema &S) {
  for (const Return &R : S.Returns)
    if (R.Ty.alias())
      return true;
  return false;
}

/// A check as a Python tuple `(kind, name or text, *operands)`, the kinds
/// spelled as in discovery records: `("binary", "==", ("dim", "w"),
/// ("literal", "1"))`. The generated tests read them in `_plan`.
std::string pyCheck(const FakeExpr &E) {
  std::string Out = "(" + quote(std::string(enumName(E.K))) + ", " +
                    quote(E.Name.empty() ? E.Text : E.Name);
  for (const FakeExpr &Op : E.Ops)
    Out += ", " + pyCheck(Op);
  return Out + ")";
}

/// The checks of every kernel of \p O, each once, in kernel order.
std::vector<std::string> pyChecks(const Op &O) {
  std::vector<std::string> Out;
  std::set<std::string> Seen;
  for (const Kernel &K : O.Kernels)
    for (const FakeExpr &C : K.Checks)
      if (Seen.insert(C.str()).second)
        Out.push_back(pyCheck(C));
  return Out;
}

/// The `kernel_facts` entry of \p O: what the CPU and CUDA kernels allocate
/// (Op::KernelFacts), as functions of the op's arguments. A device whose
/// facts Python cannot spell is left out.
llvm::Expected<std::string> kernelFacts(const Op &O) {
  std::vector<TemplateRecord> Facts;
  for (const auto &[Key, KeyFacts] : O.KernelFacts) {
    if (Key != DispatchKey::CPU && Key != DispatchKey::CUDA)
      continue;
    llvm::Expected<std::string> Value = pyFakeValue(KeyFacts);
    if (!Value) { // Python cannot spell it: these facts are left out.
      llvm::consumeError(Value.takeError());
      continue;
    }
    Facts.push_back({{"device", quote(Key == DispatchKey::CPU ? "cpu" : "cuda")},
                     {"parameters", pyParameterNames(O.Schema)},
                     {"value", *Value}});
  }
  if (Facts.empty())
    return "\"kernel_facts\": {},";
  return renderTemplate("tests/kernel_facts.py", {}, {{"facts", Facts}});
}

const char *pyBool(bool B) { return B ? "True" : "False"; }

/// The record of \p O in the generated tests' OPS list.
llvm::Expected<std::string> opRecord(const OpLibrary &L, const Op &O) {
  std::vector<TemplateRecord> Arguments;
  for (const Argument &A : O.Schema.Arguments)
    Arguments.push_back({{"argument_name", quote(A.Name)},
                         {"argument_type", quote(printType(A.Ty))},
                         {"has_default", pyBool(static_cast<bool>(A.Default))},
                         {"kwarg_only", pyBool(A.KwargOnly)},
                         {"mutated", pyBool(A.Ty.isWritten())}});
  std::vector<TemplateRecord> Checks;
  for (const std::string &C : pyChecks(O))
    Checks.push_back({{"check", C}});
  std::string ChecksEntry = "\"checks\": [],";
  if (!Checks.empty()) {
    OPGEN_TRY(Entry,
              renderTemplate("tests/checks.py", {}, {{"checks", Checks}}));
    ChecksEntry = std::move(Entry);
  }
  OPGEN_TRY(KernelFacts, kernelFacts(O));
  return renderTemplate(
      "tests/op.py",
      {{"name", quote(O.Schema.qualifiedName())},
       {"overload", quote(O.Schema.Overload)},
       {"schema", quote(printSchema(O.Schema))},
       {"devices", join(pyDevices(O), ", ")},
       {"tags", join(quoteAll(O.Tags), ", ")},
       {"has_fake", O.hasFake()               ? "True"
                    : L.hasAuthorFakeModule() ? "None"
                                              : "False"},
       {"fake", quote(std::string(enumName(O.Fake)))},
       {"aliased_return", pyBool(aliasedReturn(O.Schema))},
       {"has_autograd", pyBool(differentiable(O))},
       {"backward_of", O.BackwardOf.empty() ? "None" : quote(O.BackwardOf)},
       {"checks", ChecksEntry},
       {"kernel_facts", KernelFacts}},
      {{"arguments", Arguments}});
}

} // namespace

llvm::Expected<std::string> emitTests(const OpLibrary &L,
                                      const EmitOptions &Opts) {
  std::string Ops;
  for (const Op &O : L.Ops) {
    OPGEN_TRY(Record, opRecord(L, O));
    Ops += Record;
  }
  return renderTemplate(
      "test_ops.py",
      {{"sources", sourcesDoc(L, Opts)},
       {"package", L.PythonPackage},
       {"fake_module", L.fakeModuleStem()},
       {"samples_doc",
        L.SamplesPath.empty() ? "no samples module" : L.SamplesPath},
       {"samples_path", L.SamplesPath.empty() ? "None" : quote(L.SamplesPath)},
       {"ops", Ops}},
      {{"import_fakes", onlyIf(!L.GeneratePackage)}});
}

} // namespace opgen
