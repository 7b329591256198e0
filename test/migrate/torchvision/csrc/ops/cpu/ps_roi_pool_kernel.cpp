// torchvision's ops/cpu/ps_roi_pool_kernel.cpp: position-sensitive RoI
// pooling on CPU. input has channels * pooled_height * pooled_width
// channels; output channel c's bin (ph, pw) of box k is the mean of input
// channel (c * pooled_height + ph) * pooled_width + pw over the bin (0 for
// an empty bin), and channel_mapping records that channel. The backward
// spreads each gradient evenly over its bin. Registered where defined.
#include <ATen/ATen.h>
#include <torch/library.h>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace vision {
namespace ops {

namespace {

/// Calls visit(k, batch, c, ph, pw, c_in, hstart, hend, wstart, wend) for
/// every bin of every box.
template <typename Visit>
void forEachBin(const at::Tensor& rois, double spatial_scale,
                int64_t channels_out, int64_t pooled_height,
                int64_t pooled_width, int64_t height, int64_t width,
                Visit visit) {
  at::Tensor boxes = rois.to(at::kDouble).contiguous();
  const double* r = boxes.const_data_ptr<double>();
  for (int64_t k = 0; k < boxes.size(0); ++k) {
    const int64_t batch = int64_t(r[k * 5]);
    const int64_t start_w = std::lround(r[k * 5 + 1] * spatial_scale);
    const int64_t start_h = std::lround(r[k * 5 + 2] * spatial_scale);
    const int64_t end_w = std::lround(r[k * 5 + 3] * spatial_scale);
    const int64_t end_h = std::lround(r[k * 5 + 4] * spatial_scale);
    const double bin_h = double(std::max<int64_t>(end_h - start_h, 1)) / double(pooled_height);
    const double bin_w = double(std::max<int64_t>(end_w - start_w, 1)) / double(pooled_width);
    for (int64_t c = 0; c < channels_out; ++c)
      for (int64_t ph = 0; ph < pooled_height; ++ph)
        for (int64_t pw = 0; pw < pooled_width; ++pw) {
          const int64_t hstart = std::clamp<int64_t>(
              int64_t(std::floor(double(ph) * bin_h)) + start_h, 0, height);
          const int64_t hend = std::clamp<int64_t>(
              int64_t(std::ceil(double(ph + 1) * bin_h)) + start_h, 0, height);
          const int64_t wstart = std::clamp<int64_t>(
              int64_t(std::floor(double(pw) * bin_w)) + start_w, 0, width);
          const int64_t wend = std::clamp<int64_t>(
              int64_t(std::ceil(double(pw + 1) * bin_w)) + start_w, 0, width);
          const int64_t c_in = (c * pooled_height + ph) * pooled_width + pw;
          visit(k, batch, c, ph, pw, c_in, hstart, hend, wstart, wend);
        }
  }
}

std::tuple<at::Tensor, at::Tensor> ps_roi_pool_forward_kernel(
    const at::Tensor& input, const at::Tensor& rois, double spatial_scale,
    int64_t pooled_height, int64_t pooled_width) {
  TORCH_CHECK(input.dim() == 4, "ps_roi_pool: input must be N x C x H x W");
  TORCH_CHECK(rois.dim() == 2 && rois.size(1) == 5, "ps_roi_pool: rois must be K x 5");
  TORCH_CHECK(input.size(1) % (pooled_height * pooled_width) == 0,
              "ps_roi_pool: input channels must be a multiple of pooled_height * pooled_width");
  const int64_t channels_out = input.size(1) / (pooled_height * pooled_width);
  const int64_t height = input.size(2), width = input.size(3);
  at::Tensor output = at::zeros({rois.size(0), channels_out, pooled_height, pooled_width},
                                input.options());
  at::Tensor channel_mapping = at::zeros(output.sizes(), input.options().dtype(at::kInt));
  if (output.numel() == 0)
    return {output, channel_mapping};
  at::Tensor in = input.to(at::kDouble).contiguous();
  at::Tensor out = output.to(at::kDouble);
  const double* src = in.const_data_ptr<double>();
  double* dst = out.mutable_data_ptr<double>();
  int32_t* map = channel_mapping.mutable_data_ptr<int32_t>();
  forEachBin(rois, spatial_scale, channels_out, pooled_height, pooled_width, height, width,
             [&](int64_t k, int64_t batch, int64_t c, int64_t ph, int64_t pw, int64_t c_in,
                 int64_t hs, int64_t he, int64_t ws, int64_t we) {
               const int64_t index = ((k * channels_out + c) * pooled_height + ph) * pooled_width + pw;
               const double* plane = src + (batch * input.size(1) + c_in) * height * width;
               double sum = 0;
               for (int64_t h = hs; h < he; ++h)
                 for (int64_t w = ws; w < we; ++w)
                   sum += plane[h * width + w];
               const int64_t area = (he - hs) * (we - ws);
               dst[index] = area > 0 ? sum / double(area) : 0;
               map[index] = int32_t(c_in);
             });
  output.copy_(out);
  return {output, channel_mapping};
}

at::Tensor ps_roi_pool_backward_kernel(
    const at::Tensor& grad, const at::Tensor& rois,
    const at::Tensor& channel_mapping, double spatial_scale,
    int64_t pooled_height, int64_t pooled_width, int64_t batch_size,
    int64_t channels, int64_t height, int64_t width) {
  at::Tensor grad_input = at::zeros({batch_size, channels, height, width}, grad.options());
  if (grad.numel() == 0)
    return grad_input;
  const int64_t channels_out = channels / (pooled_height * pooled_width);
  at::Tensor g = grad.to(at::kDouble).contiguous();
  at::Tensor gi = grad_input.to(at::kDouble);
  at::Tensor map = channel_mapping.to(at::kLong).contiguous();
  const double* src = g.const_data_ptr<double>();
  const int64_t* m = map.const_data_ptr<int64_t>();
  double* dst = gi.mutable_data_ptr<double>();
  forEachBin(rois, spatial_scale, channels_out, pooled_height, pooled_width, height, width,
             [&](int64_t k, int64_t batch, int64_t c, int64_t ph, int64_t pw, int64_t,
                 int64_t hs, int64_t he, int64_t ws, int64_t we) {
               const int64_t index = ((k * channels_out + c) * pooled_height + ph) * pooled_width + pw;
               const int64_t area = (he - hs) * (we - ws);
               if (area <= 0)
                 return;
               double* plane = dst + (batch * channels + m[index]) * height * width;
               for (int64_t h = hs; h < he; ++h)
                 for (int64_t w = ws; w < we; ++w)
                   plane[h * width + w] += src[index] / double(area);
             });
  grad_input.copy_(gi);
  return grad_input;
}

} // namespace

TORCH_LIBRARY_IMPL(torchvision, CPU, m) {
  m.impl(TORCH_SELECTIVE_NAME("torchvision::ps_roi_pool"),
         TORCH_FN(ps_roi_pool_forward_kernel));
  m.impl(TORCH_SELECTIVE_NAME("torchvision::_ps_roi_pool_backward"),
         TORCH_FN(ps_roi_pool_backward_kernel));
}

} // namespace ops
} // namespace vision
