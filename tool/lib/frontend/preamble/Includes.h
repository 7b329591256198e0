//===- Includes.h - The include lines a preamble can hold -------*- C++ -*-===//
///
/// \file
/// Which sources a preamble can be for (its language) and the include lines
/// that begin a source (leadingSystemIncludes, opgen/frontend/Frontend.h,
/// read from its file). Private to preamble/.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_FRONTEND_PREAMBLE_INCLUDES_H
#define OPGEN_LIB_FRONTEND_PREAMBLE_INCLUDES_H

#include <optional>
#include <string>
#include <vector>

namespace opgen {
namespace preamble {

/// The header names of the `#include <...>` lines that begin the file at
/// \p Path; none when it cannot be read.
std::optional<std::vector<std::string>>
leadingIncludesOf(const std::string &Path);

/// The language of a source a preamble can be for ("c++" or "cuda"); none
/// for a header.
std::optional<std::string> preambleLanguage(const std::string &Source);

} // namespace preamble
} // namespace opgen

#endif // OPGEN_LIB_FRONTEND_PREAMBLE_INCLUDES_H
