// [[custom_op_fake]]: the function becomes the op's Meta kernel; a SymInt in
// the fake widens the schema to SymInt and the CPU kernel gets a concrete int.
// RUN: rm -rf %t && opgen %s -o %t --python-package fk
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=SHARD --input-file=%t/shards/fake_cpp.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: not grep -q register_fake %t/python/fk/fakes.py
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace fk {
// REG: m.def("repeat_rows(Tensor x, SymInt times=2) -> Tensor");
[[custom_op("fk::repeat_rows")]]
at::Tensor repeat_rows(const at::Tensor &x, int64_t times = 2);

[[custom_op_fake("fk::repeat_rows")]]
static at::Tensor repeat_rows_fake(const at::Tensor &x, c10::SymInt times);
} // namespace fk

// REG: TORCH_LIBRARY_IMPL(fk, CPU, m) {
// REG-NEXT: m.impl("repeat_rows", TORCH_FN(opgen_generated::fk_repeat_rows__CPU));
// REG: TORCH_LIBRARY_IMPL(fk, Meta, m) {
// REG-NEXT: m.impl("repeat_rows", TORCH_FN(opgen_generated::fk_repeat_rows__Meta));

// SHARD: at::Tensor fk_repeat_rows__CPU(const at::Tensor& x, c10::SymInt times) {
// SHARD-NEXT: return ::fk::repeat_rows(x, opgen::rt::concrete(times, __FILE__, __LINE__));
// SHARD: at::Tensor fk_repeat_rows__Meta(const at::Tensor& x, c10::SymInt times) {
// SHARD-NEXT: return ::fk::repeat_rows_fake(x, times);

// MANIFEST: "kind": "cpp",
// MANIFEST-NEXT: "where": "{{.*}}fake_cpp.cpp:18"
// MANIFEST-NEXT: },
// MANIFEST-NEXT: "kernels": {
// MANIFEST-NEXT: "CPU": "{{.*}}fake_cpp.cpp:15",
// MANIFEST-NEXT: "Meta": "{{.*}}fake_cpp.cpp:18"
