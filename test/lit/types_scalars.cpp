// docs/types.md: int64_t, c10::SymInt (by value), double, bool and at::Scalar
// parameters. Returns: returns.cpp.
// RUN: rm -rf %t && opgen %s -o %t
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: %python %inputs/roundtrip.py %t
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

#include <cstdint>

namespace ts {

// REG-DAG: m.def("params(Tensor x, int i, SymInt s, float f, bool b, Scalar a, Scalar c) -> Tensor");
// MANIFEST-DAG: "schema": "ts::params(Tensor x, int i, SymInt s, float f, bool b, Scalar a, Scalar c) -> Tensor",
[[custom_op("ts::params")]]
at::Tensor params(const at::Tensor& x, int64_t i, c10::SymInt s, double f,
                  bool b, const at::Scalar& a, c10::Scalar c);

// `long` is int64_t's type on LP64 targets; `const` by-value scalars too.
// REG-DAG: m.def("spellings(Tensor x, int i, int j, float f) -> Tensor");
[[custom_op("ts::spellings")]]
at::Tensor spellings(const at::Tensor& x, long i, const int64_t j,
                     const double f);

} // namespace ts
