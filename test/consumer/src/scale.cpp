// A consumer's kernel: y = alpha * x + beta, elementwise, float dtypes.
#include <opgen/opgen.h>

#include <ATen/ATen.h>

namespace consumer {

[[custom_op("consumer::scale", tags="pt2_compliant_tag")]]
at::Tensor scale(const at::Tensor& x, double alpha, double beta = 0.5) {
  at::Tensor out = at::empty_like(x, x.options().memory_format(at::MemoryFormat::Contiguous));
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "consumer::scale", [&] {
    at::Tensor in = x.contiguous();
    const scalar_t* src = in.data_ptr<scalar_t>();
    scalar_t* dst = out.data_ptr<scalar_t>();
    for (int64_t i = 0; i < in.numel(); ++i)
      dst[i] = static_cast<scalar_t>(alpha * src[i] + beta);
  });
  return out;
}

} // namespace consumer
