// scale_shift(x, alpha, beta) = alpha * x + beta, elementwise, with a fake
// and a backward.
#include <opgen/opgen.h>

#include <ATen/ATen.h>

namespace wheel_example {

[[custom_op("wheel_example::scale_shift", tags="pt2_compliant_tag")]]
at::Tensor scale_shift(const at::Tensor& x, double alpha, double beta = 0.0) {
  at::Tensor in = x.contiguous();
  at::Tensor out = at::empty_like(in);
  AT_DISPATCH_FLOATING_TYPES(in.scalar_type(), "wheel_example::scale_shift", [&] {
    const scalar_t* src = in.data_ptr<scalar_t>();
    scalar_t* dst = out.data_ptr<scalar_t>();
    for (int64_t i = 0; i < in.numel(); ++i)
      dst[i] = static_cast<scalar_t>(alpha * src[i] + beta);
  });
  return out;
}

[[custom_op_fake("wheel_example::scale_shift")]]
at::Tensor scale_shift_fake(const at::Tensor& x, double alpha, double beta) {
  return at::empty_like(x, at::MemoryFormat::Contiguous);
}

[[custom_op_backward("wheel_example::scale_shift")]]
at::Tensor scale_shift_backward(const at::Tensor& grad, double alpha) {
  return grad * alpha;
}

} // namespace wheel_example
