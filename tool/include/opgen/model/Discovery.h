//===- Discovery.h - The frontend's result as a file ------------*- C++ -*-===//
///
/// \file
/// `opgen --discover` parses sources and stops after the frontend: it writes
/// what it found (the lowered AnnotatedFunctions and the files read) as a
/// JSON discovery record. `opgen --combine` reads the records of every
/// source of a library and runs the phases after the frontend (check, fakes,
/// emit, write) on them, without parsing anything. The build (add_custom_op)
/// runs one discovery per source, so an edit re-parses only that source.
///
/// The record is an internal format: it holds only model structs (Model.h,
/// no Clang types) and carries a format version; a record of another
/// version is refused.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_DISCOVERY_H
#define OPGEN_DISCOVERY_H

#include "opgen/model/Model.h"

#include "llvm/Support/Error.h"

#include <set>
#include <string>
#include <vector>

namespace opgen {

/// What one `opgen --discover` run found.
struct DiscoveryRecord {
  /// The directory the locations' file names are relative to (--root).
  std::string Root;
  /// The sources parsed (absolute paths), in the order they were parsed.
  std::vector<std::string> Sources;
  std::vector<AnnotatedFunction> Functions;
  /// Every user (non-system) file read while parsing.
  std::set<std::string> Dependencies;
};

/// The record as deterministic, human-readable JSON text.
std::string writeDiscoveryRecord(const DiscoveryRecord &Record);

/// Reads a record written by writeDiscoveryRecord of this opgen version,
/// with its locations made relative to \p Root (which may differ from the
/// record's). The error names the first bad field.
llvm::Expected<DiscoveryRecord> readDiscoveryRecord(const std::string &Text,
                                                    const std::string &Root);

} // namespace opgen

#endif // OPGEN_DISCOVERY_H
