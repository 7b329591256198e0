// docs/annotation.md: an annotation belongs to the free function declaration it
// precedes. On anything else it is an error naming what it is on, never
// silently ignored, and never passed on to the next function.
// RUN: rm -rf %t && opgen %inputs/good.cpp -o %t/out && cp -r %t/out %t/before
// RUN: not opgen %s -o %t/out 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: diff -r %t/before %t/out
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace nf {

// CHECK: err_not_a_function.cpp:[[@LINE+2]]:3: error: 'custom_op' annotation must precede a free function declaration, not a variable
// CHECK: err_not_a_function.cpp:[[@LINE+1]]:3: note: hint: annotate a namespace-scope function; wrap members and templates in one
[[custom_op("nf::variable")]] int64_t variable = 3;

// After the declarator: still the variable, not the function after it.
// CHECK: err_not_a_function.cpp:[[@LINE+2]]:23: error: 'custom_op' annotation must precede a free function declaration, not a variable
// CHECK: note: hint: annotate a namespace-scope function
extern int64_t size [[custom_op("nf::after_declarator")]];
at::Tensor not_an_op_1(const at::Tensor& x);

// CHECK: err_not_a_function.cpp:[[@LINE+2]]:10: error: 'custom_op' annotation must precede a free function declaration, not a class
// CHECK: note: hint: annotate a namespace-scope function
struct [[custom_op("nf::klass")]] Klass {};
at::Tensor not_an_op_2(const at::Tensor& x);

// CHECK: err_not_a_function.cpp:[[@LINE+3]]:5: error: 'custom_op' annotation must precede a free function declaration, not a member function
// CHECK: note: hint: annotate a namespace-scope function
struct Holder {
  [[custom_op("nf::member")]] at::Tensor member(const at::Tensor& x);
// CHECK: err_not_a_function.cpp:[[@LINE+2]]:5: error: 'custom_op' annotation must precede a free function declaration, not a member function
// CHECK: note: hint: annotate a namespace-scope function
  [[custom_op("nf::static_member")]] static at::Tensor static_member(const at::Tensor& x);
};

// A hidden friend cannot be named from the generated wrapper.
// CHECK: err_not_a_function.cpp:[[@LINE+3]]:12: error: 'custom_op' annotation must precede a free function declaration, not a friend function
// CHECK: note: hint: annotate a namespace-scope function
struct WithFriend {
  friend [[custom_op("nf::hidden_friend")]] at::Tensor hidden_friend(const at::Tensor& x);
};

// CHECK: err_not_a_function.cpp:[[@LINE+2]]:3: error: 'custom_op' annotation must precede a free function declaration, not a deleted function
// CHECK: note: hint: annotate a namespace-scope function
[[custom_op("nf::deleted")]] at::Tensor deleted(const at::Tensor& x) = delete;

// CHECK: err_not_a_function.cpp:[[@LINE+3]]:3: error: 'custom_op' annotation must precede a free function declaration, not a function template
// CHECK: note: hint: annotate a namespace-scope function
template <typename T>
[[custom_op("nf::function_template")]] at::Tensor function_template(const at::Tensor& x);

// CHECK: err_not_a_function.cpp:[[@LINE+2]]:15: error: 'custom_op' annotation must precede a free function declaration, not a function template specialization
// CHECK: note: hint: annotate a namespace-scope function
template <> [[custom_op("nf::specialization")]] at::Tensor function_template<float>(const at::Tensor& x);

// CHECK: err_not_a_function.cpp:[[@LINE+2]]:32: error: 'custom_op' annotation must precede a free function declaration, not a class template
// CHECK: note: hint: annotate a namespace-scope function
template <typename T> struct [[custom_op("nf::class_template")]] ClassTemplate {};

// CHECK: err_not_a_function.cpp:[[@LINE+2]]:38: error: 'custom_op' annotation must precede a free function declaration, not a lambda
// CHECK: note: hint: annotate a namespace-scope function
inline auto lambda = [](int64_t x) [[custom_op("nf::lambda")]] { return x; };

// CHECK: err_not_a_function.cpp:[[@LINE+2]]:3: error: 'custom_op' annotation must precede a free function declaration, not a variable
// CHECK: note: hint: annotate a namespace-scope function
[[custom_op("nf::lambda_variable")]] inline auto lambda_variable = [](int64_t x) { return x; };

// CHECK: err_not_a_function.cpp:[[@LINE+2]]:15: error: 'custom_op' annotation must precede a free function declaration, not a type alias
// CHECK: note: hint: annotate a namespace-scope function
using Alias [[custom_op("nf::alias")]] = at::Tensor;

// CHECK: err_not_a_function.cpp:[[@LINE+2]]:26: error: 'custom_op' annotation must precede a free function declaration, not an enumerator
// CHECK: note: hint: annotate a namespace-scope function
enum class Mode { Fast [[custom_op("nf::enumerator")]], Slow };

// CHECK: err_not_a_function.cpp:[[@LINE+2]]:55: error: 'custom_op' annotation must precede a free function declaration, not a parameter
// CHECK: note: hint: annotate a namespace-scope function
at::Tensor parameter(const at::Tensor& x, int64_t n [[custom_op("nf::parameter")]]);

// Inside a function body (which opgen does not parse): not the next function.
// CHECK: err_not_a_function.cpp:[[@LINE+3]]:5: error: 'custom_op' annotation must precede a free function declaration, not a declaration inside a function body
// CHECK: note: hint: annotate a namespace-scope function
at::Tensor with_body(const at::Tensor& x) {
  [[custom_op("nf::in_body")]] at::Tensor local(const at::Tensor&);
  return x;
}
at::Tensor not_an_op_3(const at::Tensor& x);

// CHECK: err_not_a_function.cpp:[[@LINE+2]]:13: error: 'custom_op' annotation must precede a free function declaration, not a namespace
// CHECK: note: hint: annotate a namespace-scope function
namespace [[custom_op("nf::ns")]] inner {}

} // namespace nf

// Nothing follows.
// CHECK: err_not_a_function.cpp:[[@LINE+2]]:3: error: 'custom_op' annotation is not followed by a declaration
// CHECK: err_not_a_function.cpp:[[@LINE+1]]:3: note: hint: put the annotation directly before the function it describes
[[custom_op("nf::nothing")]];
