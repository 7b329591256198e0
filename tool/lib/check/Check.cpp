//===- Check.cpp - Lowered functions → checked ops ------------------------===//
///
/// \file
/// The order of the check: name the backwards (Backward.cpp), apply each
/// op's annotation (Annotate.cpp, one check per key in keys/), merge the
/// kernels of one op (Merge.cpp), attach the C++ fakes, link the backwards,
/// then the checks of whole ops.
//===----------------------------------------------------------------------===//
#include "opgen/check/Check.h"

#include "check/Annotate.h"
#include "check/Backward.h"
#include "check/Common.h"
#include "check/Merge.h"

#include <algorithm>
#include <map>
#include <set>

namespace opgen {

namespace {

using namespace check;

/// A CompositeImplicitAutograd kernel decomposes into other ops, which give
/// the op every backend, its fake and its gradient: it must be the op's
/// only registration.
void checkCompositeImplicit(const Op &O, DiagSink &Diags) {
  const Kernel *Composite = O.kernel(DispatchKey::CompositeImplicitAutograd);
  if (!Composite)
    return;
  const std::string Name = O.Schema.fullName();
  for (const Kernel &K : O.Kernels) {
    if (&K == Composite)
      continue;
    std::string What = K.Key == DispatchKey::Meta && O.Fake == FakeKind::Cpp
                           ? "a fake kernel ([[custom_op_fake]])"
                           : "a " + std::string(dispatchKeyName(K.Key)) + " kernel";
    Diags.report(DiagId::CompositeImplicitNotAlone, K.Loc, {Name, What});
    Diags.report(DiagId::CompositeImplicitNotAloneOther, Composite->Loc, {});
  }
  if (O.Autograd) {
    Diags.report(DiagId::CompositeImplicitNotAlone, O.Autograd->Loc,
                 {Name, "a backward ([[custom_op_backward]])"});
    Diags.report(DiagId::CompositeImplicitNotAloneOther, Composite->Loc, {});
  }
}

/// Adds the kernel of \p D to its op in \p Ops, or makes the op.
void mergeKernel(OpDraft &&D, std::map<std::string, Op> &Ops, DiagSink &Diags) {
  std::string Name = D.Schema.fullName();
  auto [It, Inserted] = Ops.try_emplace(Name);
  Op &O = It->second;
  if (Inserted) {
    O.Schema = D.Schema;
    O.Loc = D.Impl.Loc;
    O.Tags = D.Tags;
    O.Autocast = D.Autocast;
    O.AutocastLoc = D.AutocastLoc;
    O.AutocastDevices = D.AutocastDevices;
    O.Kernels.push_back(std::move(D.Impl));
    return;
  }
  std::optional<OpSchema> Unified = unify(O.Schema, D.Schema);
  if (!Unified) {
    Diags.report(DiagId::ConflictingSchemas, D.Impl.Loc,
                 {Name, printSchema(D.Schema)});
    Diags.report(DiagId::ConflictingSchemasOther, O.Kernels.front().Loc,
                 {printSchema(O.Schema)});
    return;
  }
  O.Schema = std::move(*Unified);
  if (D.Autocast && O.Autocast && *D.Autocast != *O.Autocast) {
    Diags.report(DiagId::AutocastConflict, D.AutocastLoc,
                 {Name, std::string(enumName(*D.Autocast))});
    Diags.report(DiagId::AutocastConflictOther, O.AutocastLoc,
                 {std::string(enumName(*O.Autocast))});
    return;
  }
  if (D.Autocast && O.Autocast && D.AutocastDevices != O.AutocastDevices) {
    auto Names = [](const std::vector<DispatchKey> &Devices) {
      std::vector<std::string> Out;
      for (DispatchKey K : Devices)
        Out.push_back(deviceName(K));
      return join(Out, ", ");
    };
    Diags.report(DiagId::AutocastDevicesConflict, D.AutocastLoc,
                 {Name, Names(D.AutocastDevices)});
    Diags.report(DiagId::AutocastDevicesConflictOther, O.AutocastLoc,
                 {Names(O.AutocastDevices)});
    return;
  }
  if (D.Autocast && !O.Autocast) {
    O.Autocast = D.Autocast;
    O.AutocastLoc = D.AutocastLoc;
    O.AutocastDevices = D.AutocastDevices;
  }
  for (const std::string &Tag : D.Tags)
    if (std::find(O.Tags.begin(), O.Tags.end(), Tag) == O.Tags.end())
      O.Tags.push_back(Tag);
  auto Same = std::find_if(O.Kernels.begin(), O.Kernels.end(),
                           [&](const Kernel &K) { return K.Key == D.Impl.Key; });
  if (Same != O.Kernels.end()) {
    std::string Key(dispatchKeyName(D.Impl.Key));
    Diags.report(DiagId::DuplicateKernel, D.Impl.Loc, {Name, Key});
    Diags.report(DiagId::DuplicateKernelOther, Same->Loc, {Key});
    return;
  }
  O.Kernels.push_back(std::move(D.Impl));
}

} // namespace

std::vector<Op> checkOps(const std::vector<AnnotatedFunction> &Functions,
                         DiagSink &Diags, CheckScope Scope) {
  // One function seen from several translation units (a header annotation)
  // is one kernel: keep the first sighting.
  std::vector<const AnnotatedFunction *> Unique;
  for (const AnnotatedFunction &Fn : Functions)
    if (std::none_of(Unique.begin(), Unique.end(),
                     [&](const AnnotatedFunction *U) {
                       return U->Attr.Loc == Fn.Attr.Loc &&
                              U->Impl.Loc == Fn.Impl.Loc;
                     }))
      Unique.push_back(&Fn);

  // Backward functions become the ops `ns::op_backward`, with kernels per
  // device like any op.
  std::set<std::string> ForwardNames; // Ops named by [[custom_op]].
  for (const AnnotatedFunction *Fn : Unique) {
    if (Fn->Attr.Kind != AnnotationKind::CustomOp)
      continue;
    if (llvm::Expected<OpSchema> N = parseOpName(trim(Fn->Attr.Name.Text)))
      ForwardNames.insert(N->fullName());
    else
      llvm::consumeError(N.takeError()); // Reported with the op itself.
  }
  std::vector<BackwardLink> Links = nameBackwards(Unique, ForwardNames, Diags);

  std::map<std::string, Op> Ops;
  for (const AnnotatedFunction *Fn : Unique) {
    AnnotationValue OpName = Fn->Attr.Name;
    if (Fn->Attr.Kind == AnnotationKind::Backward) {
      auto Link = std::find_if(Links.begin(), Links.end(),
                               [&](const BackwardLink &L) { return L.Fn == Fn; });
      if (Link == Links.end())
        continue; // Its naming failed.
      OpName.Text = Link->Backward.fullName();
    } else if (Fn->Attr.Kind != AnnotationKind::CustomOp) {
      continue; // Fakes are attached once every op is merged.
    }
    if (std::optional<OpDraft> D = applyAnnotation(*Fn, OpName, Diags))
      mergeKernel(std::move(*D), Ops, Diags);
  }
  for (const AnnotatedFunction *Fn : Unique)
    if (Fn->Attr.Kind == AnnotationKind::Fake)
      attachCppFake(*Fn, Ops, Diags, Scope);
  for (const BackwardLink &L : Links) {
    auto Forward = Ops.find(L.Forward);
    if (Forward == Ops.end() && Scope == CheckScope::Source)
      continue; // The forward op is in another source.
    if (Forward == Ops.end()) {
      Diags.report(DiagId::BackwardForUnknownOp, L.Fn->Attr.Name.Loc,
                   {L.Forward});
      continue;
    }
    auto Backward = Ops.find(L.Backward.fullName());
    if (Backward != Ops.end()) // Otherwise its own error was reported.
      linkBackward(Forward->second, Backward->second, *L.Fn, Diags);
  }

  for (auto &[Name, O] : Ops)
    checkCompositeImplicit(O, Diags);

  std::vector<Op> Checked;
  for (auto &[Name, O] : Ops) {
    std::sort(O.Kernels.begin(), O.Kernels.end(),
              [](const Kernel &A, const Kernel &B) { return A.Key < B.Key; });
    Checked.push_back(std::move(O));
  }
  return Checked;
}

} // namespace opgen
