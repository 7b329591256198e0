// Malformed annotations, found in the token stream: a missing op name, a
// value that is not a string literal, a missing key, a duplicate key, an
// unterminated annotation. Each error points at the offending token.
// RUN: rm -rf %t && opgen %inputs/good.cpp -o %t/out && cp -r %t/out %t/before
// RUN: not opgen %s -o %t/out 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: diff -r %t/before %t/out
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace es {

// CHECK: err_annotation_syntax.cpp:[[@LINE+2]]:3: error: 'custom_op' annotation needs the op name as its first argument
// CHECK: err_annotation_syntax.cpp:[[@LINE+1]]:3: note: hint: write {{\[\[}}custom_op("ns::name")]]
[[custom_op]] at::Tensor no_args(const at::Tensor& x);

// CHECK: err_annotation_syntax.cpp:[[@LINE+2]]:3: error: 'custom_op' annotation needs the op name as its first argument
// CHECK: note: hint: write {{\[\[}}custom_op("ns::name")]]
[[custom_op()]] at::Tensor empty_args(const at::Tensor& x);

// CHECK: err_annotation_syntax.cpp:[[@LINE+2]]:13: error: 'custom_op' annotation needs the op name as its first argument
// CHECK: note: hint: write {{\[\[}}custom_op("ns::name")]]
[[custom_op(es::not_a_string)]] at::Tensor unquoted_name(const at::Tensor& x);

// CHECK: err_annotation_syntax.cpp:[[@LINE+2]]:13: error: 'custom_op' annotation needs the op name as its first argument
// CHECK: note: hint: write {{\[\[}}custom_op("ns::name")]]
[[custom_op(mutates="x")]] void key_first(at::Tensor& x);

// CHECK: err_annotation_syntax.cpp:[[@LINE+2]]:39: error: value of 'mutates' must be a string literal
// CHECK: err_annotation_syntax.cpp:[[@LINE+1]]:39: note: hint: write mutates="..."
[[custom_op("es::bare_value", mutates=x)]] void bare_value(at::Tensor& x);

// CHECK: err_annotation_syntax.cpp:[[@LINE+2]]:34: error: value of 'kwonly' must be a string literal
// CHECK: note: hint: write kwonly="..."
[[custom_op("es::number", kwonly=1)]] void number(const at::Tensor& x);

// CHECK: err_annotation_syntax.cpp:[[@LINE+2]]:33: error: value of 'tags' must be a string literal
// CHECK: note: hint: write tags="..."
[[custom_op("es::no_value", tags=)]] void no_value(const at::Tensor& x);

// CHECK: err_annotation_syntax.cpp:[[@LINE+2]]:31: error: expected 'key="value"' in 'custom_op' annotation
// CHECK: note: hint: keys are written as mutates="out"; the values are string literals
[[custom_op("es::positional", "x")]] void positional(at::Tensor& x);

// CHECK: err_annotation_syntax.cpp:[[@LINE+2]]:26: error: expected 'key="value"' in 'custom_op' annotation
// CHECK: note: hint: keys are written as mutates="out"; the values are string literals
[[custom_op("es::colon", mutates: "x")]] void colon(at::Tensor& x);

// CHECK: err_annotation_syntax.cpp:[[@LINE+2]]:37: error: duplicate key 'mutates' in annotation
// CHECK: err_annotation_syntax.cpp:[[@LINE+1]]:37: note: hint: each key may appear once; merge the values into one string
[[custom_op("es::dup", mutates="x", mutates="y")]] void dup(at::Tensor& x, at::Tensor& y);

// A missing `)`: the annotation ends at `]`, `;` or `{`, not at the end of
// the file.
// CHECK: err_annotation_syntax.cpp:[[@LINE+2]]:3: error: unterminated 'custom_op' annotation
// CHECK: err_annotation_syntax.cpp:[[@LINE+1]]:3: note: hint: close it as {{\[\[}}custom_op("ns::name", key="value")]]
[[custom_op("es::unterminated", mutates="x"]] void unterminated(at::Tensor& x);

// The companion annotations are checked the same way.
// CHECK: err_annotation_syntax.cpp:[[@LINE+2]]:3: error: 'custom_op_fake' annotation needs the op name as its first argument
// CHECK: note: hint: write {{\[\[}}custom_op_fake("ns::name")]]
[[custom_op_fake]] at::Tensor fake(const at::Tensor& x);

} // namespace es
