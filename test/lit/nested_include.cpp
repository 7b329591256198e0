// An annotated declaration in a header that is included inside a namespace
// block: it is found, and its wrapper calls it by its qualified name.
// RUN: rm -rf %t && opgen %s -o %t --python-package ni 2>&1 | not grep -E "error:|warning:"
// RUN: FileCheck %s --input-file=%t/shards/nested_include.cpp
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
#include <opgen/opgen.h>
#include <ATen/core/Tensor.h>

namespace outer {
#include "Inputs/nested/inner.h"
} // namespace outer

namespace outer {
at::Tensor inner(const at::Tensor& x) { return x.clone(); }
} // namespace outer

// CHECK: at::Tensor ni_inner__CPU(const at::Tensor& x) {
// CHECK-NEXT: return ::outer::inner(x);
// REG: m.def("inner(Tensor x) -> Tensor");
