// Misuse of args="schema=cpp" and autocast_devices="...": an item without
// '=', an unknown or twice-named parameter, a schema name that is no
// identifier or is another parameter's name; autocast_devices without
// autocast, a device without autocast, named twice or none, and kernels
// that disagree on the devices. Nothing is written.
// RUN: rm -rf %t && opgen %inputs/good.cpp -o %t/out && cp -r %t/out %t/before
// RUN: not opgen %s -o %t/out 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: diff -r %t/before %t/out
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace ea {

// CHECK: err_args_autocast_devices.cpp:[[@LINE+1]]:34: error: 'args' item 'groups' is not 'schema_name=cpp_parameter' [ArgsBadItem]
[[custom_op("ea::bad_item", args="groups")]]
at::Tensor bad_item(const at::Tensor &x, int64_t n_groups);

// CHECK: err_args_autocast_devices.cpp:[[@LINE+2]]:33: error: 'args' names 'n_grps', which is not a parameter of 'unknown' [ArgsUnknownParam]
// CHECK: hint: did you mean 'n_groups'? the C++ parameters are: x, n_groups
[[custom_op("ea::unknown", args="groups=n_grps")]]
at::Tensor unknown(const at::Tensor &x, int64_t n_groups);

// CHECK: err_args_autocast_devices.cpp:[[@LINE+1]]:35: error: 'args' names parameter 'n' twice [ArgsDuplicate]
[[custom_op("ea::duplicate", args="groups=n, count=n")]]
at::Tensor duplicate(const at::Tensor &x, int64_t n);

// CHECK: err_args_autocast_devices.cpp:[[@LINE+1]]:33: error: 'args' gives 'source' the schema name 'in', which is not a valid argument name [ArgsInvalidName]
[[custom_op("ea::invalid", args="in=source")]]
at::Tensor invalid(const at::Tensor &source);

// CHECK: err_args_autocast_devices.cpp:[[@LINE+1]]:31: error: 'args' gives 'n_groups' the schema name 'x', which is also the name of parameter 'x' [ArgsClash]
[[custom_op("ea::clash", args="x=n_groups")]]
at::Tensor clash(const at::Tensor &x, int64_t n_groups);

// A swap would leave every other key ambiguous.
// CHECK: err_args_autocast_devices.cpp:[[@LINE+2]]:30: error: 'args' gives 'a' the schema name 'b', which is also the name of parameter 'b' [ArgsClash]
// CHECK: err_args_autocast_devices.cpp:[[@LINE+1]]:30: error: 'args' gives 'b' the schema name 'a', which is also the name of parameter 'a' [ArgsClash]
[[custom_op("ea::swap", args="b=a, a=b")]]
at::Tensor swap(const at::Tensor &a, const at::Tensor &b);

// CHECK: err_args_autocast_devices.cpp:[[@LINE+1]]:30: error: 'args' gives 'm' the schema name 'groups', which is also the name of parameter 'n' [ArgsClash]
[[custom_op("ea::same", args="groups=n, groups=m")]]
at::Tensor same(const at::Tensor &x, int64_t n, int64_t m);

// Later keys name the schema's argument.
// CHECK: err_args_autocast_devices.cpp:[[@LINE+2]]:50: error: 'symint' names 'n', which is not a parameter of 'later' [SymintUnknownParam]
// CHECK: hint: parameters are: x, groups
[[custom_op("ea::later", args="groups=n", symint="n")]]
at::Tensor later(const at::Tensor &x, int64_t n);

// CHECK: err_args_autocast_devices.cpp:[[@LINE+1]]:49: error: 'autocast_devices' without 'autocast' [AutocastDevicesWithoutAutocast]
[[custom_op("ea::no_autocast", autocast_devices="cuda,xpu")]]
at::Tensor no_autocast(const at::Tensor &x);

// CHECK: err_args_autocast_devices.cpp:[[@LINE+2]]:62: error: 'autocast_devices' names 'meta', which has no autocast [AutocastUnknownDevice]
// CHECK: hint: use some of: cpu, cuda, xpu, mps, privateuse1
[[custom_op("ea::meta", autocast="float32", autocast_devices="cuda,meta")]]
at::Tensor meta(const at::Tensor &x);

// CHECK: err_args_autocast_devices.cpp:[[@LINE+1]]:63: error: 'autocast_devices' names 'cuda' twice [AutocastDevicesDuplicate]
[[custom_op("ea::twice", autocast="float32", autocast_devices="cuda,xpu,cuda")]]
at::Tensor twice(const at::Tensor &x);

// CHECK: err_args_autocast_devices.cpp:[[@LINE+1]]:63: error: 'autocast_devices' names no device [AutocastDevicesEmpty]
[[custom_op("ea::empty", autocast="float32", autocast_devices="")]]
at::Tensor empty(const at::Tensor &x);

// CHECK: err_args_autocast_devices.cpp:[[@LINE+5]]:51: error: kernels of 'ea::differ' disagree on the autocast devices: cuda, xpu here [AutocastDevicesConflict]
// CHECK: err_args_autocast_devices.cpp:[[@LINE+1]]:36: note: autocast on cpu, cuda is given here
[[custom_op("ea::differ", autocast="float32")]]
at::Tensor differ(const at::Tensor &x);

[[custom_op("ea::differ", device="cuda", autocast="float32", autocast_devices="cuda,xpu")]]
at::Tensor differ_cuda(const at::Tensor &x);

} // namespace ea
