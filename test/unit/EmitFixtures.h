//===- EmitFixtures.h - Shared inputs of the emitter unit tests -*- C++ -*-===//
#ifndef OPGEN_TEST_UNIT_EMITFIXTURES_H
#define OPGEN_TEST_UNIT_EMITFIXTURES_H

#include "opgen/emit/Emit.h"

#include <gtest/gtest.h>

namespace opgen::test {

/// emitAll's files for \p L, or (failing the test) none.
inline FileSet emitted(const OpLibrary &L, const EmitOptions &Opts) {
  llvm::Expected<FileSet> Files = emitAll(L, Opts);
  if (!Files) {
    ADD_FAILURE() << "emitAll failed: " << llvm::toString(Files.takeError());
    return {};
  }
  return std::move(*Files);
}

/// The text of \p Path among \p Files, or (failing the test) empty.
inline std::string fileText(const FileSet &Files, const std::string &Path) {
  if (!Files.count(Path)) {
    ADD_FAILURE() << "no file " << Path;
    return "";
  }
  return Files.at(Path);
}

/// The value of \p Text, or (failing the test) the error's message.
inline std::string valueOrFailure(llvm::Expected<std::string> Text) {
  if (!Text) {
    std::string Message = llvm::toString(Text.takeError());
    ADD_FAILURE() << Message;
    return Message;
  }
  return std::move(*Text);
}

/// Emit options of a library generated into /src/gen from sources in /src.
inline EmitOptions emitOptions() {
  EmitOptions E;
  E.OutputDir = "/src/gen";
  E.Root = "/src";
  E.RuntimeIncludeDir = "/src/runtime/include";
  return E;
}

} // namespace opgen::test

#endif // OPGEN_TEST_UNIT_EMITFIXTURES_H
