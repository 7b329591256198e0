//===- opgen/precompiled.h - What the generated files include -----*- C++ -*-===//
///
/// \file
/// The headers opgen's generated `registration.cpp` and `autograd.cpp`
/// include (the regular flavour; the stable ABI's include none of them),
/// but the per-op `<ATen/ops/*.h>` of synthesised fakes, which are small and
/// vary with the ops. With OPGEN_PRECOMPILE_HEADERS, add_custom_op()
/// compiles the library's generated translation unit with a precompiled
/// header of this file (docs/cmake.md#build-time), not with the one of the
/// include lines of the library's sources (often `<torch/all.h>` or
/// `<torch/extension.h>`): GCC's PCH of these is smaller, loads faster, and
/// brings no inline code of headers the generated files never use, whose
/// code generation took half of that translation unit's compile
/// (docs/performance.md#6-build-time). Nothing includes it but that PCH;
/// test_build_integration.py checks that it holds every header the
/// bundled library's generated files include.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_PRECOMPILED_H
#define OPGEN_PRECOMPILED_H

#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include <opgen/autograd.h>
#include <opgen/runtime.h>
#include <opgen/runtime_autocast.h>

#endif // OPGEN_PRECOMPILED_H
