// torchvision's ops/cpu/roi_align_kernel.cpp: the CPU kernels of
// roi_align and _roi_align_backward (the algorithm of test/vision/roi_align.cpp,
// bilinear samples averaged per bin, in double), registered where they are
// defined with TORCH_SELECTIVE_NAME and TORCH_FN. They take int64_t where the
// schema says SymInt.
#include <ATen/ATen.h>
#include <torch/library.h>

#include <algorithm>
#include <cmath>

namespace vision {
namespace ops {

namespace {

/// One bilinear sample at (y, x) of a height x width plane: the four
/// neighbours' offsets and weights; no neighbour when (y, x) is outside.
struct Sample {
  int64_t offset[4] = {0, 0, 0, 0};
  double weight[4] = {0, 0, 0, 0};
};

Sample bilinear(double y, double x, int64_t height, int64_t width) {
  Sample s;
  if (y < -1.0 || y > double(height) || x < -1.0 || x > double(width))
    return s;
  y = std::max(y, 0.0);
  x = std::max(x, 0.0);
  int64_t y0 = int64_t(y), x0 = int64_t(x);
  int64_t y1 = y0 + 1, x1 = x0 + 1;
  if (y0 >= height - 1) {
    y0 = y1 = height - 1;
    y = double(y0);
  }
  if (x0 >= width - 1) {
    x0 = x1 = width - 1;
    x = double(x0);
  }
  const double ly = y - double(y0), lx = x - double(x0);
  const double hy = 1.0 - ly, hx = 1.0 - lx;
  s.offset[0] = y0 * width + x0;
  s.offset[1] = y0 * width + x1;
  s.offset[2] = y1 * width + x0;
  s.offset[3] = y1 * width + x1;
  s.weight[0] = hy * hx;
  s.weight[1] = hy * lx;
  s.weight[2] = ly * hx;
  s.weight[3] = ly * lx;
  return s;
}

/// Calls visit(k, batch, bin, sample, count) for every sample of every bin
/// of every box, bins numbered ph * pooled_width + pw.
template <typename Visit>
void forEachSample(const at::Tensor &rois, double spatial_scale,
                   int64_t pooled_height, int64_t pooled_width,
                   int64_t sampling_ratio, bool aligned, int64_t height,
                   int64_t width, Visit visit) {
  at::Tensor boxes = rois.to(at::kDouble).contiguous();
  const double *r = boxes.const_data_ptr<double>();
  const double offset = aligned ? 0.5 : 0.0;
  for (int64_t k = 0; k < boxes.size(0); ++k) {
    const int64_t batch = int64_t(r[k * 5]);
    const double x1 = r[k * 5 + 1] * spatial_scale - offset;
    const double y1 = r[k * 5 + 2] * spatial_scale - offset;
    double box_w = r[k * 5 + 3] * spatial_scale - offset - x1;
    double box_h = r[k * 5 + 4] * spatial_scale - offset - y1;
    if (!aligned) {
      box_w = std::max(box_w, 1.0);
      box_h = std::max(box_h, 1.0);
    }
    const double bin_h = box_h / double(pooled_height);
    const double bin_w = box_w / double(pooled_width);
    const int64_t grid_h = sampling_ratio > 0 ? sampling_ratio : 2;
    const int64_t grid_w = sampling_ratio > 0 ? sampling_ratio : 2;
    const double count = double(grid_h * grid_w);
    for (int64_t ph = 0; ph < pooled_height; ++ph)
      for (int64_t pw = 0; pw < pooled_width; ++pw)
        for (int64_t iy = 0; iy < grid_h; ++iy)
          for (int64_t ix = 0; ix < grid_w; ++ix) {
            const double y = y1 + (double(ph) + (double(iy) + 0.5) / double(grid_h)) * bin_h;
            const double x = x1 + (double(pw) + (double(ix) + 0.5) / double(grid_w)) * bin_w;
            visit(k, batch, ph * pooled_width + pw,
                  bilinear(y, x, height, width), count);
          }
  }
}

} // namespace

namespace {

at::Tensor roi_align_forward_kernel(const at::Tensor& input,
                                    const at::Tensor& rois,
                                    double spatial_scale,
                                    int64_t pooled_height,
                                    int64_t pooled_width,
                                    int64_t sampling_ratio, bool aligned) {
  TORCH_CHECK(input.dim() == 4, "roi_align: input must be N x C x H x W");
  TORCH_CHECK(rois.dim() == 2 && rois.size(1) == 5,
              "roi_align: rois must be K x 5");
  TORCH_CHECK(input.scalar_type() == rois.scalar_type(),
              "roi_align: input and rois must have the same dtype");
  const int64_t channels = input.size(1);
  const int64_t height = input.size(2), width = input.size(3);
  at::Tensor output = at::zeros(
      {rois.size(0), channels, pooled_height, pooled_width}, input.options());
  if (output.numel() == 0)
    return output;
  at::Tensor in = input.contiguous();
  AT_DISPATCH_FLOATING_TYPES(input.scalar_type(), "roi_align", [&] {
    const scalar_t *src = in.const_data_ptr<scalar_t>();
    scalar_t *dst = output.mutable_data_ptr<scalar_t>();
    const int64_t bins = pooled_height * pooled_width;
    forEachSample(rois, spatial_scale, pooled_height, pooled_width,
                  sampling_ratio, aligned, height, width,
                  [&](int64_t k, int64_t batch, int64_t bin, const Sample &s,
                      double count) {
                    for (int64_t c = 0; c < channels; ++c) {
                      const scalar_t *plane =
                          src + (batch * channels + c) * height * width;
                      double v = 0;
                      for (int i = 0; i < 4; ++i)
                        v += s.weight[i] * double(plane[s.offset[i]]);
                      dst[(k * channels + c) * bins + bin] += scalar_t(v / count);
                    }
                  });
  });
  return output;
}

at::Tensor roi_align_backward_kernel(
    const at::Tensor& grad, const at::Tensor& rois, double spatial_scale,
    int64_t pooled_height, int64_t pooled_width, int64_t batch_size,
    int64_t channels, int64_t height, int64_t width, int64_t sampling_ratio,
    bool aligned) {
  TORCH_CHECK(grad.dim() == 4 && grad.size(1) == channels,
              "_roi_align_backward: grad must be K x C x PH x PW");
  at::Tensor grad_input =
      at::zeros({batch_size, channels, height, width}, grad.options());
  if (grad.numel() == 0)
    return grad_input;
  at::Tensor g = grad.contiguous();
  AT_DISPATCH_FLOATING_TYPES(grad.scalar_type(), "_roi_align_backward", [&] {
    const scalar_t *src = g.const_data_ptr<scalar_t>();
    scalar_t *dst = grad_input.mutable_data_ptr<scalar_t>();
    const int64_t bins = pooled_height * pooled_width;
    forEachSample(rois, spatial_scale, pooled_height, pooled_width,
                  sampling_ratio, aligned, height, width,
                  [&](int64_t k, int64_t batch, int64_t bin, const Sample &s,
                      double count) {
                    for (int64_t c = 0; c < channels; ++c) {
                      const double gv =
                          double(src[(k * channels + c) * bins + bin]) / count;
                      scalar_t *plane =
                          dst + (batch * channels + c) * height * width;
                      for (int i = 0; i < 4; ++i)
                        plane[s.offset[i]] += scalar_t(gv * s.weight[i]);
                    }
                  });
  });
  return grad_input;
}

} // namespace

TORCH_LIBRARY_IMPL(torchvision, CPU, m) {
  m.impl(TORCH_SELECTIVE_NAME("torchvision::roi_align"),
         TORCH_FN(roi_align_forward_kernel));
  m.impl(TORCH_SELECTIVE_NAME("torchvision::_roi_align_backward"),
         TORCH_FN(roi_align_backward_kernel));
}

} // namespace ops
} // namespace vision
