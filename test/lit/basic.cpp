// The tutorial's crop: one CPU kernel, schema inferred from the signature.
// Provenance is the annotated function's line (not the annotation's) in
// every generated file: registration, ops.h, ops.py and the manifest.
// RUN: rm -rf %t && opgen %s -o %t --python-package mylib
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=SHARD --input-file=%t/shards/basic.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: FileCheck %s --check-prefix=OPSH --input-file=%t/include/mylib/ops.h
// RUN: FileCheck %s --check-prefix=PY --input-file=%t/python/mylib/ops.py
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace mylib {
// REG: TORCH_LIBRARY(mylib, m) {
// REG-NEXT: m.set_python_module("mylib.fakes");
// REG-NEXT: // mylib::crop from {{.*}}basic.cpp:[[@LINE+3]]
// REG-NEXT: m.def("crop(Tensor pic, int[] box) -> Tensor");
[[custom_op("mylib::crop", mutates="")]]
at::Tensor crop(const at::Tensor& pic, c10::IntArrayRef box);
} // namespace mylib

// REG: TORCH_LIBRARY_IMPL(mylib, CPU, m) {
// REG-NEXT: m.impl("crop", TORCH_FN(opgen_generated::mylib_crop__CPU));

// SHARD: #include "{{.*}}basic.cpp"
// SHARD: at::Tensor mylib_crop__CPU(const at::Tensor& pic, c10::IntArrayRef box) {
// SHARD-NEXT: return ::mylib::crop(pic, box);

// MANIFEST: "kernels": {
// MANIFEST-NEXT: "CPU": "{{.*}}basic.cpp:20"
// MANIFEST-NEXT: },
// MANIFEST-NEXT: "name": "mylib::crop",
// MANIFEST-NEXT: "overload": "",
// MANIFEST-NEXT: "schema": "mylib::crop(Tensor pic, int[] box) -> Tensor",
// OPSH: /// `mylib::crop(Tensor pic, int[] box) -> Tensor` ({{.*}}basic.cpp:20)
// PY: Kernels: CPU ({{.*}}basic.cpp:20).
