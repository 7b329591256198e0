//===- EmitFixtures.h - Shared inputs of the emitter unit tests -*- C++ -*-===//
#ifndef OPGEN_TEST_UNIT_EMITFIXTURES_H
#define OPGEN_TEST_UNIT_EMITFIXTURES_H

#include "opgen/emit/Emit.h"

namespace opgen::test {

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
