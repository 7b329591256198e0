//===- Migration.h - Hand-written registrations, for opgen migrate -*- C++ -*-===//
///
/// \file
/// What `opgen migrate` reads from a library that registers its ops by hand
/// (`TORCH_LIBRARY`, `TORCH_LIBRARY_FRAGMENT`, `TORCH_LIBRARY_IMPL` blocks
/// of `m.def`/`m.impl` calls), as the frontend (frontend/migrate/) lowers
/// it: plain strings, offsets and lowered kernels, no Clang type. The check
/// phase (check/Migrate.h) decides from it which ops become annotated
/// kernels, proving each schema; emit (emit/Migrate.h) turns the decision
/// into text edits and a diff. docs/migrate.md.
///
/// What may depend on it: every folder, like Model.h.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_MODEL_MIGRATION_H
#define OPGEN_MODEL_MIGRATION_H

#include "opgen/model/Model.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace opgen {

/// A range of bytes of one file: [Begin, End).
struct TextRange {
  std::string File; ///< Absolute.
  unsigned Begin = 0;
  unsigned End = 0;
};

/// One replacement of a file's bytes [Begin, End) by Text (an insertion when
/// Begin == End).
struct TextEdit {
  TextRange Range;
  std::string Text;
};

/// X(Value, Name): the kind of a registration block, as its macro names it.
#define OPGEN_REGISTRATION_BLOCKS(X)                                           \
  X(Library, "TORCH_LIBRARY")                                                  \
  X(Fragment, "TORCH_LIBRARY_FRAGMENT")                                        \
  X(Impl, "TORCH_LIBRARY_IMPL")

enum class BlockKind { OPGEN_REGISTRATION_BLOCKS(OPGEN_ENUM_VALUE) };
OPGEN_ENUM_NAMES(BlockKind, OPGEN_REGISTRATION_BLOCKS);

/// Which API a block registers through.
enum class RegistrationApi {
  Library,           ///< `TORCH_LIBRARY*`: torch::Library.
  Stable,            ///< `STABLE_TORCH_LIBRARY*`: the stable ABI's.
  RegisterOperators, ///< A legacy `torch::RegisterOperators().op(...)` chain.
};

/// One `TORCH_LIBRARY*(ns, [key,] m) { ... }` block, also behind a project
/// macro that expands to one; or one `STABLE_TORCH_LIBRARY*` block; or one
/// legacy `torch::RegisterOperators` variable, whose `.op(...)` calls read
/// as defs (of a fragment: it claims no namespace).
struct RegistrationBlock {
  BlockKind Kind = BlockKind::Library;
  RegistrationApi Api = RegistrationApi::Library;
  std::string Namespace;
  /// TORCH_LIBRARY_IMPL's dispatch key (`CPU`, `AutocastCUDA`, ...); empty
  /// for a TORCH_LIBRARY or TORCH_LIBRARY_FRAGMENT block.
  std::string Key;
  SourceLoc Loc;
  /// The whole block, from its macro's name to its closing brace.
  TextRange Range;
  /// The macro name's bytes when the block is written with the macro
  /// `TORCH_LIBRARY` (`STABLE_TORCH_LIBRARY`) itself or a project macro of
  /// its two arguments that expands to it (vLLM's TORCH_LIBRARY_EXPAND(NAME,
  /// MODULE)), for a rewrite to TORCH_LIBRARY_FRAGMENT
  /// (STABLE_TORCH_LIBRARY_FRAGMENT); otherwise unset.
  std::optional<TextRange> MacroName;
  /// How many statements its body has (registrations or not).
  unsigned Statements = 0;
};

/// One `m.def(...)` or `m.impl(...)` statement of a block.
struct Registration {
  enum class Kind { Def, Impl };
  Kind K = Kind::Def;
  size_t Block = 0; ///< Index into RegistrationSet::Blocks.
  SourceLoc Loc;    ///< The call.
  /// The statement with its `;`.
  TextRange Stmt;
  /// Def: the schema string as written (without the block's namespace when
  /// it has none); Impl: the op name as written (`nms`, `torchvision::nms`,
  /// `op.overload`).
  std::string Text;
  /// Where the string's first character is (after the quote), for a schema
  /// parse error's column; invalid when it is not one plain string literal.
  SourceLoc TextLoc;
  /// Impl: the dispatch key, from `torch::dispatch(key, ...)`, a device
  /// (`torch::kCUDA`) or the block; empty: the block's (a def block's: the
  /// catch-all, CompositeImplicitAutograd).
  std::string Key;
  /// Def: the `at::Tag`s of its second argument (`{at::Tag::...}`).
  std::vector<std::string> Tags;
  /// The kernel it names (Impl; Def with a function), index into
  /// RegistrationSet::Kernels.
  std::optional<size_t> Kernel;
  /// Why the statement cannot be read (a lambda, a chained call, extra
  /// arguments such as tags), for the note that keeps it; empty when read.
  std::string Unreadable;
};

/// A value a `torch::autograd::Function`'s backward hands to the backward
/// op, traced back to the forward; or one its forward returns.
struct AutogradValue {
  enum class Kind {
    Grad,   ///< The gradient of output Index (`grad_output[i]`).
    Input,  ///< Forward argument Index, saved.
    Result, ///< The op's whole result (an op of one output).
    Output, ///< Output Index of the op's result (`std::get<i>`), saved.
    Size,   ///< `size(Dim)` of forward argument Index, saved.
    Sizes,  ///< `sizes()` of forward argument Index, saved.
  };
  Kind K = Kind::Grad;
  size_t Index = 0;
  int64_t Dim = 0;
};

/// The op a call calls: named by a typed dispatcher handle
/// (`findSchemaOrThrow("ns::op", "")`), or through a function (a C++ API
/// wrapper that calls the op so) of another source, resolved once every
/// source is read.
struct OpCallee {
  std::string Op;      ///< `ns::name[.overload]`; empty until resolved.
  std::string Wrapper; ///< The wrapper's qualified name, for messages.
};

/// A `torch::autograd::Function<F>` subclass an Autograd kernel applies,
/// as its forward and backward read: the op the forward calls, what it
/// saves, which op the backward calls with which saved values and
/// gradients, and which gradient it returns for each forward argument.
struct MigrationFunction {
  std::string Name; ///< Qualified, for messages.
  SourceLoc Loc;
  /// The class definition with its `;`, from its line's start.
  TextRange Range;
  /// Why its forward or backward is not of a form opgen's generated
  /// autograd reproduces; empty when read.
  std::string Why;
  OpCallee Forward;
  /// What the forward returns, one per output, in order.
  std::vector<AutogradValue> Outputs;
  /// The outputs it marks non-differentiable (indices into Outputs).
  std::set<size_t> NonDifferentiable;
  /// Its backward only throws (torchvision's double-backward Functions);
  /// then Backward, BackwardArgs and Gradients are empty.
  bool BackwardThrows = false;
  OpCallee Backward;
  /// What the backward passes to the backward op, by argument position.
  std::vector<AutogradValue> BackwardArgs;
  /// Per forward argument: the backward op's output returned as its
  /// gradient, or none (an undefined tensor).
  std::vector<std::optional<size_t>> Gradients;
};

/// An autocast kernel's body, as read: the facts check/Migrate compares with
/// what `autocast=` generates (registration/autocast.cpp: every tensor
/// argument cast for the key's device, the op called with the key
/// excluded, floating outputs cast back to the first floating input's
/// dtype).
struct MigrationAutocast {
  /// The one dtype every `cached_cast` casts to, as `autocast=` spells it
  /// (`float32`); empty when they differ or autocast= has no such value.
  std::string Dtype;
  /// The dispatch key the guard excludes (`AutocastCPU`; `Autocast` reads
  /// as `AutocastCUDA`, its value); empty when not a constant.
  std::string GuardKey;
  /// The `c10::DeviceType` every `cached_cast` names (`CUDA`, its default);
  /// empty when they differ or one is not a constant.
  std::string Device;
  /// Every tensor parameter is cast exactly once, and nothing else is.
  bool CastsEveryTensor = false;
  /// The first tensor parameter.
  std::string FirstTensor;
  /// Per output, when the return reads as one of `return op(...);` (every
  /// output as the op returns it), `return op(...).to(P.scalar_type());`
  /// or `auto r = op(...); return std::make_tuple(std::get<0>(r)[.to(P.
  /// scalar_type())], ...);`: the parameter P whose dtype it is cast back
  /// to, or empty when returned as the op returns it. Unset otherwise.
  std::optional<std::vector<std::string>> OutputCasts;
  /// For OutputCasts {""} from `return op(...);`: the one value stands for
  /// every output of the op.
  bool EveryOutputUncast = false;
};

/// A C++ function one or more impls name.
struct MigrationKernel {
  std::string Name; ///< Qualified, for messages.
  SourceLoc Loc;    ///< The declaration the annotation goes on.
  /// Lowered as opgen lowers an annotated function (with an empty
  /// `[[custom_op]]`); unset when it could not be, with the reason.
  std::optional<AnnotatedFunction> Fn;
  std::string Why;
  /// The start of the line of the declaration the annotation goes on (its
  /// definition when one of the sources has it), and that line's
  /// indentation.
  TextRange InsertAt;
  std::string Indent;
  /// The declaration carries a `[[custom_op...]]` already.
  bool Annotated = false;
  /// What the body does when it has the shape of an autocast kernel (an
  /// `ExcludeDispatchKeyGuard` and arguments cast with
  /// `at::autocast::cached_cast`); unset otherwise. check/Migrate decides
  /// whether it is exactly what `autocast=` generates for its key.
  std::optional<MigrationAutocast> Autocast;
  /// When the body only applies a torch::autograd::Function to its
  /// parameters in order and returns its outputs (an Autograd kernel):
  /// that Function, index into RegistrationSet::Functions.
  std::optional<size_t> Function;
  /// The definition, from its line's start to its closing brace (removed
  /// with the Function it applies).
  TextRange Definition;
};

/// Everything the frontend found in the sources.
struct RegistrationSet {
  std::vector<RegistrationBlock> Blocks;
  std::vector<Registration> Registrations;
  std::vector<MigrationKernel> Kernels;
  std::vector<MigrationFunction> Functions;
  /// The ops `[[custom_op("...")]]` annotations of the sources name (an
  /// earlier migration's): an impl of one is no impl of an unknown op.
  std::set<std::string> AnnotatedOps;

  /// The dispatch key \p R registers at: its own, else its block's.
  const std::string &keyOf(const Registration &R) const {
    return R.Key.empty() ? Blocks[R.Block].Key : R.Key;
  }
};

/// What the check decided (check/Migrate.h); emit/Migrate.h makes the
/// text edits of it.
struct MigrationPlan {
  /// The kernels (indices into RegistrationSet::Kernels) that get an
  /// annotation, with it.
  std::vector<std::pair<size_t, Annotation>> Annotate;
  /// The registrations (indices) that are removed.
  std::vector<size_t> Remove;
  /// The TORCH_LIBRARY blocks (indices) that keep registrations while
  /// opgen's generated TORCH_LIBRARY takes over their namespace: they
  /// become TORCH_LIBRARY_FRAGMENT.
  std::vector<size_t> ToFragment;
  /// Code removed as a whole (autograd Functions and the kernels that
  /// apply them).
  std::vector<TextRange> Delete;
  /// One line per op migrated (`ns::name: kernel (device), ...`).
  std::vector<std::string> Migrated;
  /// How many registrations are kept (each with a warning).
  unsigned Kept = 0;
  /// Per op the sources define, by name: whether it migrates, and for one
  /// that does not the reason that keeps it (the first of its warnings);
  /// for one that does, how many of its registrations stay beside it.
  struct Outcome {
    std::string Op;
    bool Migrated = false;
    std::string Why;
    unsigned KeptBeside = 0;
  };
  std::vector<Outcome> Outcomes;
};

} // namespace opgen

#endif // OPGEN_MODEL_MIGRATION_H
