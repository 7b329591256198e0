// What a kernel checks of its arguments' shapes, read from the body for the
// generated tests' derived samples (docs/cli.md#derived-samples): the
// conditions of TORCH_CHECK, of any `if` whose branch always throws, and of
// macros wrapping them in `do { } while (0)`, split at `&&`; a condition
// that reads anything else than argument metadata is left out.
// RUN: rm -rf %t && opgen %s -o %t --python-package sc 2>&1 | count 0
// RUN: FileCheck %s --input-file=%t/tests/test_sc_ops.py
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>
#include <ATen/ops/empty.h>

#include <stdexcept>

#define CHECK_2D(x)                                                            \
  do {                                                                         \
    TORCH_CHECK((x).dim() == 2, #x " must be 2-D");                            \
  } while (0)

namespace sc {

// CHECK-LABEL: "name": "sc::a_rms_norm",
// CHECK: "checks": [
// CHECK-NEXT: ("binary", "==", ("dim", "weight"), ("literal", "1")),
// CHECK-NEXT: ("binary", "==", ("size", "weight", ("literal", "0")), ("size", "x", ("unary", "-", ("literal", "1")))),
// CHECK-NEXT: ("binary", "==", ("binary", "%", ("size", "x", ("unary", "-", ("literal", "1"))), ("literal", "2")), ("literal", "0")),
// CHECK-NEXT: ],
[[custom_op("sc::a_rms_norm")]]
at::Tensor rms_norm(const at::Tensor &x, const at::Tensor &weight) {
  TORCH_CHECK(weight.dim() == 1 && weight.size(0) == x.size(-1), "weight");
  TORCH_CHECK(x.is_contiguous(), "not metadata opgen follows: left out");
  const int64_t hidden = x.size(-1);
  if (hidden % 2 != 0)
    throw std::invalid_argument("hand-written: the negation is kept");
  if (hidden > 4096) {
    // A branch that does not always throw says nothing.
    TORCH_CHECK(x.size(0) == 1);
    (void)x.sum();
  }
  return at::empty({x.size(0), hidden}, x.options());
}

// Macros, `!(a != b)`, `a.sizes() == b.sizes()`, int arguments and list
// lengths; the same condition twice is listed once. De Morgan: what must
// hold of `if (a || b) throw` is `!a` and `!b`.
// CHECK-LABEL: "name": "sc::b_mm",
// CHECK: "checks": [
// CHECK-NEXT: ("binary", "==", ("dim", "a"), ("literal", "2")),
// CHECK-NEXT: ("binary", "==", ("dim", "b"), ("literal", "2")),
// CHECK-NEXT: ("binary", "==", ("size", "a", ("literal", "1")), ("size", "b", ("literal", "0"))),
// CHECK-NEXT: ("binary", "<=", ("arg", "k"), ("size", "b", ("literal", "1"))),
// CHECK-NEXT: ("binary", "==", ("sizes", "bias"), ("sizes", "a")),
// CHECK-NEXT: ("binary", "==", ("arg-length", "dims"), ("literal", "2")),
// CHECK-NEXT: ("binary", ">=", ("arg", "k"), ("literal", "0")),
// CHECK-NEXT: ],
[[custom_op("sc::b_mm")]]
at::Tensor mm(const at::Tensor &a, const at::Tensor &b, const at::Tensor &bias,
              int64_t k, c10::IntArrayRef dims) {
  CHECK_2D(a);
  CHECK_2D(b);
  TORCH_CHECK(!(a.size(1) != b.size(0)) && k <= b.size(1));
  TORCH_CHECK(bias.sizes() == a.sizes());
  CHECK_2D(a);
  if (dims.size() != 2 || k < 0)
    throw std::invalid_argument("dims");
  return at::empty({a.size(0), b.size(1)}, a.options());
}

// Checks inside a branch hold only there, and helpers are not followed:
// nothing is read.
// CHECK-LABEL: "name": "sc::c_nested",
// CHECK: "checks": [],
void check_helper(const at::Tensor &t) { TORCH_CHECK(t.dim() == 3); }

[[custom_op("sc::c_nested")]]
at::Tensor nested(const at::Tensor &x, bool flag) {
  check_helper(x);
  if (flag) {
    TORCH_CHECK(x.dim() == 2);
  }
  return at::empty({x.size(0)}, x.options());
}

} // namespace sc
