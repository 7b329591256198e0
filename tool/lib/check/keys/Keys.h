//===- Keys.h - One check per annotation key --------------------*- C++ -*-===//
///
/// \file
/// Each key of OPGEN_ANNOTATION_KEY_NAMES (model/Enums.h) has one check,
/// in its own file `keys/<Key>.cpp`, as clang-tidy has one class per check.
/// A check reads its key's value and reports through the DiagSink; it
/// changes only the draft it is given, never the lowered function.
///
/// Two kinds of check, by what the key says:
///  * of the op: `mutates`, `aliases`, `returns`, `kwonly`, `symint`,
///    `tags`, `device`, `autocast` refine an OpDraft (the function's schema
///    and kernel on their way to an op). A backward's `device` and `symint`
///    are these too: the backward is an op of its own.
///  * of a backward: `name` names the backward op (BackwardNaming), `grads`
///    and `bind` shape its link to the forward op (BackwardLinkDraft).
///
/// keys/Registry.cpp lists every check in the order they run, and a
/// static_assert there fails to compile when a key has no check.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_CHECK_KEYS_KEYS_H
#define OPGEN_CHECK_KEYS_KEYS_H

#include "opgen/model/Model.h"
#include "opgen/support/Diagnostics.h"

#include "llvm/ADT/ArrayRef.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace opgen {
namespace check {

/// One annotated function on its way to an op: its inferred schema and its
/// kernel as the annotation's keys make them. Built from the lowered
/// function, which stays as it was.
struct OpDraft {
  OpDraft(const AnnotatedFunction &Fn, DiagSink &Diags, unsigned ErrorsBefore)
      : Fn(Fn), Diags(Diags), ErrorsBefore(ErrorsBefore), Schema(Fn.Inferred),
        Impl(Fn.Impl) {}

  const AnnotatedFunction &Fn; ///< As lowered; keys are read from Fn.Attr.
  DiagSink &Diags;
  /// The error count before the annotation was applied.
  unsigned ErrorsBefore;
  OpSchema Schema; ///< Fn.Inferred, named, with every key applied.
  Kernel Impl;     ///< Fn.Impl, with its dispatch key.
  std::vector<std::string> Tags;
  std::optional<AutocastDtype> Autocast;
  SourceLoc AutocastLoc; ///< The autocast value that set it.
  /// The devices whose Autocast keys get a kernel (`autocast_devices`;
  /// cpu and cuda when only `autocast` is given), in enum order.
  std::vector<DispatchKey> AutocastDevices;
  /// The arguments `mutates` lists, and those of them listed as `x[]`.
  std::set<std::string> Mutated, MutatedLists;
  unsigned NextSet = 0; ///< The next alias set to give out.

  /// The position of the argument \p Name: of Schema.Arguments and of the
  /// kernel's parameters alike.
  std::optional<size_t> argument(const std::string &Name) const;
  /// The C++ type of argument \p I as written (`int64_t`), for messages;
  /// the schema's type when the frontend recorded none.
  std::string spelling(size_t I) const;
  /// Whether \p Name, an item of \p Key, ends in `[]` (the alias set goes on
  /// the list itself, `Tensor[](a!)`); if so strips it, and reports
  /// ListAliasNotList when the argument is not a tensor list.
  bool listLevel(std::string &Name, const char *Key, const AnnotationValue &V);
};

/// `Tensor[]`: a list of tensors, which `x[]` may alias as a whole.
bool isTensorList(const Type &T);

/// The checks of the op's keys, each run when its key is present.
/// keys/Args.cpp: `args="groups=n_weight_grps"` names schema arguments apart
/// from their C++ parameters; it runs first, so that every later key names
/// arguments by their schema names.
void checkArgs(const AnnotationValue &V, OpDraft &D);
void checkMutates(const AnnotationValue &V, OpDraft &D);
void checkAliases(const AnnotationValue &V, OpDraft &D);
void checkReturns(const AnnotationValue &V, OpDraft &D);
void checkKwonly(const AnnotationValue &V, OpDraft &D);
void checkSymint(const AnnotationValue &V, OpDraft &D);
void checkTags(const AnnotationValue &V, OpDraft &D);
void checkDevice(const AnnotationValue &V, OpDraft &D);
void checkAutocast(const AnnotationValue &V, OpDraft &D);
void checkAutocastDevices(const AnnotationValue &V, OpDraft &D);

/// Steps of an op's annotation that run whether or not a key is written.
/// keys/Args.cpp: every schema argument's name is one (ReservedArgumentName).
void checkArgumentNames(OpDraft &D);
/// keys/Mutates.cpp: alias sets for the mutated arguments, the mutable
/// references `mutates` must list, and the body's writes against it.
void assignWriteAliasSets(OpDraft &D);
/// keys/Mutates.cpp: a reference return (`at::Tensor&`) aliases the
/// mutated argument(s) it returns.
void aliasReferenceReturns(OpDraft &D);
/// keys/Device.cpp: the dispatch key of the kernel's language, which
/// `device` overrides.
void assignDefaultDevice(OpDraft &D);

/// One step of applying an op's annotation: the check of Key when the
/// annotation has it, or a step that always runs (no Key).
struct OpStep {
  std::optional<AnnotationKey> Key;
  void (*CheckKey)(const AnnotationValue &, OpDraft &) = nullptr;
  void (*Always)(OpDraft &) = nullptr;
};

/// The steps of an op's annotation, in the order they run (the order of
/// its diagnostics).
llvm::ArrayRef<OpStep> opSteps();

/// A `[[custom_op_backward("ns::op")]]` on its way to the op
/// `ns::op_backward`: the names its `name` key decides.
struct BackwardNaming {
  BackwardNaming(const AnnotatedFunction &Fn, const OpSchema &Forward,
                 DiagSink &Diags)
      : Fn(Fn), Diags(Diags), Forward(Forward), Backward(Forward),
        NameLoc(Fn.Attr.Name.Loc) {
    Backward.Name += "_backward";
  }

  const AnnotatedFunction &Fn;
  DiagSink &Diags;
  OpSchema Forward;  ///< The forward op's name.
  OpSchema Backward; ///< The backward op's name: `ns::op_backward` or `name`.
  SourceLoc NameLoc; ///< Where the backward op's name was given.
};

void checkName(const AnnotationValue &V, BackwardNaming &N);

/// A check of a backward's naming.
struct NamingStep {
  AnnotationKey Key;
  void (*CheckKey)(const AnnotationValue &, BackwardNaming &);
};

/// The checks of a backward's naming; the backward is left out after the
/// first that reports an error.
llvm::ArrayRef<NamingStep> namingSteps();

/// One `param=x.size(i)` of a backward's `bind`, or `param=result_<i>`: the
/// forward's output i itself, for a backward parameter whose name says
/// nothing (torchvision's `argmax`, output 1 of `roi_pool`'s unnamed
/// returns).
struct Binding {
  std::string Param;
  std::string Tensor;
  BoundMetadata Metadata = BoundMetadata::Size;
  int64_t Dim = 0;
  std::optional<size_t> Output; ///< `result_<i>`: Tensor is unused.
};

/// A backward function's link to its forward op, as `grads` and `bind`
/// shape it; Backward.cpp matches the rest of its parameters.
struct BackwardLinkDraft {
  BackwardLinkDraft(const Op &Forward, const Op &Backward,
                    const AnnotatedFunction &Fn, DiagSink &Diags);

  const Op &Forward;
  const Op &Backward;
  const AnnotatedFunction &Fn; ///< The backward function, as lowered.
  DiagSink &Diags;
  std::string Name; ///< The forward op's full name.
  /// The backward function's parameters as schema arguments: its inferred
  /// types under the backward op's argument names (`args` may rename them).
  std::vector<Argument> Params;
  AutogradInfo Info;
  /// The forward tensor arguments the backward returns gradients for, by
  /// name (Info.GradInputs by position): every tensor argument, or those
  /// `grads` names.
  std::vector<std::string> TensorInputs;
  /// `bind`: backward parameter name → what it is read from.
  std::map<std::string, Binding> Bindings;
};

void checkGrads(const AnnotationValue &V, BackwardLinkDraft &L);
void checkBind(const AnnotationValue &V, BackwardLinkDraft &L);

/// A check of a backward's link.
struct LinkStep {
  AnnotationKey Key;
  void (*CheckKey)(const AnnotationValue &, BackwardLinkDraft &);
};

/// The checks of a backward's link, in the order they run; the link stops
/// after the first that reports an error.
llvm::ArrayRef<LinkStep> linkSteps();

} // namespace check
} // namespace opgen

#endif // OPGEN_CHECK_KEYS_KEYS_H
