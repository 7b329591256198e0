//===- Quote.h - String literals, quoted once -------------------*- C++ -*-===//
///
/// \file
/// The one quoting helper: a string as a double-quoted literal, in the
/// dialect of where it is written. The schema model prints default values
/// as torch prints them (a schema string torch parses back); the emitters
/// write literals that C++, Python and JSON all read. And the one
/// substitution of a text's every occurrence (replaceAll).
//===----------------------------------------------------------------------===//
#ifndef OPGEN_SUPPORT_QUOTE_H
#define OPGEN_SUPPORT_QUOTE_H

#include <string>
#include <string_view>

namespace opgen {

enum class QuoteStyle {
  /// c10::printQuotedString, except that bytes torch would print as escapes
  /// its parser rejects (`\r`, and garbled octal for bytes >= 0x80) are
  /// printed as three-digit octal escapes; `'` is escaped too.
  TorchSchema,
  /// A literal valid in C++, Python and JSON: `"`, `\`, `\n`, `\t`
  /// escaped, other control characters as `\u00XX`, other bytes as they are.
  Literal,
  /// A CMake quoted argument: `"`, `\` and `$` escaped (no variable is
  /// expanded in it), `\n` and `\t` as CMake's escapes.
  CMake,
};

/// \p S between double quotes, escaped for \p Style.
std::string quoteString(std::string_view S, QuoteStyle Style);

/// Replaces every occurrence of \p From in \p S by \p To, left to right,
/// never inside a replacement; an empty \p From replaces nothing.
void replaceAll(std::string &S, std::string_view From, std::string_view To);

} // namespace opgen

#endif // OPGEN_SUPPORT_QUOTE_H
