// One op, several kernels: the same op name on functions in several files
// gives one operator with one kernel per dispatch key. int64_t in one kernel
// and c10::SymInt in another unify to SymInt (both ways round).
// RUN: rm -rf %t && opgen %s %inputs/kernels_cuda.cu %inputs/kernels_other.cpp -o %t
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: FileCheck %s --check-prefix=SHARD --input-file=%t/shards/kernels.cpp
// RUN: FileCheck %s --check-prefix=SHARD-CUDA --input-file=%t/shards/kernels_cuda.cu
// RUN: %python %inputs/roundtrip.py %t
// Each shard depends on its own source only: discovered one by one with
// --write-shards, before any --combine, the shards are the same files.
// RUN: rm -rf %t.d %t.gen && mkdir -p %t.d %t.gen
// RUN: opgen --discover %s -o %t.d/1.json --write-shards %t.gen
// RUN: opgen --discover %inputs/kernels_cuda.cu -o %t.d/2.json --write-shards %t.gen
// RUN: opgen --discover %inputs/kernels_other.cpp -o %t.d/3.json --write-shards %t.gen
// RUN: ls %t.gen/shards | FileCheck %s --check-prefix=WRITTEN
// RUN: diff -r %t/shards %t.gen/shards
// RUN: opgen --combine %t.d/1.json %t.d/2.json %t.d/3.json -o %t.gen
// RUN: diff -r %t/shards %t.gen/shards
// WRITTEN: kernels.cpp
// WRITTEN-NEXT: kernels.cpp.h
// WRITTEN-NEXT: kernels_cuda.cu
// WRITTEN-NEXT: kernels_cuda.cu.h
// WRITTEN-NEXT: kernels_other.cpp
// WRITTEN-NEXT: kernels_other.cpp.h
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace km {

// Where another source's kernel widens int to SymInt, the shard's wrapper
// keeps int and registration.cpp registers an adapter.
// REG: at::Tensor km_pad__CUDA__adapted(const at::Tensor& x, c10::SymIntArrayRef pads) {
// REG-NEXT: return km_pad__CUDA(x, opgen::rt::concrete(pads, __FILE__, __LINE__));
// REG: at::Tensor km_scale__CPU__adapted(const at::Tensor& x, c10::SymInt n, double factor) {
// REG-NEXT: return km_scale__CPU(x, opgen::rt::concrete(n, __FILE__, __LINE__), factor);
// REG: at::Tensor km_shift__CPU__adapted(const at::Tensor& x, c10::SymInt by) {
// REG-NEXT: return km_shift__CPU(x, opgen::rt::concrete(by, __FILE__, __LINE__));
// REG: TORCH_LIBRARY(km, m) {
// REG: m.def("gather(Tensor x, Tensor index) -> Tensor");
// REG: m.def("pad(Tensor x, SymInt[] pads) -> Tensor");
// REG: m.def("scale(Tensor x, SymInt n, float factor=0.5) -> Tensor");
// REG: m.def("shift(Tensor x, SymInt by) -> Tensor");

// REG: TORCH_LIBRARY_IMPL(km, CPU, m) {
// REG-NEXT: m.impl("gather", TORCH_FN(opgen_generated::km_gather__CPU));
// REG-NEXT: m.impl("pad", TORCH_FN(opgen_generated::km_pad__CPU));
// REG-NEXT: m.impl("scale", TORCH_FN(opgen_generated::km_scale__CPU__adapted));
// REG-NEXT: m.impl("shift", TORCH_FN(opgen_generated::km_shift__CPU__adapted));
// REG-NEXT: }
// REG: TORCH_LIBRARY_IMPL(km, CUDA, m) {
// REG-NEXT: m.impl("gather", TORCH_FN(opgen_generated::km_gather__CUDA));
// REG-NEXT: m.impl("pad", TORCH_FN(opgen_generated::km_pad__CUDA__adapted));
// REG-NEXT: m.impl("scale", TORCH_FN(opgen_generated::km_scale__CUDA));
// REG-NEXT: }
// REG: TORCH_LIBRARY_IMPL(km, Meta, m) {
// REG-NEXT: m.impl("shift", TORCH_FN(opgen_generated::km_shift__Meta));
// REG-NEXT: }
// REG: TORCH_LIBRARY_IMPL(km, CompositeExplicitAutograd, m) {
// REG-NEXT: m.impl("shift", TORCH_FN(opgen_generated::km_shift__CompositeExplicitAutograd));
// REG-NEXT: }

// MANIFEST: "CPU": "{{.*}}kernels.cpp:[[@LINE+3]]",
// MANIFEST-NEXT: "CUDA": "{{.*}}kernels_other.cpp:16"
[[custom_op("km::gather")]]
at::Tensor gather(const at::Tensor& x, const at::Tensor& index);

// MANIFEST: "CPU": "{{.*}}kernels.cpp:[[@LINE+3]]",
// MANIFEST-NEXT: "CUDA": "{{.*}}kernels_cuda.cu:14"
[[custom_op("km::pad")]]
at::Tensor pad(const at::Tensor& x, c10::SymIntArrayRef pads);

// MANIFEST: "CPU": "{{.*}}kernels.cpp:[[@LINE+3]]",
// MANIFEST-NEXT: "CUDA": "{{.*}}kernels_cuda.cu:10"
[[custom_op("km::scale")]]
at::Tensor scale(const at::Tensor& x, int64_t n, double factor = 0.5);

// MANIFEST: "CPU": "{{.*}}kernels.cpp:[[@LINE+3]]",
// MANIFEST-NEXT: "CompositeExplicitAutograd": "{{.*}}kernels_other.cpp:9",
[[custom_op("km::shift")]]
at::Tensor shift(const at::Tensor& x, int64_t by);

// A shard's wrappers take the types their own source says: int64_t here,
// SymInt in kernels_cuda.cu (the adapter above makes the SymInt concrete).
// SHARD: at::Tensor km_scale__CPU(const at::Tensor& x, int64_t n, double factor) {
// SHARD-NEXT: return ::km::scale(x, n, factor);
// SHARD-CUDA: at::Tensor km_scale__CUDA(const at::Tensor& x, c10::SymInt n, double factor) {
// SHARD-CUDA: return ::km::scale_cuda(x, n, factor);

} // namespace km
