//===- Names.h - Names and literals shared by the emitters ------*- C++ -*-===//
///
/// \file
/// The names opgen gives to what it generates (op identifiers, wrapper and
/// Autograd kernel names, names inside TORCH_LIBRARY), provenance comments,
/// and the string helpers every emitter uses (join, quoted literals).
//===----------------------------------------------------------------------===//
#ifndef OPGEN_EMIT_API_NAMES_H
#define OPGEN_EMIT_API_NAMES_H

#include "opgen/emit/Emit.h"
#include "opgen/model/Model.h"

#include "llvm/ADT/StringExtras.h"

#include <set>
#include <string>
#include <vector>

namespace opgen {

/// `join(Items, ", ")`: LLVM's, the one join of opgen.
using llvm::join;

/// A double-quoted string literal valid in C++, Python and JSON
/// (support/Quote.h, QuoteStyle::Literal).
std::string quote(const std::string &S);

/// Each item of \p Items as a quoted literal.
std::vector<std::string> quoteAll(const std::vector<std::string> &Items);


/// The sources of \p L as the generated files' headers name them.
std::string sourcesDoc(const OpLibrary &L, const EmitOptions &Opts);

/// `mylib_crop` or `mylib_muladd_out`: a C++/Python identifier per op.
std::string opIdentifier(const OpSchema &S);

/// The wrapper a shard defines for kernel \p K of \p O (`mylib_crop__CPU`).
std::string wrapperName(const Op &O, const Kernel &K);

/// The schema the wrapper of \p K is written for: Kernel::WrapperSchema,
/// else the op's.
const OpSchema &wrapperSchema(const Op &O, const Kernel &K);

/// Whether the wrapper of \p K takes other C++ types than the op's schema
/// gives (Kernel::WrapperSchema): registration.cpp then registers an
/// adapter (registeredWrapperName) that converts and calls it.
bool wrapperNeedsAdapter(const Op &O, const Kernel &K);

/// What registration.cpp registers for \p K: its wrapper, or the adapter
/// of a wrapper that needs one (`mylib_crop__CPU__adapted`).
std::string registeredWrapperName(const Op &O, const Kernel &K);

/// The Autograd kernel of an op (`mylib_crop__Autograd`), in autograd.cpp.
std::string autogradWrapperName(const OpSchema &S);

/// The Autograd kernel registered for every op that refusesGradient, in
/// autograd.cpp (op identifiers never end without a `__Key` suffix there),
/// for each op that refusesGradient (model/Model.h).
inline constexpr const char *NoBackwardKernel = "opgen_no_backward";

/// The ADInplaceOrView kernel registered, beside NoBackwardKernel, for every
/// op that refusesGradient and needsInplaceOrView (opgen::rt::inplace_or_view).
inline constexpr const char *InplaceOrViewKernel = "opgen_inplace_or_view";

/// Whether \p S mutates an argument or returns a view of one (an argument
/// with an alias set): torch.library.custom_op gives such an op an
/// ADInplaceOrView kernel, which bumps the version counters of what it
/// mutates and makes its views autograd views; register_autograd refuses it.
bool needsInplaceOrView(const OpSchema &S);

/// The name as `m.def`/`m.impl` see it inside TORCH_LIBRARY(ns, m).
std::string nameInLibrary(const OpSchema &S);

/// The op namespaces of \p L, sorted.
std::set<std::string> namespaces(const OpLibrary &L);

/// The argument names of \p S, in order.
std::vector<std::string> argumentNames(const OpSchema &S);

/// `mylib::crop (CPU) from crop.cpp:12`: where a wrapper's kernel comes from.
std::string provenance(const Op &O, const Kernel &K);

/// What differentiating backward op \p O, which has no backward of its
/// own, raises (C++ Autograd kernel and Python register_autograd alike).
std::string doubleBackwardMessage(const Op &O);

/// Where the gradient of one forward argument of an op with a backward
/// comes from, for either flavour's autograd to spell.
struct ArgumentGradient {
  enum class From {
    None,  ///< no gradient: not among AutogradInfo::GradInputs
    Whole, ///< the backward's one (tensor) result
    List,  ///< element Position of the backward's one (list) result
    Tuple, ///< result Position of the backward's several results
  } Source = From::None;
  size_t Position = 0;
  /// An optional input: when it was absent, no gradient, whatever the
  /// backward returns for it.
  bool Optional = false;
};

/// The gradient of each argument of \p O (which has a backward), in
/// argument order: the arguments of AutogradInfo::GradInputs get the
/// backward's results in that order.
std::vector<ArgumentGradient> argumentGradients(const Op &O);

/// The outputs of \p O (which has a backward) autograd must not
/// differentiate, as both flavours spell them: `outputs[<i>]`.
std::vector<std::string> nonDifferentiableOutputs(const Op &O);

/// What differentiating \p O, an op without a backward (refusesGradient),
/// raises: the same words as opgen::rt::no_backward_message in
/// <opgen/autograd.h>, which the classic flavour's kernel raises.
std::string noBackwardMessage(const Op &O);

} // namespace opgen

#endif // OPGEN_EMIT_API_NAMES_H
