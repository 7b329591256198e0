// docs/types.md#stable-abi-types: what a stable ABI kernel cannot take or
// return is an error with a hint, and so is a signature that mixes the stable
// ABI with ATen types. Nothing is written.
// RUN: rm -rf %t && not opgen %s -o %t/out 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not ls %t/out
#include <opgen/opgen.h>

#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/tensor.h>
#include <torch/headeronly/core/DeviceType.h>
#include <torch/headeronly/util/HeaderOnlyArrayRef.h>

#include <ATen/core/Tensor.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <tuple>

namespace es {

using torch::headeronly::HeaderOnlyArrayRef;
using torch::stable::Tensor;

// CHECK: err_types_stable.cpp:[[@LINE+3]]:38: error: 'mixed_tensor' mixes PyTorch's stable ABI (parameter 'x' has type 'const Tensor &') and the ATen API (parameter 'y' has type 'const at::Tensor &') [MixedAbiSignature]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:38: note: hint: write the whole signature against one API; for the stable ABI, write 'torch::stable::Tensor' for 'at::Tensor'
[[custom_op("es::mixed_tensor")]]
Tensor mixed_tensor(const Tensor& x, const at::Tensor& y);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:38: error: 'mixed_symint' mixes PyTorch's stable ABI (parameter 'x' has type 'const Tensor &') and the ATen API (parameter 'n' has type 'c10::SymInt') [MixedAbiSignature]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:38: note: hint: write the whole signature against one API; for the stable ABI, take 'int64_t' (schema 'int'): it has no SymInt
[[custom_op("es::mixed_symint")]]
Tensor mixed_symint(const Tensor& x, c10::SymInt n);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:40: error: 'mixed_arrayref' mixes PyTorch's stable ABI (parameter 'x' has type 'const Tensor &') and the ATen API (parameter 'sizes' has type 'c10::IntArrayRef') [MixedAbiSignature]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:40: note: hint: write the whole signature against one API; for the stable ABI, write 'torch::headeronly::HeaderOnlyArrayRef' or 'std::vector' for 'c10::ArrayRef'
[[custom_op("es::mixed_arrayref")]]
Tensor mixed_arrayref(const Tensor& x, c10::IntArrayRef sizes);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:38: error: 'mixed_scalar' mixes PyTorch's stable ABI (parameter 'x' has type 'const Tensor &') and the ATen API (parameter 'alpha' has type 'const c10::Scalar &') [MixedAbiSignature]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:38: note: hint: write the whole signature against one API; for the stable ABI, take 'double' or 'int64_t': it has no Scalar
[[custom_op("es::mixed_scalar")]]
Tensor mixed_scalar(const Tensor& x, const c10::Scalar& alpha);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:38: error: 'mixed_device' mixes PyTorch's stable ABI (parameter 'x' has type 'const Tensor &') and the ATen API (parameter 'device' has type 'c10::Device') [MixedAbiSignature]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:38: note: hint: write the whole signature against one API; for the stable ABI, write 'torch::stable::Device' for 'c10::Device'
[[custom_op("es::mixed_device")]]
Tensor mixed_device(const Tensor& x, c10::Device device);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:1: error: 'mixed_return' mixes PyTorch's stable ABI (parameter 'x' has type 'const Tensor &') and the ATen API (the return has type 'at::Tensor') [MixedAbiSignature]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:1: note: hint: write the whole signature against one API; for the stable ABI, write 'torch::stable::Tensor' for 'at::Tensor'
[[custom_op("es::mixed_return")]]
at::Tensor mixed_return(const Tensor& x);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:1: error: return type 'std::tuple<at::Tensor, Tensor>' has no schema equivalent [UnsupportedReturn]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:1: note: hint: return 'at::Tensor' or 'torch::stable::Tensor' throughout
[[custom_op("es::mixed_tuple")]]
std::tuple<at::Tensor, Tensor> mixed_tuple(const Tensor& x);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:1: error: return type 'Tensor &' has no schema equivalent [UnsupportedReturn]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:1: note: hint: return 'torch::stable::Tensor' by value; the stable ABI cannot return a reference
[[custom_op("es::ret_ref")]]
Tensor& ret_ref(Tensor& x);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:7: error: return type 'const Tensor &' has no schema equivalent [UnsupportedReturn]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:7: note: hint: return 'torch::stable::Tensor' by value; the stable ABI cannot return a reference
[[custom_op("es::ret_const_ref")]]
const Tensor& ret_const_ref(const Tensor& x);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:1: error: return type 'std::tuple<Tensor &, Tensor &>' has no schema equivalent [UnsupportedReturn]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:1: note: hint: return 'torch::stable::Tensor' by value; the stable ABI cannot return a reference
[[custom_op("es::ret_tuple_ref")]]
std::tuple<Tensor&, Tensor&> ret_tuple_ref(Tensor& x, Tensor& y);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:1: error: return type 'HeaderOnlyArrayRef<int64_t>' has no schema equivalent [UnsupportedReturn]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:1: note: hint: return a 'std::vector'; a returned 'HeaderOnlyArrayRef' may view memory that does not outlive the kernel
[[custom_op("es::ret_arrayref")]]
HeaderOnlyArrayRef<int64_t> ret_arrayref(const Tensor& x);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:1: error: return type 'std::string_view' has no schema equivalent [UnsupportedReturn]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:1: note: hint: return 'std::string' from a stable ABI kernel
[[custom_op("es::ret_view")]]
std::string_view ret_view(const Tensor& x);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:34: error: parameter 'mode' has type 'std::optional<std::string_view>', which has no schema equivalent [UnsupportedType]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:34: note: hint: write 'std::optional<std::string>' for an optional string of a stable ABI kernel
[[custom_op("es::opt_view")]]
Tensor opt_view(const Tensor& x, std::optional<std::string_view> mode);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:36: error: parameter 'flags' has type 'std::array<bool, 2>', which has no schema equivalent [UnsupportedType]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:36: note: hint: the stable ABI cannot carry 'std::array<bool, N>' (schema 'bool[N]'); take the flags as separate 'bool' parameters
[[custom_op("es::bool_array")]]
Tensor bool_array(const Tensor& x, std::array<bool, 2> flags);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:27: error: parameter 'xs' has type 'HeaderOnlyArrayRef<at::Tensor>', which has no schema equivalent [UnsupportedType]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:27: note: hint: a 'HeaderOnlyArrayRef' holds stable ABI values: 'torch::stable::Tensor', 'int64_t' or 'double'
[[custom_op("es::aten_in_headeronly")]]
Tensor aten_in_headeronly(HeaderOnlyArrayRef<at::Tensor> xs);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:27: error: parameter 'xs' has type 'c10::ArrayRef<Tensor>', which has no schema equivalent [UnsupportedType]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:27: note: hint: a list of 'torch::stable::Tensor' is 'torch::headeronly::HeaderOnlyArrayRef<torch::stable::Tensor>' or 'std::vector<torch::stable::Tensor>'
[[custom_op("es::stable_in_arrayref")]]
Tensor stable_in_arrayref(c10::ArrayRef<Tensor> xs);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:25: error: parameter 'xs' has type 'HeaderOnlyArrayRef<Tensor> &', which has no schema equivalent [UnsupportedType]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:25: note: hint: take 'HeaderOnlyArrayRef' by value or const reference
[[custom_op("es::mutable_arrayref")]]
Tensor mutable_arrayref(HeaderOnlyArrayRef<Tensor>& xs);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:35: error: parameter 'flags' has type 'HeaderOnlyArrayRef<bool>', which has no schema equivalent [UnsupportedType]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:35: note: hint: lists of this element type are not supported; see docs/types.md
[[custom_op("es::bool_list")]]
Tensor bool_list(const Tensor& x, HeaderOnlyArrayRef<bool> flags);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:15: error: parameter 'x' has type 'Tensor &&', which has no schema equivalent [UnsupportedType]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:15: note: hint: take it by value or by const reference
[[custom_op("es::rvalue")]]
Tensor rvalue(Tensor&& x);

// CHECK: err_types_stable.cpp:[[@LINE+3]]:37: error: parameter 'type' has type 'torch::headeronly::DeviceType', which has no schema equivalent [UnsupportedType]
// CHECK: err_types_stable.cpp:[[@LINE+2]]:37: note: hint: pass enums as 'int64_t' and convert inside the kernel
[[custom_op("es::device_type")]]
Tensor device_type(const Tensor& x, torch::headeronly::DeviceType type);

} // namespace es
