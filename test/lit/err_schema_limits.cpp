// Signatures that C++ accepts but that have no schema torch can load:
// infinite or NaN defaults, a default on a tensor list, a one-element tuple
// return; and (a check-phase error, so its own run) a Python keyword as an
// argument name.
// RUN: rm -rf %t && opgen %inputs/good.cpp -o %t/out && cp -r %t/out %t/before
// RUN: not opgen %s -o %t/out 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: diff -r %t/before %t/out
// RUN: not opgen %s -o %t/out -- -DKEYWORD_ONLY 2>&1 | FileCheck %s --check-prefix=KEYWORD --implicit-check-not=error:
// RUN: diff -r %t/before %t/out
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

#include <limits>
#include <tuple>
#include <vector>

namespace sl {

#ifdef KEYWORD_ONLY
// KEYWORD: err_schema_limits.cpp:[[@LINE+3]]:49: error: parameter name 'is' cannot name a schema argument
// KEYWORD: err_schema_limits.cpp:[[@LINE+2]]:49: note: hint: rename the parameter; Python keywords such as 'from', 'in' or 'is' are not allowed
[[custom_op("sl::keyword")]]
at::Tensor keyword(const at::Tensor& x, int64_t is);
#else

// CHECK: err_schema_limits.cpp:[[@LINE+2]]:55: error: cannot render the default argument of 'eps' in a schema
[[custom_op("sl::infinite")]]
at::Tensor infinite(const at::Tensor& x, double eps = std::numeric_limits<double>::infinity());
// CHECK: err_schema_limits.cpp:[[@LINE-1]]:55: note: hint: use a literal

// CHECK: err_schema_limits.cpp:[[@LINE+2]]:64: error: cannot render the default argument of 'w' in a schema
[[custom_op("sl::nan_list")]]
at::Tensor nan_list(const at::Tensor& x, std::vector<double> w = {1.0, 0.0 / 0.0});
// CHECK: err_schema_limits.cpp:[[@LINE-1]]:64: note: hint: use a literal

// CHECK: err_schema_limits.cpp:[[@LINE+2]]:59: error: cannot render the default argument of 'ts' in a schema
[[custom_op("sl::tensor_list_default")]]
at::Tensor tensor_list_default(std::vector<at::Tensor> ts = {});
// CHECK: err_schema_limits.cpp:[[@LINE-1]]:59: note: hint: use a literal

// CHECK: err_schema_limits.cpp:[[@LINE+3]]:1: error: return type 'std::tuple<at::Tensor>' has no schema equivalent
// CHECK: err_schema_limits.cpp:[[@LINE+2]]:1: note: hint: a tuple needs two or more elements; return the element itself
[[custom_op("sl::one_tuple")]]
std::tuple<at::Tensor> one_tuple(const at::Tensor& x);
#endif

} // namespace sl
