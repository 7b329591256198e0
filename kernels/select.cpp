// A data-dependent output size: positive_values(x) returns the elements of x
// that are > 0, in row-major order, as a 1-D tensor. Its fake (in
// mylib_fakes.py) cannot know the length and asks for a dynamic size.
#include <opgen/opgen.h>

#include <ATen/ATen.h>

namespace opgen_examples {

[[custom_op("mylib::positive_values", tags="data_dependent_output")]]
at::Tensor positive_values(const at::Tensor &x) {
  at::Tensor in = x.contiguous();
  at::Tensor out = at::empty({in.numel()}, in.options());
  int64_t count = 0;
  AT_DISPATCH_FLOATING_TYPES(in.scalar_type(), "mylib::positive_values", [&] {
    const scalar_t *src = in.const_data_ptr<scalar_t>();
    scalar_t *dst = out.mutable_data_ptr<scalar_t>();
    for (int64_t i = 0; i < in.numel(); ++i)
      if (src[i] > scalar_t(0))
        dst[count++] = src[i];
  });
  return out.narrow(0, 0, count).clone();
}

} // namespace opgen_examples
