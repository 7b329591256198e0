// Parameters opgen cannot name or default: an unnamed parameter, a default
// argument it cannot render (never silently dropped), a variadic function.
// RUN: rm -rf %t && opgen %inputs/good.cpp -o %t/out && cp -r %t/out %t/before
// RUN: not opgen %s -o %t/out 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: diff -r %t/before %t/out
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

#include <array>
#include <vector>

namespace ep {

int64_t default_size();
constexpr int64_t kConstant = 4;

// CHECK: err_params.cpp:[[@LINE+3]]:41: error: parameter 2 of 'unnamed' has no name; schema argument names come from parameter names
// CHECK: err_params.cpp:[[@LINE+2]]:41: note: hint: name the parameter
[[custom_op("ep::unnamed")]]
at::Tensor unnamed(const at::Tensor& x, int64_t);

// A call is not a literal.
// CHECK: err_params.cpp:[[@LINE+3]]:58: error: cannot render the default argument of 'n' in a schema
// CHECK: err_params.cpp:[[@LINE+2]]:58: note: hint: use a literal (number, true/false, string, {numbers}) or std::nullopt, or drop the default{{$}}
[[custom_op("ep::call_default")]]
at::Tensor call_default(const at::Tensor& x, int64_t n = default_size());

// An enumerator has no schema literal either: the hint says how to write
// "a dtype unless the caller gives one".
// CHECK: err_params.cpp:[[@LINE+3]]:69: error: cannot render the default argument of 'dtype' in a schema
// CHECK: note: hint: use a literal (number, true/false, string, {numbers}) or std::nullopt, or drop the default; for this type write 'std::optional<at::ScalarType> dtype = std::nullopt' and pick the value in the kernel when it is unset{{$}}
[[custom_op("ep::enum_default")]]
at::Tensor enum_default(const at::Tensor& x, at::ScalarType dtype = at::kFloat);

// An (undefined) default-constructed tensor has no schema literal.
// CHECK: err_params.cpp:[[@LINE+3]]:64: error: cannot render the default argument of 'y' in a schema
// CHECK: note: hint: use a literal
[[custom_op("ep::bad_none")]]
at::Tensor bad_none(const at::Tensor& x, const at::Tensor& y = at::Tensor());

// Braced lists of non-numbers.
// CHECK: err_params.cpp:[[@LINE+3]]:74: error: cannot render the default argument of 'sizes' in a schema
// CHECK: note: hint: use a literal
[[custom_op("ep::list_of_calls")]]
at::Tensor list_of_calls(const at::Tensor& x, std::vector<int64_t> sizes = {default_size()});

// torch has no default for tensor lists, not even an empty one.
// CHECK: err_params.cpp:[[@LINE+3]]:80: error: cannot render the default argument of 'ts' in a schema
// CHECK: note: hint: use a literal
[[custom_op("ep::tensor_list_default")]]
at::Tensor tensor_list_default(const at::Tensor& x, std::vector<at::Tensor> ts = {});

// A fixed-size list needs all its values.
// CHECK: err_params.cpp:[[@LINE+3]]:72: error: cannot render the default argument of 'mask' in a schema
// CHECK: note: hint: use a literal
[[custom_op("ep::short_array")]]
at::Tensor short_array(const at::Tensor& x, std::array<bool, 3> mask = {true});

// A constexpr constant evaluates: it renders as its value.
// (Checked in defaults.cpp; here it only must not be an error.)
[[custom_op("ep::constant_default")]]
at::Tensor constant_default(const at::Tensor& x, int64_t n = kConstant);

// CHECK: err_params.cpp:[[@LINE+3]]:12: error: 'variadic' is variadic; ops need a fixed parameter list
// CHECK: err_params.cpp:[[@LINE+2]]:12: note: hint: take the extra arguments as a list, e.g. 'std::vector<at::Tensor>'
[[custom_op("ep::variadic")]]
at::Tensor variadic(const at::Tensor& x, ...);

} // namespace ep
