// `ns::name.overload` names an overload: m.def("name.overload(...)"), the
// manifest splits name and overload, and several overloads of one name live
// side by side with the default one.
// RUN: rm -rf %t && opgen %s -o %t
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: %python %inputs/roundtrip.py %t
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace ov {

// REG: TORCH_LIBRARY(ov, m) {
// REG: m.def("scale(Tensor x, float factor) -> Tensor");
// REG: m.def("scale.Tensor(Tensor x, Tensor factor) -> Tensor");
// REG: m.def("scale.out(Tensor x, float factor, *, Tensor(a!) out) -> Tensor(a!)");
// REG: TORCH_LIBRARY_IMPL(ov, CPU, m) {
// REG-NEXT: m.impl("scale", TORCH_FN(
// REG-NEXT: m.impl("scale.Tensor", TORCH_FN(
// REG-NEXT: m.impl("scale.out", TORCH_FN(

// MANIFEST: "name": "ov::scale",
// MANIFEST-NEXT: "overload": "",
// MANIFEST-NEXT: "schema": "ov::scale(Tensor x, float factor) -> Tensor",
[[custom_op("ov::scale")]]
at::Tensor scale(const at::Tensor& x, double factor);

// MANIFEST: "name": "ov::scale",
// MANIFEST-NEXT: "overload": "Tensor",
// MANIFEST-NEXT: "schema": "ov::scale.Tensor(Tensor x, Tensor factor) -> Tensor",
[[custom_op("ov::scale.Tensor")]]
at::Tensor scale(const at::Tensor& x, const at::Tensor& factor);

// MANIFEST: "name": "ov::scale",
// MANIFEST-NEXT: "overload": "out",
// MANIFEST-NEXT: "schema": "ov::scale.out(Tensor x, float factor, *, Tensor(a!) out) -> Tensor(a!)",
[[custom_op("ov::scale.out", mutates="out", kwonly="out")]]
at::Tensor& scale_out(const at::Tensor& x, double factor, at::Tensor& out);

} // namespace ov
