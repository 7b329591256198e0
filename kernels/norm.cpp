// An op with no author samples: rms_norm(x, weight) normalises the last
// dimension of x by its root mean square and scales it by weight. Its
// TORCH_CHECKs say how the shapes relate (weight is 1-D with x.size(-1)
// elements), and the generated tests derive samples that satisfy them
// (docs/cli.md#derived-samples): x 3 x 4, weight 4.
#include <opgen/opgen.h>

#include <ATen/ATen.h>

#include <cmath>

namespace opgen_examples {

[[custom_op("mylib::rms_norm")]]
at::Tensor rms_norm(const at::Tensor &x, const at::Tensor &weight,
                    double eps = 1e-6) {
  TORCH_CHECK(x.dim() >= 1, "rms_norm: x must have at least one dimension");
  TORCH_CHECK(weight.dim() == 1 && weight.size(0) == x.size(-1),
              "rms_norm: weight must be 1-D with x.size(-1) = ", x.size(-1),
              " elements, got shape ", weight.sizes());
  TORCH_CHECK(weight.scalar_type() == x.scalar_type(),
              "rms_norm: weight has dtype ", weight.scalar_type(),
              " but x has dtype ", x.scalar_type());
  TORCH_CHECK(at::isFloatingType(x.scalar_type()),
              "rms_norm: expected a floating point x, got ", x.scalar_type());
  at::Tensor in = x.contiguous();
  at::Tensor w = weight.contiguous();
  at::Tensor out = at::empty(x.sizes(), x.options());
  const int64_t hidden = x.size(-1);
  const int64_t rows = hidden == 0 ? 0 : in.numel() / hidden;
  AT_DISPATCH_FLOATING_TYPES(in.scalar_type(), "mylib::rms_norm", [&] {
    const scalar_t *src = in.const_data_ptr<scalar_t>();
    const scalar_t *scale = w.const_data_ptr<scalar_t>();
    scalar_t *dst = out.mutable_data_ptr<scalar_t>();
    for (int64_t r = 0; r < rows; ++r) {
      double sum = 0;
      for (int64_t i = 0; i < hidden; ++i)
        sum += double(src[r * hidden + i]) * double(src[r * hidden + i]);
      const double inv = 1.0 / std::sqrt(sum / double(hidden) + eps);
      for (int64_t i = 0; i < hidden; ++i)
        dst[r * hidden + i] = scalar_t(double(src[r * hidden + i]) * inv *
                                       double(scale[i]));
    }
  });
  return out;
}

} // namespace opgen_examples
