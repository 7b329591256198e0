// torchvision's ops/cpu/nms_kernel.cpp: the CPU kernel of nms (the
// algorithm of test/vision/nms.cpp: boxes by decreasing score, each
// suppressing the later ones it overlaps by more than iou_threshold),
// registered where it is defined.
#include <ATen/ATen.h>
#include <torch/library.h>

#include <algorithm>
#include <numeric>
#include <vector>

namespace vision {
namespace ops {

namespace {

at::Tensor nms_kernel(const at::Tensor& dets, const at::Tensor& scores,
                      double iou_threshold) {
  TORCH_CHECK(dets.dim() == 2 && dets.size(1) == 4,
              "nms: dets must be N x 4, got ", dets.sizes());
  TORCH_CHECK(scores.dim() == 1 && scores.size(0) == dets.size(0),
              "nms: scores must have one entry per box");
  TORCH_CHECK(at::isFloatingType(dets.scalar_type()),
              "nms: expected floating point boxes, got ", dets.scalar_type());
  at::Tensor boxes = dets.to(at::kDouble).contiguous();
  at::Tensor s = scores.to(at::kDouble).contiguous();
  const int64_t n = boxes.size(0);
  const double *b = boxes.const_data_ptr<double>();
  const double *sc = s.const_data_ptr<double>();
  std::vector<int64_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int64_t i, int64_t j) { return sc[i] > sc[j]; });
  std::vector<char> removed(n, 0);
  std::vector<int64_t> keep;
  auto area = [&](int64_t i) {
    return std::max(0.0, b[i * 4 + 2] - b[i * 4]) *
           std::max(0.0, b[i * 4 + 3] - b[i * 4 + 1]);
  };
  for (int64_t oi = 0; oi < n; ++oi) {
    const int64_t i = order[oi];
    if (removed[i])
      continue;
    keep.push_back(i);
    for (int64_t oj = oi + 1; oj < n; ++oj) {
      const int64_t j = order[oj];
      const double w = std::max(0.0, std::min(b[i * 4 + 2], b[j * 4 + 2]) -
                                         std::max(b[i * 4], b[j * 4]));
      const double h = std::max(0.0, std::min(b[i * 4 + 3], b[j * 4 + 3]) -
                                         std::max(b[i * 4 + 1], b[j * 4 + 1]));
      const double inter = w * h;
      const double uni = area(i) + area(j) - inter;
      if (uni > 0 && inter / uni > iou_threshold)
        removed[j] = 1;
    }
  }
  at::Tensor out = at::empty({int64_t(keep.size())}, dets.options().dtype(at::kLong));
  std::copy(keep.begin(), keep.end(), out.mutable_data_ptr<int64_t>());
  return out;
}

} // namespace

TORCH_LIBRARY_IMPL(torchvision, CPU, m) {
  m.impl(TORCH_SELECTIVE_NAME("torchvision::nms"), TORCH_FN(nms_kernel));
}

} // namespace ops
} // namespace vision
