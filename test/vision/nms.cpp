// Non-maximum suppression written the way torchvision writes it: a CPU
// kernel for float boxes and a QuantizedCPU kernel for quantized ones (it
// dequantizes and runs the float kernel). The output's length depends on
// the data, so the fake is in Python (vision_fakes.py) and asks for a
// dynamic size.
//
// nms(dets, scores, iou_threshold): dets is N x 4 (x1, y1, x2, y2), scores
// N; returns the indices (int64) of the boxes kept, by decreasing score.
#include <opgen/opgen.h>

#include <ATen/ATen.h>

#include <algorithm>
#include <numeric>
#include <optional>
#include <tuple>
#include <vector>

namespace vision_example {

[[custom_op("vision::nms", tags="data_dependent_output")]]
at::Tensor nms(const at::Tensor &dets, const at::Tensor &scores,
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

// Quantized boxes and scores (QuantizedCPU): dequantize and suppress as for
// float ones; one op with two kernels.
[[custom_op("vision::nms", device="quantizedcpu")]]
at::Tensor qnms(const at::Tensor &dets, const at::Tensor &scores,
                double iou_threshold) {
  return nms(dets.dequantize(), scores.dequantize(), iou_threshold);
}

} // namespace vision_example

namespace vision_example {

// Boxes moved by an optional offset, with a backward written the way real
// libraries write them: it returns the offset's gradient whether or not an
// offset was given. For an absent offset opgen drops that gradient (autograd
// rejects a gradient for an input that was not a tensor).
[[custom_op("vision::shift_boxes")]]
at::Tensor shift_boxes(const at::Tensor &boxes,
                       const std::optional<at::Tensor> &offset) {
  return offset.has_value() ? boxes + *offset : boxes.clone();
}

[[custom_op_backward("vision::shift_boxes", device="default")]]
std::tuple<at::Tensor, at::Tensor>
shift_boxes_backward(const at::Tensor &grad) {
  return {grad.clone(), grad.sum(0)};
}

} // namespace vision_example
