// docs/annotation.md: kernels of one op must agree on the schema (modulo int64_t vs
// c10::SymInt); otherwise opgen reports both locations: an error at one
// kernel and a note at the other. Two kernels for one dispatch key are an
// error too.
// RUN: rm -rf %t && opgen %inputs/good.cpp -o %t/out && cp -r %t/out %t/before
// RUN: not opgen %s %inputs/conflict_cuda.cpp -o %t/out 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: diff -r %t/before %t/out
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace cf {

// Sources are read in sorted order, so the kernels in Inputs/ come first
// and the errors are reported here.

// CHECK: err_conflicting_kernels.cpp:[[@LINE+5]]:12: error: kernels of 'cf::defaults' disagree on the schema: 'cf::defaults(Tensor x, int n=1) -> Tensor' here [ConflictingSchemas]{{$}}
// CHECK-NEXT: {{^}}at::Tensor defaults(const at::Tensor& x, int64_t n = 1);
// CHECK: note: hint: every kernel of one op needs the same parameter names, types, defaults and returns (int64_t and c10::SymInt may differ)
// CHECK: conflict_cuda.cpp:15:12: note: 'cf::defaults(Tensor x, int n=2) -> Tensor' declared by this kernel{{$}}
[[custom_op("cf::defaults")]]
at::Tensor defaults(const at::Tensor& x, int64_t n = 1);

// CHECK: err_conflicting_kernels.cpp:[[@LINE+4]]:6: error: kernels of 'cf::mutation' disagree on the schema: 'cf::mutation(Tensor x) -> ()' here
// CHECK: note: hint: every kernel of one op needs
// CHECK: conflict_cuda.cpp:18:6: note: 'cf::mutation(Tensor(a!) x) -> ()' declared by this kernel
[[custom_op("cf::mutation")]]
void mutation(const at::Tensor& x);

// CHECK: err_conflicting_kernels.cpp:[[@LINE+4]]:12: error: kernels of 'cf::names' disagree on the schema: 'cf::names(Tensor x, int n) -> Tensor' here
// CHECK: note: hint: every kernel of one op needs
// CHECK: conflict_cuda.cpp:12:12: note: 'cf::names(Tensor input, int n) -> Tensor' declared by this kernel
[[custom_op("cf::names")]]
at::Tensor names(const at::Tensor& x, int64_t n);

// CHECK: err_conflicting_kernels.cpp:[[@LINE+5]]:12: error: 'cf::twice' already has a CPU kernel
// CHECK: err_conflicting_kernels.cpp:[[@LINE+4]]:12: note: hint: give one of them another dispatch key with device="...", or remove one
// CHECK: conflict_cuda.cpp:21:12: note: previous CPU kernel is here
// CHECK-NEXT: {{^}}at::Tensor twice_again(const at::Tensor& x);
[[custom_op("cf::twice")]]
at::Tensor twice(const at::Tensor& x);

// CHECK: err_conflicting_kernels.cpp:[[@LINE+4]]:12: error: kernels of 'cf::types' disagree on the schema: 'cf::types(Tensor x, int n) -> Tensor' here
// CHECK: note: hint: every kernel of one op needs
// CHECK: conflict_cuda.cpp:9:12: note: 'cf::types(Tensor x, float n) -> Tensor' declared by this kernel
[[custom_op("cf::types")]]
at::Tensor types(const at::Tensor& x, int64_t n);

// int64_t against c10::SymInt is not a conflict (kernels.cpp checks the
// result); neither is a second kernel under another key.
[[custom_op("cf::unify")]]
at::Tensor unify(const at::Tensor& x, int64_t n);
[[custom_op("cf::unify", device="meta")]]
at::Tensor unify_meta(const at::Tensor& x, c10::SymInt n);

} // namespace cf
