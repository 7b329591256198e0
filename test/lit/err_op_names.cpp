// docs/annotation.md: the op name is `ns::name` or `ns::name.overload`, with
// identifiers; a missing namespace is an error. The error points at the
// name's string literal.
// RUN: rm -rf %t && opgen %inputs/good.cpp -o %t/out && cp -r %t/out %t/before
// RUN: not opgen %s -o %t/out 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: diff -r %t/before %t/out
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace en {

// CHECK: err_op_names.cpp:[[@LINE+2]]:13: error: invalid op name 'no_namespace': missing namespace
// CHECK: err_op_names.cpp:[[@LINE+1]]:13: note: hint: write "ns::name" or "ns::name.overload" with identifiers
[[custom_op("no_namespace")]] at::Tensor no_namespace(const at::Tensor& x);

// CHECK: err_op_names.cpp:[[@LINE+2]]:13: error: invalid op name 'en::1bad': name '1bad' is not an identifier
// CHECK: note: hint: write "ns::name" or "ns::name.overload" with identifiers
[[custom_op("en::1bad")]] at::Tensor bad_name(const at::Tensor& x);

// CHECK: err_op_names.cpp:[[@LINE+2]]:13: error: invalid op name 'en::has-dash': name 'has-dash' is not an identifier
// CHECK: note: hint: write
[[custom_op("en::has-dash")]] at::Tensor dash(const at::Tensor& x);

// CHECK: err_op_names.cpp:[[@LINE+2]]:13: error: invalid op name 'en::': name '' is not an identifier
// CHECK: note: hint: write
[[custom_op("en::")]] at::Tensor empty_name(const at::Tensor& x);

// CHECK: err_op_names.cpp:[[@LINE+2]]:13: error: invalid op name 'my-lib::op': namespace 'my-lib' is not an identifier
// CHECK: note: hint: write
[[custom_op("my-lib::op")]] at::Tensor bad_namespace(const at::Tensor& x);

// CHECK: err_op_names.cpp:[[@LINE+2]]:13: error: invalid op name 'en::op.2': overload '2' is not an identifier
// CHECK: note: hint: write
[[custom_op("en::op.2")]] at::Tensor bad_overload(const at::Tensor& x);

// CHECK: err_op_names.cpp:[[@LINE+2]]:13: error: invalid op name 'en::op.': overload '' is not an identifier
// CHECK: note: hint: write
[[custom_op("en::op.")]] at::Tensor empty_overload(const at::Tensor& x);

// CHECK: err_op_names.cpp:[[@LINE+2]]:13: error: invalid op name 'en::op.a.b': overload 'a.b' is not an identifier
// CHECK: note: hint: write
[[custom_op("en::op.a.b")]] at::Tensor two_overloads(const at::Tensor& x);

// CHECK: err_op_names.cpp:[[@LINE+2]]:13: error: invalid op name 'en::op.default': 'default' is reserved for the unnamed overload
// CHECK: note: hint: write
[[custom_op("en::op.default")]] at::Tensor default_overload(const at::Tensor& x);

} // namespace en
