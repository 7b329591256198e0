//===- PythonTypes.h - The Python calling convention ------------*- C++ -*-===//
///
/// \file
/// Schema types as Python type hints, default values as Python literals,
/// and the Python names and parameter lists of the generated `ops` module
/// and stubs.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_EMIT_API_PYTHONTYPES_H
#define OPGEN_EMIT_API_PYTHONTYPES_H

#include "opgen/model/Model.h"

#include <string>

namespace opgen {

/// The type hint of schema type \p T (`Sequence[int]` for an argument,
/// `List[int]` for a return).
std::string pyType(const Type &T, bool IsReturn);

/// The return type hint of \p S: `None`, one type, or a `Tuple`.
std::string pyReturnType(const OpSchema &S);

/// A default value as a Python literal (`None`, `True`, `1.5`, `30.0`,
/// `1e-06`; lists as tuples: `(1, 2)`).
std::string pyDefault(const DefaultValue &V);

/// `Mutates ``out`` in place.` for an op that writes arguments (`Tensor(a!)`),
/// else empty: the docstring line of ops.py and ops.pyi.
std::string pyMutatesDoc(const OpSchema &S);

/// \p Name, with a `_` appended when it is a Python keyword.
std::string pyIdentifier(std::string Name);

/// The Python function name of an op in `<package>.ops`.
std::string pyFunctionName(const OpLibrary &L, const OpSchema &S);

/// `pic: torch.Tensor, box: Sequence[int], *, out: torch.Tensor`.
std::string pyParameters(const OpSchema &S);

/// Python parameter names of \p S with the schema's defaults, untyped:
/// `x, eps=1e-06, *, out, dim=None`. The parameter list of every generated
/// function torch calls with an op's arguments (fakes, skeletons): torch
/// leaves out trailing arguments equal to their defaults, and keyword-only
/// ones equal to theirs, before it calls them.
std::string pyParameterNames(const OpSchema &S);

/// The arguments that pass the parameters of pyParameters on to the op.
std::string pyCallArguments(const OpSchema &S);

/// `torch.ops.ns.name.overload` (`.default` without one).
std::string overloadExpr(const OpSchema &S);

// The stable flavour's autograd formulas (torch.library.register_autograd,
// docs/stable-abi.md): the setup_context side of a backward's inputs.

/// `ctx, inputs, output`, with keyword_only_inputs when \p S has
/// keyword-only arguments (torch.library passes them then).
std::string pySetupContextParameters(const OpSchema &S);

/// Python reading forward argument \p I of \p S inside setup_context.
std::string pySetupContextInput(const OpSchema &S, size_t I);

/// The metadata a backward parameter is bound to (`bind="n=x.size(0)"`),
/// read in Python from the tensor \p Tensor: `x.size(0)`, `x.dtype`...
std::string pyBoundMetadata(const std::string &Tensor, const BackwardInput &In);

} // namespace opgen

#endif // OPGEN_EMIT_API_PYTHONTYPES_H
