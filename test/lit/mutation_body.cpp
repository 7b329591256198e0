// `mutates` checked against the body: a write to a parameter that
// `mutates` does not list is a warning at the write; a listed parameter that
// the body never writes (and never hands to code opgen cannot see) is a
// warning at `mutates`. Reads, and writes opgen cannot be sure of, are quiet.
// RUN: rm -rf %t && opgen %s -o %t 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=warning: --implicit-check-not=error:
#include <opgen/opgen.h>

#include <ATen/ATen.h>

#include <optional>
#include <vector>

namespace mb {

void fill_kernel(float *out, const float *in, int64_t n);
void opaque(const at::Tensor &t);

// CHECK-DAG: mutation_body.cpp:[[@LINE+4]]:5: warning: 'inplace' writes 'x' here ('add_()'), but 'mutates' does not list it [UnannotatedWrite]
// CHECK-DAG: note: hint: declare it: mutates="x"; an op that writes an argument it does not declare
[[custom_op("mb::inplace")]]
void inplace(const at::Tensor &x) {
  x.add_(1);
}

// Through a view.
// CHECK-DAG: mutation_body.cpp:[[@LINE+3]]:25: warning: 'view_write' writes 'x' here ('zero_()')
[[custom_op("mb::view_write")]]
void view_write(const at::Tensor &x) {
  x.narrow(0, 0, 1).t().zero_();
}

// A store through data_ptr; the hint keeps what `mutates` already lists.
// CHECK-DAG: mutation_body.cpp:[[@LINE+6]]:8: warning: 'store' writes 'x' here (a store through its data_ptr()), but 'mutates' does not list it
// CHECK-DAG: note: hint: declare it: mutates="y,x";
[[custom_op("mb::store", mutates="y")]]
void store(at::Tensor y, at::Tensor x) {
  y.fill_(0);
  float *p = x.data_ptr<float>();
  p[0] = 1;
}

// Its data passed to a non-const pointer (a kernel launch looks the same).
// CHECK-DAG: mutation_body.cpp:[[@LINE+3]]:15: warning: 'launch' writes 'out' here (its data passed to 'out' of 'mb::fill_kernel')
[[custom_op("mb::launch")]]
void launch(const at::Tensor &src, const at::Tensor &out) {
  fill_kernel(out.mutable_data_ptr<float>(), src.const_data_ptr<float>(), src.numel());
}

// An accessor.
// CHECK-DAG: mutation_body.cpp:[[@LINE+4]]:11: warning: 'accessor' writes 'x' here (a store through its accessor())
[[custom_op("mb::accessor")]]
void accessor(const at::Tensor &x) {
  auto a = x.accessor<float, 2>();
  a[0][1] = 2.f;
}

// The out argument of an ATen op; an element assignment.
// CHECK-DAG: mutation_body.cpp:[[@LINE+4]]:15: warning: 'aten_out' writes 'out' here (passed as 'out' of 'at::add_out')
// CHECK-DAG: mutation_body.cpp:[[@LINE+4]]:8: warning: 'aten_out' writes 'b' here ('=')
[[custom_op("mb::aten_out")]]
void aten_out(const at::Tensor &a, at::Tensor b, at::Tensor out) {
  at::add_out(out, a, b);
  b[0] = 1;
}

// An optional tensor taken by value and a tensor list: no signature says
// they are written.
// CHECK-DAG: mutation_body.cpp:[[@LINE+6]]:11: warning: 'containers' writes 'bias' here ('mul_()')
// CHECK-DAG: mutation_body.cpp:[[@LINE+7]]:7: warning: 'containers' writes 'caches' here ('zero_()')
[[custom_op("mb::containers")]]
void containers(std::optional<at::Tensor> bias,
                std::vector<at::Tensor> caches) {
  if (bias)
    bias->mul_(2);
  for (const at::Tensor &c : caches)
    c.zero_();
}

// Listed but never written.
// CHECK-DAG: mutation_body.cpp:[[@LINE+2]]:35: warning: 'mutates' lists 'out', but the body of 'unused' never writes it [MutatesNeverWritten]
// CHECK-DAG: note: hint: remove 'out' from 'mutates', or write it;
[[custom_op("mb::unused", mutates="out")]]
void unused(const at::Tensor &x, at::Tensor &out) {
  (void)x.sizes();
}

// Quiet: reads, functional ops, a helper opgen cannot see into (maybe
// written), a write through contiguous() (maybe a copy), listed writes.
[[custom_op("mb::quiet", mutates="out,maybe")]]
at::Tensor quiet(const at::Tensor &x, at::Tensor &out, at::Tensor &maybe,
                 const at::Tensor &y) {
  at::Tensor r = at::empty_like(x);
  TORCH_CHECK(x.dim() == 2, "x must be 2-D, got ", x.sizes());
  const float *in = x.const_data_ptr<float>();
  float *o = out.data_ptr<float>();
  for (int64_t i = 0; i < x.numel(); ++i)
    o[i] = in[i] + 1;
  opaque(maybe);
  y.contiguous().add_(1);
  return r + x * 2;
}

} // namespace mb
