// Stable ABI kernels get the body analyses of at:: kernels: writes through
// torch::stable's in-place functions and data pointers (mutation), fakes
// from torch::stable::empty_like / new_empty / new_zeros / clone, the
// conditions of STD_TORCH_CHECK (derived samples). They are never their own
// Meta kernel.
// RUN: rm -rf %t && mkdir -p %t
// RUN: opgen --discover %s -o %t/rec.json
// RUN: FileCheck %s --check-prefix=REC --input-file=%t/rec.json
// RUN: opgen %s -o %t/out --python-package sb 2> %t/err
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t/err --implicit-check-not=warning: --implicit-check-not=error:
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t/err
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/out/manifest.json
#include <opgen/opgen.h>

#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>
#include <torch/headeronly/core/ScalarType.h>
#include <torch/headeronly/util/Exception.h>

#include <cstdint>
#include <optional>
#include <tuple>
#include <vector>

namespace sb {

using torch::stable::Tensor;

// The custom-op tutorial's kernel, against the stable ABI.
// REC: "text": "sb::muladd"
// REC: "abi": "stable"
// REC: "checks": [
// REC: "kind": "binary",
// REC-NEXT: "ops": [
// REC-NEXT: {
// REC-NEXT: "kind": "sizes",
// REC-NEXT: "name": "a"
// REC-NEXT: },
// REC-NEXT: {
// REC-NEXT: "kind": "sizes",
// REC-NEXT: "name": "b"
// REC-NEXT: }
// REC-NEXT: ],
// REC-NEXT: "text": "=="
// REC: "meta_safe": {
// REC-NEXT: "safe": false,
// REC-NEXT: "why": "it is written against PyTorch's stable ABI, whose kernels opgen does not run on Meta tensors",
// REC: "synthesis": {
// REC-NEXT: "ok": true,
// REC-NEXT: "outputs": [
// REC-NEXT: {
// REC-NEXT: "factory": "torch::stable::empty_like",
// REC-NEXT: "kind": "empty-like",
// REC-NEXT: "like": "a",
// REC-NEXT: "like_contiguous": "at::MemoryFormat::Contiguous",
// MANIFEST: "kind": "synthesized",
// MANIFEST: "schema": "sb::muladd(Tensor a, Tensor b, float c) -> Tensor",
[[custom_op("sb::muladd")]]
Tensor muladd(const Tensor& a, const Tensor& b, double c) {
  STD_TORCH_CHECK(a.sizes().equals(b.sizes()));
  STD_TORCH_CHECK(a.scalar_type() == torch::headeronly::ScalarType::Float);
  Tensor a_contig = torch::stable::contiguous(a);
  Tensor b_contig = torch::stable::contiguous(b);
  Tensor result = torch::stable::empty_like(a_contig);
  const float* a_ptr = a_contig.const_data_ptr<float>();
  const float* b_ptr = b_contig.const_data_ptr<float>();
  float* result_ptr = result.mutable_data_ptr<float>();
  for (int64_t i = 0; i < result.numel(); i++)
    result_ptr[i] = a_ptr[i] * b_ptr[i] + c;
  return result;
}

// Sizes from x.size(i) and an int argument; dtype from a constant.
// REC: "text": "sb::rows"
// REC: "checks": [
// REC: "text": "=="
// REC: "synthesis": {
// REC-NEXT: "ok": true,
// REC-NEXT: "outputs": [
// REC-NEXT: {
// REC-NEXT: "dtype": {
// REC-NEXT: "kind": "literal",
// REC-NEXT: "text": "at::ScalarType::Long"
// REC-NEXT: },
// REC-NEXT: "factory": "torch::stable::new_zeros",
// REC-NEXT: "kind": "empty",
// REC-NEXT: "like": "x",
// REC: "sizes": {
// REC-NEXT: "kind": "list",
// REC-NEXT: "ops": [
// REC-NEXT: {
// REC-NEXT: "kind": "arg",
// REC-NEXT: "name": "n"
// REC-NEXT: },
// REC-NEXT: {
// REC-NEXT: "kind": "size",
// REC-NEXT: "name": "x",
[[custom_op("sb::rows")]]
Tensor rows(const Tensor& x, int64_t n) {
  STD_TORCH_CHECK(x.dim() == 2, "x must be 2-D");
  return torch::stable::new_zeros(x, {n, x.size(1)},
                                  torch::headeronly::ScalarType::Long);
}

// REC: "text": "sb::pair"
// REC: "synthesis": {
// REC-NEXT: "ok": true,
// REC-NEXT: "outputs": [
// REC-NEXT: {
// REC-NEXT: "factory": "torch::stable::new_empty",
// REC-NEXT: "kind": "empty",
// REC-NEXT: "like": "x",
// REC: "kind": "sizes",
// REC-NEXT: "name": "x"
// REC: "factory": "torch::stable::clone",
// REC-NEXT: "kind": "empty-like",
// REC-NEXT: "like": "x",
// REC-NEXT: "like_contiguous": "",
[[custom_op("sb::pair")]]
std::tuple<Tensor, Tensor> pair(const Tensor& x) {
  Tensor a = torch::stable::new_empty(x, x.sizes(), std::nullopt);
  Tensor b = torch::stable::clone(x);
  return std::make_tuple(a, b);
}

// What it cannot follow is a note, as for at:: kernels.
// NOTE-DAG: stable_bodies.cpp:[[@LINE+2]]:10: note: no fake synthesised for 'sb::from_empty': cannot follow 'torch::stable::empty({x.size(0)}, x.scalar_type(), std::n...': its device does not come from an input tensor; allocate with torch::stable::new_empty(x, sizes, dtype) or torch::stable::empty_like(x)
[[custom_op("sb::from_empty")]] Tensor from_empty(const Tensor& x) {
  return torch::stable::empty({x.size(0)}, x.scalar_type(), std::nullopt,
                              x.device());
}

// NOTE-DAG: stable_bodies.cpp:[[@LINE+2]]:10: note: no fake synthesised for 'sb::view_of': 'torch::stable::transpose(x, 0, 1)' may return a view of, or the same tensor as, its input; opgen follows fresh allocations only
[[custom_op("sb::view_of")]] Tensor view_of(const Tensor& x) {
  return torch::stable::transpose(x, 0, 1);
}

// NOTE-DAG: stable_bodies.cpp:[[@LINE+3]]:35: note: no fake synthesised for 'sb::dev': cannot follow 'x.device()' (opgen follows torch::stable::new_empty(x, sizes[, dtype]), with x's layout and device)
[[custom_op("sb::dev")]] Tensor dev(const Tensor& x) {
  return torch::stable::new_empty(x, {2}, std::nullopt, std::nullopt,
                                  x.device());
}

// Writes: a store through mutable_data_ptr, the in-place functions of
// torch/csrc/stable/ops.h, through a view.
// WARN: stable_bodies.cpp:[[@LINE+5]]:10: warning: 'add_into' writes 'out' here (a store through its mutable_data_ptr()), but 'mutates' does not list it [UnannotatedWrite]
[[custom_op("sb::add_into")]] void add_into(const Tensor& out, const Tensor& x) {
  float* o = out.mutable_data_ptr<float>();
  const float* p = x.const_data_ptr<float>();
  for (int64_t i = 0; i < x.numel(); i++)
    o[i] += p[i];
}

// WARN: stable_bodies.cpp:[[@LINE+2]]:24: warning: 'fill_val' writes 'x' here (passed as 'self' of 'torch::stable::fill_'), but 'mutates' does not list it [UnannotatedWrite]
[[custom_op("sb::fill_val")]] void fill_val(const Tensor& x, double v) {
  torch::stable::fill_(x, v);
}

// WARN: stable_bodies.cpp:[[@LINE+3]]:24: warning: 'copy_into' writes 'out' here (passed as 'self' of 'torch::stable::copy_'), but 'mutates' does not list it [UnannotatedWrite]
[[custom_op("sb::copy_into")]] void copy_into(Tensor out,
                                              const Tensor& src) {
  torch::stable::copy_(out, src);
}

// torch::stable::narrow takes its self as Tensor&: a view, not a write.
// WARN: stable_bodies.cpp:[[@LINE+3]]:24: warning: 'narrow_zero' writes 'x' here (passed as 'self' of 'torch::stable::zero_'), but 'mutates' does not list it [UnannotatedWrite]
[[custom_op("sb::narrow_zero")]] void narrow_zero(Tensor x, int64_t n) {
  Tensor head = torch::stable::narrow(x, 0, 0, n);
  torch::stable::zero_(head);
}

// Optionals and lists of stable tensors.
// WARN: stable_bodies.cpp:[[@LINE+4]]:26: warning: 'zero_opt' writes 'x' here (passed as 'self' of 'torch::stable::zero_'), but 'mutates' does not list it [UnannotatedWrite]
[[custom_op("sb::zero_opt")]] void zero_opt(std::optional<Tensor> x) {
  if (x) {
    Tensor t = *x;
    torch::stable::zero_(t);
  }
}

// WARN: stable_bodies.cpp:[[@LINE+3]]:26: warning: 'zero_all' writes 'xs' here (passed as 'self' of 'torch::stable::zero_'), but 'mutates' does not list it [UnannotatedWrite]
[[custom_op("sb::zero_all")]] void zero_all(std::vector<Tensor> xs) {
  for (Tensor& t : xs)
    torch::stable::zero_(t);
}

// A non-const reference not in `mutates`: the hint names the stable type.
// WARN: stable_bodies.cpp:[[@LINE+2]]:56: warning: 'x' is taken by non-const reference but is not listed in 'mutates' [UnmarkedMutableTensor]
// WARN: note: hint: add mutates="x" if the kernel writes to it, or take it as 'const torch::stable::Tensor&'
[[custom_op("sb::unmarked")]] int64_t unmarked(Tensor& x) { return x.dim(); }

// Declared, and quiet.
[[custom_op("sb::zero_declared", mutates="x")]]
void zero_declared(Tensor x) {
  torch::stable::zero_(x);
}

// Reads and views only: nothing to declare.
// NOTE-DAG: stable_bodies.cpp:[[@LINE+1]]:28: note: no fake synthesised for 'sb::reads': it returns something other than tensors (int64_t); opgen synthesises fakes for tensor and tuple-of-tensor returns
[[custom_op("sb::reads")]] int64_t reads(Tensor x) {
  Tensor head = torch::stable::narrow(x, 0, 0, 1);
  const float* p = head.const_data_ptr<float>();
  return x.numel() + static_cast<int64_t>(p[0]);
}

// The raw handle goes to code opgen does not follow: neither a write nor
// "never written".
[[custom_op("sb::raw", mutates="x")]] void raw(const Tensor& x) {
  AtenTensorHandle h = x.get();
  (void)h;
}

// mutates= on a parameter the body never writes.
// WARN: stable_bodies.cpp:[[@LINE+1]]:38: warning: 'mutates' lists 'x', but the body of 'unwritten' never writes it [MutatesNeverWritten]
[[custom_op("sb::unwritten", mutates="x")]] void unwritten(const Tensor& x) {
  (void)x.numel();
}

} // namespace sb
