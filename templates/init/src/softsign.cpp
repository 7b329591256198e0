// softsign(x, scale) = scale * x / (1 + |x|), elementwise, with its backward.
//
// opgen reads the annotations: [[custom_op]] registers the function as the
// op ${namespace}::softsign (its schema comes from the C++ signature) with a
// CPU kernel (its CUDA kernel is in softsign_cuda.cu), [[custom_op_fake]] is its fake (shapes only, for
// torch.compile and torch.export), and [[custom_op_backward]] gives it
// autograd.
#include <opgen/opgen.h>

#include <ATen/ATen.h>

namespace ${namespace} {

[[custom_op("${namespace}::softsign", tags="pt2_compliant_tag")]]
at::Tensor softsign(const at::Tensor& x, double scale) {
  // A hand-written loop over the contiguous input, as a real kernel would be.
  at::Tensor in = x.contiguous();
  at::Tensor out = at::empty_like(in);
  AT_DISPATCH_FLOATING_TYPES(in.scalar_type(), "${namespace}::softsign", [&] {
    const scalar_t* src = in.data_ptr<scalar_t>();
    scalar_t* dst = out.data_ptr<scalar_t>();
    for (int64_t i = 0; i < in.numel(); ++i)
      dst[i] = static_cast<scalar_t>(scale * src[i] / (1 + std::abs(src[i])));
  });
  return out;
}

[[custom_op_fake("${namespace}::softsign")]]
at::Tensor softsign_fake(const at::Tensor& x, double scale) {
  return at::empty_like(x, at::MemoryFormat::Contiguous);
}

// d/dx softsign = scale / (1 + |x|)^2. Written with ATen ops, so it runs on
// every device (device="default": one kernel for CPU, CUDA and the rest,
// CompositeExplicitAutograd) and on fake tensors.
[[custom_op_backward("${namespace}::softsign", device="default")]]
at::Tensor softsign_backward(const at::Tensor& grad, const at::Tensor& x, double scale) {
  at::Tensor d = 1 + x.abs();
  return grad * scale / (d * d);
}

} // namespace ${namespace}
