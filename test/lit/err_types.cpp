// docs/types.md: types with no schema equivalent are errors that point at the
// type, with a hint. A failed run writes nothing: the previous output stays
// byte-identical.
// RUN: rm -rf %t && opgen %inputs/good.cpp -o %t/out && cp -r %t/out %t/before
// RUN: not opgen %s -o %t/out 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: diff -r %t/before %t/out
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace et {

// (An annotation after the declarator belongs to the function.)
// CHECK: err_types.cpp:[[@LINE+4]]:43: error: parameter 'n' has type 'int', which has no schema equivalent
// CHECK-NEXT: {{^}}at::Tensor plain_int(const at::Tensor& x, int n) {{\[\[}}custom_op("et::plain_int")]];
// CHECK-NEXT: {{^                                          \^$}}
// CHECK: err_types.cpp:[[@LINE+1]]:43: note: hint: use 'int64_t' (schema 'int')
at::Tensor plain_int(const at::Tensor& x, int n) [[custom_op("et::plain_int")]];

// CHECK: err_types.cpp:[[@LINE+2]]:66: error: parameter 'n' has type 'int32_t', which has no schema equivalent
// CHECK: err_types.cpp:[[@LINE+1]]:66: note: hint: use 'int64_t' (schema 'int')
[[custom_op("et::int32")]] at::Tensor int32(const at::Tensor& x, int32_t n);

// CHECK: err_types.cpp:[[@LINE+2]]:64: error: parameter 'n' has type 'size_t', which has no schema equivalent
// CHECK: note: hint: use 'int64_t' (schema 'int')
[[custom_op("et::size")]] at::Tensor size(const at::Tensor& x, size_t n);

// CHECK: err_types.cpp:[[@LINE+2]]:62: error: parameter 'n' has type 'unsigned int', which has no schema equivalent
// CHECK: note: hint: use 'int64_t' (schema 'int')
[[custom_op("et::uns")]] at::Tensor uns(const at::Tensor& x, unsigned n);

// CHECK: err_types.cpp:[[@LINE+2]]:62: error: parameter 'f' has type 'float', which has no schema equivalent
// CHECK: note: hint: use 'double' (schema 'float')
[[custom_op("et::flt")]] at::Tensor flt(const at::Tensor& x, float f);

// The location is the start of the type, `const` included.
// CHECK: err_types.cpp:[[@LINE+2]]:64: error: parameter 's' has type 'const char *', which has no schema equivalent
// CHECK: err_types.cpp:[[@LINE+1]]:64: note: hint: use 'std::string_view' (schema 'str')
[[custom_op("et::cstr")]] at::Tensor cstr(const at::Tensor& x, const char* s);

// CHECK: err_types.cpp:[[@LINE+2]]:62: error: parameter 'data' has type 'float *', which has no schema equivalent
// CHECK: note: hint: raw pointers cannot cross the dispatcher; pass an at::Tensor
[[custom_op("et::ptr")]] at::Tensor ptr(const at::Tensor& x, float* data);

// CHECK: err_types.cpp:[[@LINE+2]]:55: error: parameter 't' has type 'at::Tensor *', which has no schema equivalent
// CHECK: note: hint: raw pointers cannot cross the dispatcher; pass an at::Tensor
[[custom_op("et::tensor_ptr")]] at::Tensor tensor_ptr(at::Tensor* t);

// CHECK: err_types.cpp:[[@LINE+2]]:66: error: parameter 'mask' has type 'std::vector<bool>', which has no schema equivalent
// CHECK: note: hint: 'std::vector<bool>' is not supported; use 'std::array<bool, N>' (schema 'bool[N]')
[[custom_op("et::vbool")]] at::Tensor vbool(const at::Tensor& x, std::vector<bool> mask);

// CHECK: err_types.cpp:[[@LINE+2]]:68: error: parameter 'n' has type 'const c10::SymInt &', which has no schema equivalent
// CHECK: note: hint: take 'c10::SymInt' by value
[[custom_op("et::symref")]] at::Tensor symref(const at::Tensor& x, const c10::SymInt& n);

// References to scalars, const or not.
// CHECK: err_types.cpp:[[@LINE+2]]:70: error: parameter 'n' has type 'const int64_t &', which has no schema equivalent
// CHECK: note: hint: take scalars by value
[[custom_op("et::int_ref")]] at::Tensor int_ref(const at::Tensor& x, const int64_t& n);
// CHECK: err_types.cpp:[[@LINE+2]]:70: error: parameter 'f' has type 'double &', which has no schema equivalent
// CHECK: note: hint: take scalars by value
[[custom_op("et::dbl_ref")]] at::Tensor dbl_ref(const at::Tensor& x, double& f);
// CHECK: err_types.cpp:[[@LINE+2]]:72: error: parameter 'b' has type 'bool &', which has no schema equivalent
// CHECK: note: hint: take scalars by value
[[custom_op("et::bool_ref")]] at::Tensor bool_ref(const at::Tensor& x, bool& b);

// Rvalue references.
// CHECK: err_types.cpp:[[@LINE+2]]:68: error: parameter 'y' has type 'at::Tensor &&', which has no schema equivalent
// CHECK: note: hint: take it by value or by const reference
[[custom_op("et::rvalue")]] at::Tensor rvalue(const at::Tensor& x, at::Tensor&& y);

// Returns.
// CHECK: err_types.cpp:[[@LINE+2]]:26: error: return type 'int' has no schema equivalent
// CHECK: note: hint: use 'int64_t' (schema 'int')
[[custom_op("et::ret")]] int ret(const at::Tensor& x);

// A const reference cannot be the out-variant return.
// CHECK: err_types.cpp:[[@LINE+2]]:51: error: return type 'const at::Tensor &' has no schema equivalent
// CHECK: note: hint: return the out argument as 'at::Tensor&', or return at::Tensor by value
[[custom_op("et::ret_ref", mutates="out")]] const at::Tensor& ret_ref(const at::Tensor& x, at::Tensor& out);

// CHECK: err_types.cpp:[[@LINE+2]]:31: error: return type 'std::vector<at::Tensor> &' has no schema equivalent
// CHECK: note: hint: return by value; only 'at::Tensor&' (an out argument) may be returned by reference
[[custom_op("et::ret_vref")]] std::vector<at::Tensor>& ret_vref(const at::Tensor& x);

// CHECK: err_types.cpp:[[@LINE+2]]:30: error: return type 'float' has no schema equivalent
// CHECK: note: hint: use 'double' (schema 'float')
[[custom_op("et::ret_flt")]] float ret_flt(const at::Tensor& x);

} // namespace et
