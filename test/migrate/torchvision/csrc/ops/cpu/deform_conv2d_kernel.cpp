// torchvision's ops/cpu/deform_conv2d_kernel.cpp, simplified: deformable
// convolution, each kernel tap sampling the input bilinearly at its
// position plus a learned offset (0 outside the image), times the mask when
// use_mask, then a grouped convolution of those samples. The kernel takes
// its groups as n_weight_grps and n_offset_grps, the schema calls them
// groups and offset_groups. Registered where defined. (torchvision's
// backward op is left out of this test library.)
#include <ATen/ATen.h>
#include <torch/library.h>

namespace vision {
namespace ops {

namespace {

at::Tensor deform_conv2d_forward_kernel(
    const at::Tensor& input, const at::Tensor& weight,
    const at::Tensor& offset, const at::Tensor& mask, const at::Tensor& bias,
    int64_t stride_h, int64_t stride_w, int64_t pad_h, int64_t pad_w,
    int64_t dilation_h, int64_t dilation_w, int64_t n_weight_grps,
    int64_t n_offset_grps, bool use_mask) {
  TORCH_CHECK(input.dim() == 4 && weight.dim() == 4, "deform_conv2d: 4-D input and weight");
  const int64_t n = input.size(0), channels = input.size(1);
  const int64_t height = input.size(2), width = input.size(3);
  const int64_t out_channels = weight.size(0);
  const int64_t kh = weight.size(2), kw = weight.size(3), taps = kh * kw;
  TORCH_CHECK(height > 1 && width > 1, "deform_conv2d: input planes must be at least 2 x 2");
  TORCH_CHECK(channels % n_offset_grps == 0 && channels % n_weight_grps == 0 &&
                  out_channels % n_weight_grps == 0,
              "deform_conv2d: groups must divide the channels");
  TORCH_CHECK(weight.size(1) * n_weight_grps == channels,
              "deform_conv2d: weight's input channels times groups must be the input's channels");
  const int64_t out_h = (height + 2 * pad_h - (dilation_h * (kh - 1) + 1)) / stride_h + 1;
  const int64_t out_w = (width + 2 * pad_w - (dilation_w * (kw - 1) + 1)) / stride_w + 1;
  TORCH_CHECK(offset.size(1) == 2 * n_offset_grps * taps, "deform_conv2d: offset channels");
  at::TensorOptions opts = input.options();
  at::Tensor base_y = (at::arange(out_h, opts) * double(stride_h) - double(pad_h)).view({1, out_h, 1});
  at::Tensor base_x = (at::arange(out_w, opts) * double(stride_w) - double(pad_w)).view({1, 1, out_w});
  const int64_t per_offset_grp = channels / n_offset_grps;
  // columns[b, c, tap, oh, ow]: the sample of channel c for that tap.
  at::Tensor columns = at::zeros({n, channels, taps, out_h, out_w}, opts);
  for (int64_t og = 0; og < n_offset_grps; ++og) {
    at::Tensor in = input.narrow(1, og * per_offset_grp, per_offset_grp);
    for (int64_t t = 0; t < taps; ++t) {
      const int64_t i = t / kw, j = t % kw;
      at::Tensor y = base_y + double(i * dilation_h) + offset.select(1, 2 * (og * taps + t));
      at::Tensor x = base_x + double(j * dilation_w) + offset.select(1, 2 * (og * taps + t) + 1);
      at::Tensor grid = at::stack({x * (2.0 / double(width - 1)) - 1.0,
                                   y * (2.0 / double(height - 1)) - 1.0}, -1);
      at::Tensor sampled = at::grid_sampler(in, grid, /*bilinear*/ 0, /*zeros*/ 0,
                                            /*align_corners=*/true);
      if (use_mask)
        sampled = sampled * mask.select(1, og * taps + t).unsqueeze(1);
      columns.narrow(1, og * per_offset_grp, per_offset_grp).select(2, t).copy_(sampled);
    }
  }
  const int64_t in_per_grp = channels / n_weight_grps;
  const int64_t out_per_grp = out_channels / n_weight_grps;
  std::vector<at::Tensor> outs;
  for (int64_t g = 0; g < n_weight_grps; ++g) {
    at::Tensor cols = columns.narrow(1, g * in_per_grp, in_per_grp)
                          .reshape({n, in_per_grp * taps, out_h * out_w});
    at::Tensor w = weight.narrow(0, g * out_per_grp, out_per_grp)
                       .reshape({out_per_grp, in_per_grp * taps});
    outs.push_back(at::matmul(w, cols));
  }
  at::Tensor out = at::cat(outs, 1).view({n, out_channels, out_h, out_w});
  return out + bias.view({1, out_channels, 1, 1});
}

} // namespace

TORCH_LIBRARY_IMPL(torchvision, CPU, m) {
  m.impl(TORCH_SELECTIVE_NAME("torchvision::deform_conv2d"),
         TORCH_FN(deform_conv2d_forward_kernel));
}

} // namespace ops
} // namespace vision
