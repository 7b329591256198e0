// `kwonly` puts `*` before the named parameter; `tags` become at::Tag
// values in m.def (in the order written) and a list in the manifest.
// RUN: rm -rf %t && opgen %s -o %t
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: FileCheck %s --check-prefix=TAGS --input-file=%t/manifest.json
// RUN: %python %inputs/roundtrip.py %t
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace kt {

// REG-DAG: m.def("first_kwonly(*, Tensor x, int n) -> Tensor");
// MANIFEST-DAG: "schema": "kt::first_kwonly(*, Tensor x, int n) -> Tensor",
[[custom_op("kt::first_kwonly", kwonly="x")]]
at::Tensor first_kwonly(const at::Tensor& x, int64_t n);

// REG-DAG: m.def("last_kwonly(Tensor x, int n, *, bool flag=False) -> Tensor");
// MANIFEST-DAG: "schema": "kt::last_kwonly(Tensor x, int n, *, bool flag=False) -> Tensor",
[[custom_op("kt::last_kwonly", kwonly=" flag ")]]
at::Tensor last_kwonly(const at::Tensor& x, int64_t n, bool flag = false);

// REG-DAG: m.def("tagged(Tensor x) -> Tensor", {at::Tag::pt2_compliant_tag});
// MANIFEST-DAG: "schema": "kt::tagged(Tensor x) -> Tensor",
// TAGS: "schema": "kt::tagged(Tensor x) -> Tensor",
// TAGS-NEXT: "tags": [
// TAGS-NEXT: "pt2_compliant_tag"
// TAGS-NEXT: ]
[[custom_op("kt::tagged", tags="pt2_compliant_tag")]]
at::Tensor tagged(const at::Tensor& x);

// REG-DAG: m.def("two_tags(Tensor x, *, float eps) -> Tensor", {at::Tag::needs_fixed_stride_order, at::Tag::pt2_compliant_tag});
// TAGS: "name": "kt::two_tags",
// TAGS: "tags": [
// TAGS-NEXT: "needs_fixed_stride_order",
// TAGS-NEXT: "pt2_compliant_tag"
// TAGS-NEXT: ]
[[custom_op("kt::two_tags", tags="needs_fixed_stride_order, pt2_compliant_tag",
            kwonly="eps")]]
at::Tensor two_tags(const at::Tensor& x, double eps);

// Keys in any order.
// REG-DAG: m.def("any_order(Tensor(a!) x, *, int n) -> ()", {at::Tag::nondeterministic_seeded});
[[custom_op("kt::any_order", tags="nondeterministic_seeded", kwonly="n",
            device="cpu", mutates="x")]]
void any_order(at::Tensor& x, int64_t n);

// Untagged ops have no tag list in m.def.
// REG-DAG: m.def("untagged(Tensor x) -> Tensor");

[[custom_op("kt::untagged")]]
at::Tensor untagged(const at::Tensor& x);

} // namespace kt
