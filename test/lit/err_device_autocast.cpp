// Misuse of the device="compositeimplicit" and autocast="..." keys: a
// CompositeImplicitAutograd kernel must be its op's only registration (no
// other kernel, fake or backward); autocast names a floating dtype, agrees
// across the op's kernels, and needs a functional op with tensor inputs.
// RUN: rm -rf %t && opgen %inputs/good.cpp -o %t/out && cp -r %t/out %t/before
// RUN: not opgen %s -o %t/out 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: diff -r %t/before %t/out
// A fake for a CompositeImplicitAutograd op in the author's fake module:
// RUN: not opgen %s -o %t/out --fake-module %inputs/ck_fakes.py -- -DONLY_DECOMPOSES 2>&1 | FileCheck %s --check-prefix=MODULE --implicit-check-not=error:
// RUN: diff -r %t/before %t/out
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace ck {

#ifdef ONLY_DECOMPOSES
// MODULE: err_device_autocast.cpp:[[@LINE+2]]:12: error: 'ck::decomposes' has a CompositeImplicitAutograd kernel, so it cannot also have a fake registered in {{.*}}ck_fakes.py [CompositeImplicitNotAlone]
[[custom_op("ck::decomposes", device="compositeimplicit")]]
at::Tensor decomposes(const at::Tensor &x) { return x.add(x); }
#else

// A backward annotation takes no autocast: the backward op's follows from
// how autograd calls it.
// CHECK: err_device_autocast.cpp:[[@LINE+2]]:42: error: unknown key 'autocast' in 'custom_op_backward' annotation [BackwardKey]
[[custom_op("ck::fwd")]] at::Tensor fwd(const at::Tensor &x);
[[custom_op_backward("ck::fwd", autocast="float32")]]
at::Tensor fwd_grad(const at::Tensor &grad);

// CHECK: err_device_autocast.cpp:[[@LINE+1]]:39: error: autocast dtype 'int32' is not a floating dtype [AutocastBadDtype]
[[custom_op("ck::int_dtype", autocast="int32")]]
at::Tensor int_dtype(const at::Tensor &x);
// CHECK: note: hint: use one of: float32, float64, float16, bfloat16 (autocast="float32" runs the op in float32 under torch.autocast){{$}}

// CHECK: err_device_autocast.cpp:[[@LINE+2]]:51: error: autocast on 'ck::writes', which writes its argument 'out' [AutocastMutatingOp]
// CHECK: note: hint: the autocast kernel casts inputs to new tensors, so the kernel's writes would not reach the caller's tensor; drop autocast= and cast inside the kernel
[[custom_op("ck::writes", mutates="out", autocast="float32")]]
void writes(const at::Tensor &x, at::Tensor &out);

// CHECK: err_device_autocast.cpp:[[@LINE+2]]:39: error: autocast on 'ck::no_tensor', which takes no tensor argument [AutocastNoTensorInput]
// CHECK: note: hint: autocast casts tensor inputs; drop autocast= from this op
[[custom_op("ck::no_tensor", autocast="float32")]]
at::Tensor no_tensor(int64_t n);

// CHECK: err_device_autocast.cpp:[[@LINE+5]]:53: error: kernels of 'ck::disagree' disagree on autocast: "float64" here [AutocastConflict]
// CHECK: note: hint: autocast applies to the whole op: give the same value on every kernel that names it, or name it on one kernel only
// CHECK: err_device_autocast.cpp:[[@LINE+1]]:38: note: autocast="float32" is given here
[[custom_op("ck::disagree", autocast="float32")]]
at::Tensor disagree_cpu(const at::Tensor &x);
[[custom_op("ck::disagree", device="cuda", autocast="float64")]]
at::Tensor disagree_cuda(const at::Tensor &x);

// CHECK: err_device_autocast.cpp:[[@LINE+4]]:12: error: 'ck::implicit_and_backward' has a CompositeImplicitAutograd kernel, so it cannot also have a backward ({{\[\[}}custom_op_backward{{\]\]}}) [CompositeImplicitNotAlone]
[[custom_op("ck::implicit_and_backward", device="compositeimplicit")]]
at::Tensor implicit_and_backward(const at::Tensor &x) { return x.add(x); }
[[custom_op_backward("ck::implicit_and_backward")]]
at::Tensor implicit_and_backward_grad(const at::Tensor &grad);

// CHECK: err_device_autocast.cpp:[[@LINE+6]]:12: error: 'ck::implicit_and_cpu' has a CompositeImplicitAutograd kernel, so it cannot also have a CPU kernel [CompositeImplicitNotAlone]
// CHECK: note: hint: a device="compositeimplicit" kernel decomposes into other ops, which give it every device, its fake and its gradient; drop the other registration, or use device="default" (CompositeExplicitAutograd) to pair a kernel with device kernels and a backward
// CHECK: err_device_autocast.cpp:[[@LINE+2]]:12: note: the CompositeImplicitAutograd kernel is here
[[custom_op("ck::implicit_and_cpu", device="compositeimplicit")]]
at::Tensor implicit_and_cpu(const at::Tensor &x) { return x.add(x); }
[[custom_op("ck::implicit_and_cpu")]]
at::Tensor implicit_and_cpu_kernel(const at::Tensor &x);

// CHECK: err_device_autocast.cpp:[[@LINE+4]]:12: error: 'ck::implicit_and_fake' has a CompositeImplicitAutograd kernel, so it cannot also have a fake kernel ({{\[\[}}custom_op_fake{{\]\]}}) [CompositeImplicitNotAlone]
[[custom_op("ck::implicit_and_fake", device="compositeimplicit")]]
at::Tensor implicit_and_fake(const at::Tensor &x) { return x.add(x); }
[[custom_op_fake("ck::implicit_and_fake")]]
at::Tensor implicit_and_fake_meta(const at::Tensor &x);


#endif

} // namespace ck
