//===- BindParser.h - One item of a backward's `bind` -----------*- C++ -*-===//
#ifndef OPGEN_CHECK_KEYS_BINDPARSER_H
#define OPGEN_CHECK_KEYS_BINDPARSER_H

#include "check/keys/Keys.h"

#include "llvm/Support/Error.h"

namespace opgen {
namespace check {

/// Parses `param = x.size(i)` (also `sym_size(i)`, `sizes()`,
/// `sym_sizes()`, `dim()`, `scalar_type()`, `device()`; spaces anywhere), or
/// `param = result_<i>`, a forward output.
/// The error says what is wrong with \p Text.
llvm::Expected<Binding> parseBinding(const std::string &Text);

} // namespace check
} // namespace opgen

#endif // OPGEN_CHECK_KEYS_BINDPARSER_H
