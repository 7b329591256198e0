// docs/types.md: tensor parameters (by value, const&, non-const&), each asserted
// as the exact schema in m.def and in the manifest. Returns: returns.cpp.
// RUN: rm -rf %t && opgen %s -o %t 2> %t.stderr
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.stderr
// RUN: %python %inputs/roundtrip.py %t
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace tt {

// REG-DAG: m.def("by_value(Tensor x) -> Tensor");
// MANIFEST-DAG: "schema": "tt::by_value(Tensor x) -> Tensor",
[[custom_op("tt::by_value")]]
at::Tensor by_value(at::Tensor x);

// REG-DAG: m.def("by_const_ref(Tensor x, Tensor other) -> Tensor");
// MANIFEST-DAG: "schema": "tt::by_const_ref(Tensor x, Tensor other) -> Tensor",
[[custom_op("tt::by_const_ref")]]
at::Tensor by_const_ref(const at::Tensor& x, const at::Tensor &other);

// A non-const at::Tensor& that is not in `mutates` is still `Tensor`, with a
// warning pointing at the parameter.
// REG-DAG: m.def("by_ref(Tensor x) -> Tensor");
// MANIFEST-DAG: "schema": "tt::by_ref(Tensor x) -> Tensor",
// WARN: types_tensor.cpp:[[@LINE+4]]:31: warning: 'x' is taken by non-const reference but is not listed in 'mutates'
// WARN-NEXT: at::Tensor by_ref(at::Tensor& x);
// WARN: note: hint: add mutates="x" if the kernel writes to it, or take it as 'const at::Tensor&'
[[custom_op("tt::by_ref")]]
at::Tensor by_ref(at::Tensor& x);

// const at::Tensor (top-level const on a by-value parameter) is `Tensor` too.
// REG-DAG: m.def("const_value(Tensor x) -> Tensor");
[[custom_op("tt::const_value")]]
at::Tensor const_value(const at::Tensor x);

} // namespace tt
