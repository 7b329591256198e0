// When opgen cannot follow a kernel's allocations it says why in a note
// naming the op, points at the reason, and falls back to the raising Python
// skeleton. Notes are not errors: the run succeeds. The kernels are CUDA
// kernels: a CPU kernel that calls only ATen ops would be its own fake
// (meta_safe.cpp) and never reach synthesis.
// RUN: rm -rf %t && opgen %s -o %t --python-package nt 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// RUN: FileCheck %s --check-prefix=FAKES --input-file=%t/python/nt/fakes.py
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/zeros.h>
#include <ATen/ops/empty_like.h>

#include <vector>

namespace nt {

// CHECK: fake_synth_notes.cpp:[[@LINE+3]]:49: note: no fake synthesised for 'nt::a_view': 'x.contiguous()' may return a view of, or the same tensor as, its input; opgen follows fresh allocations only{{$}}
// CHECK-NEXT: {{^}}at::Tensor a_view(const at::Tensor &x) { return x.contiguous(); }
[[custom_op("nt::a_view", device="cuda")]]
at::Tensor a_view(const at::Tensor &x) { return x.contiguous(); }

// CHECK: fake_synth_notes.cpp:[[@LINE+5]]:7: note: no fake synthesised for 'nt::b_reassigned': 'out' is changed here after its declaration
// CHECK: note: hint: write one with {{\[\[}}custom_op_fake("nt::b_reassigned"){{\]\]}} or register_fake in a FAKE_MODULE; until then its fake raises (see docs/fakes.md)
[[custom_op("nt::b_reassigned", device="cuda")]]
at::Tensor b_reassigned(const at::Tensor &x) {
  at::Tensor out = at::empty(x.sizes(), x.options());
  out = out.to(at::kDouble);
  return out;
}

// CHECK: fake_synth_notes.cpp:[[@LINE+3]]:32: note: no fake synthesised for 'nt::c_data': the kernel is not its own fake (reads concrete sizes ('size()'), which fails under dynamic shapes; use sym_size(), at {{.*}}fake_synth_notes.cpp:[[@LINE+3]]), and none could be synthesised: the size 'x.item<int64_t>()' depends on something opgen cannot follow (it follows tensor sizes, integer arguments and constants)
[[custom_op("nt::c_data")]]
at::Tensor c_data(const at::Tensor &x) {
  return at::empty({x.size(0), x.item<int64_t>()}, x.options());
}

// CHECK: fake_synth_notes.cpp:[[@LINE+5]]:11: note: no fake synthesised for 'nt::d_grown': 'shape' is changed here after its declaration
[[custom_op("nt::d_grown", device="cuda")]]
at::Tensor d_grown(const at::Tensor &x, int64_t n) {
  std::vector<int64_t> shape = x.sizes().vec();
  for (int64_t i = 0; i < n; ++i)
    shape.push_back(1);
  return at::empty(shape, x.options());
}

// CHECK: fake_synth_notes.cpp:[[@LINE+5]]:14: note: no fake synthesised for 'nt::e_branch': 'shape' is changed inside a branch, loop or lambda here
[[custom_op("nt::e_branch", device="cuda")]]
at::Tensor e_branch(const at::Tensor &x, int64_t n) {
  std::vector<int64_t> shape = x.sizes().vec();
  if (n > 0)
    shape[0] = n;
  return at::empty(shape, x.options());
}

// CHECK: fake_synth_notes.cpp:[[@LINE+5]]:3: note: no fake synthesised for 'nt::f_differ': this return statement returns other tensors than the first one
[[custom_op("nt::f_differ", device="cuda")]]
at::Tensor f_differ(const at::Tensor &x, int64_t n) {
  if (n > 0)
    return at::empty({n}, x.options());
  return at::empty({n + 1}, x.options());
}

// CHECK: fake_synth_notes.cpp:[[@LINE+2]]:1: note: no fake synthesised for 'nt::g_list': it returns something other than tensors (std::vector<at::Tensor>); opgen synthesises fakes for tensor and tuple-of-tensor returns
[[custom_op("nt::g_list", device="cuda")]]
std::vector<at::Tensor> g_list(const at::Tensor &x) { return {x.clone()}; }

// CHECK: fake_synth_notes.cpp:[[@LINE+2]]:12: note: no fake synthesised for 'nt::h_declared': no kernel body was seen (opgen reads the bodies of annotated functions defined in the files it is given)
[[custom_op("nt::h_declared")]]
at::Tensor h_declared(const at::Tensor &x);

// CHECK: fake_synth_notes.cpp:[[@LINE+2]]:12: note: no fake synthesised for 'nt::i_dynamic': its output sizes depend on the data (tag data_dependent_output)
[[custom_op("nt::i_dynamic", tags="data_dependent_output")]]
at::Tensor i_dynamic(const at::Tensor &x) { return x.clone(); }

// CHECK: fake_synth_notes.cpp:[[@LINE+2]]:12: note: no fake synthesised for 'nt::j_alias': it returns the argument 'x' itself, but the schema does not say the output aliases it
[[custom_op("nt::j_alias", device="cuda")]]
at::Tensor j_alias(const at::Tensor &x) { return x; }

static at::Tensor make_output(const at::Tensor &x) { return x.clone(); }

// CHECK: fake_synth_notes.cpp:[[@LINE+2]]:51: note: no fake synthesised for 'nt::k_helper': the kernel is not its own fake ({{.*}}), and none could be synthesised: 'make_output(x)' is not an allocation opgen can follow (at::empty, at::empty_like, x.new_empty, at::zeros, x.clone(), ...)
[[custom_op("nt::k_helper")]]
at::Tensor k_helper(const at::Tensor &x) { return make_output(x); }

// CHECK: fake_synth_notes.cpp:[[@LINE+3]]:25: note: no fake synthesised for 'nt::l_options': cannot follow the options 'at::TensorOptions().dtype(at::kFloat)'; use x.options() of an input tensor x, optionally with .dtype(...)
[[custom_op("nt::l_options", device="cuda")]]
at::Tensor l_options(const at::Tensor &x) {
  return at::empty({2}, at::TensorOptions().dtype(at::kFloat));
}

// CHECK: note: hint: write one with {{.*}}"nt::l_options"

// A return that `aliases` an input is never an allocation.
// CHECK: fake_synth_notes.cpp:[[@LINE+3]]:12: note: no fake synthesised for 'nt::m_alias_alloc': the schema says output 0 aliases an argument, but the kernel allocates it
// CHECK: note: hint: write one with {{.*}}"nt::m_alias_alloc"
[[custom_op("nt::m_alias_alloc", aliases="x", device="cuda")]]
at::Tensor m_alias_alloc(const at::Tensor& x) {
  return at::empty({2}, x.options());
}

// A size read from a local tensor that holds no argument: the note names the
// read that stopped synthesis, not the local's initialiser.
// CHECK: fake_synth_notes.cpp:[[@LINE+5]]:22: note: no fake synthesised for 'nt::m_local': the kernel is not its own fake ({{.*}}), and none could be synthesised: 'output.sizes()' reads 'output', a local tensor that comes from 'x.mul(2)', not a tensor argument of the op; opgen reads sizes and options from tensor arguments and from unchanged locals bound to one{{$}}
// CHECK-NEXT: {{^}}  auto r = at::zeros(output.sizes(), x.options());
[[custom_op("nt::m_local")]]
at::Tensor m_local(const at::Tensor &x) {
  at::Tensor output = x.mul(2);
  auto r = at::zeros(output.sizes(), x.options());
  r.add_(output);
  return r;
}

// empty_like copies the strides of what it is given: opgen follows an input
// and its .contiguous(), not a transpose or another view.
// CHECK: fake_synth_notes.cpp:[[@LINE+3]]:25: note: no fake synthesised for 'nt::m_transposed': cannot tell the strides of 'x.t()' (opgen follows an input tensor or its .contiguous() here)
[[custom_op("nt::m_transposed", device="cuda")]]
at::Tensor m_transposed(const at::Tensor &x) {
  return at::empty_like(x.t());
}

// Through a chain of locals, the note still names the read.
// CHECK: fake_synth_notes.cpp:[[@LINE+5]]:20: note: no fake synthesised for 'nt::n_chain': the kernel is not its own fake ({{.*}}), and none could be synthesised: 'b.sizes()' reads 'b', a local tensor that comes from 'x.mul(2)', not a tensor argument of the op;{{.*}}
[[custom_op("nt::n_chain")]]
at::Tensor n_chain(const at::Tensor &x) {
  at::Tensor a = x.mul(2);
  at::Tensor b = a;
  return at::zeros(b.sizes(), x.options());
}

// CHECK: fake_synth_notes.cpp:[[@LINE+3]]:19: note: no fake synthesised for 'nt::n_twice': cannot tell the strides of 'x.contiguous(at::MemoryFormat::ChannelsLast)' (.contiguous() of a .contiguous() tensor)
[[custom_op("nt::n_twice", device="cuda")]]
at::Tensor n_twice(const at::Tensor &x) {
  at::Tensor xc = x.contiguous(at::MemoryFormat::ChannelsLast);
  return at::empty_like(xc.contiguous());
}

// CHECK: note: hint: write one with {{.*}}"nt::n_twice"
// CHECK-NOT: note:

} // namespace nt

// Each of them gets the skeleton that raises.
// FAKES: @torch.library.register_fake("nt::a_view")
// FAKES: @torch.library.register_fake("nt::l_options")
// FAKES: @torch.library.register_fake("nt::m_alias_alloc")

// FAKES: @torch.library.register_fake("nt::m_local")
// FAKES: @torch.library.register_fake("nt::n_chain")
// REG-NOT: TORCH_LIBRARY_IMPL(nt, Meta, m)
