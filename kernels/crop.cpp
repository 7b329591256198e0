// Image kernels for the bundled `mylib` op library: crop, its backward
// counterpart paste, and a box blur.
//
// Images are C x H x W tensors (channels, height, width). Boxes follow PIL:
// (left, upper, right, lower), with left/right indexing the width and
// upper/lower indexing the height; right and lower are exclusive.
//
// The C++ features opgen has to cope with are spread over this file on
// purpose:
//   * crop     - annotation on a declaration, definition further down;
//   * paste    - a `static` function;
//   * box_blur - an anonymous namespace, and an `int[]` default argument;
//   * crop_backward - crop's [[custom_op_backward]], a composite kernel.
#include <opgen/opgen.h>

#include <ATen/ATen.h>
#include <ATen/AccumulateType.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/Parallel.h>

#include <cstdint>

#include "kernel_checks.h"

namespace opgen_examples {

// crop(pic, box) -> pic[:, upper:lower, left:right] as a fresh contiguous
// tensor (never a view of pic). Any dtype; pic may be non-contiguous.
[[custom_op("mylib::crop", mutates="")]]
at::Tensor crop(const at::Tensor& pic, c10::IntArrayRef box);

// paste(im, patch, coord) -> a fresh copy of im with patch written at
// (left=coord[0], upper=coord[1]). With im = zeros_like(pic), grad = the
// gradient of crop's output and coord = box[:2] this is crop's backward.
[[custom_op("mylib::paste")]]
static at::Tensor paste(const at::Tensor& im, const at::Tensor& patch,
                        c10::IntArrayRef coord) {
  checks::paste(im, patch, coord);
  const int64_t h = patch.size(1), w = patch.size(2);
  const int64_t left = coord[0], upper = coord[1];

  at::Tensor out = im.clone(at::MemoryFormat::Contiguous);
  out.narrow(1, upper, h).narrow(2, left, w).copy_(patch);
  return out;
}

// crop's backward, as in the PyTorch custom-op tutorial: the gradient of
// the crop pasted into zeros shaped like pic, through the mylib::paste op
// (called through the dispatcher, so it runs on pic's device and under
// FakeTensor). device="default" registers it as CompositeExplicitAutograd:
// one kernel for every device.
[[custom_op_backward("mylib::crop", device="default")]]
static at::Tensor crop_backward(const at::Tensor& grad, const at::Tensor& pic,
                                c10::IntArrayRef box) {
  TORCH_CHECK(box.size() == 4,
              "crop_backward: box must have 4 elements, got ", box.size());
  static const auto paste_op =
      c10::Dispatcher::singleton()
          .findSchemaOrThrow("mylib::paste", "")
          .typed<at::Tensor(const at::Tensor&, const at::Tensor&,
                            c10::IntArrayRef)>();
  return paste_op.call(at::zeros_like(pic, at::MemoryFormat::Contiguous), grad,
                       box.slice(0, 2));
}

namespace {

// box_blur(pic, kernel_size) -> the mean over every kernel_size window of
// each channel ("valid" windows, stride 1): C x (H - kh + 1) x (W - kw + 1).
// kernel_size is (kh, kw), or a single k for a k x k window (the same
// convention as ATen's pooling ops). float32 and float64.
[[custom_op("mylib::box_blur", symint="kernel_size")]]
at::Tensor box_blur(const at::Tensor& pic, c10::IntArrayRef kernel_size = {3}) {
  checks::box_blur(pic, kernel_size);
  const int64_t kh = kernel_size[0];
  const int64_t kw = kernel_size.size() == 2 ? kernel_size[1] : kernel_size[0];
  const int64_t channels = pic.size(0), height = pic.size(1),
                width = pic.size(2);

  const int64_t out_h = height - kh + 1, out_w = width - kw + 1;
  at::Tensor out = at::empty({channels, out_h, out_w}, pic.options());
  AT_DISPATCH_FLOATING_TYPES(pic.scalar_type(), "box_blur", [&] {
    const auto src = pic.accessor<scalar_t, 3>();
    auto dst = out.accessor<scalar_t, 3>();
    // Sum in the accumulation type (double for float32).
    using acc_t = at::acc_type<scalar_t, /*is_cuda=*/false>;
    const acc_t area = static_cast<acc_t>(kh * kw);
    at::parallel_for(0, channels * out_h, 1, [&](int64_t begin, int64_t end) {
      for (int64_t ci = begin; ci < end; ++ci) {
        const int64_t c = ci / out_h, i = ci % out_h;
        for (int64_t j = 0; j < out_w; ++j) {
          acc_t sum = 0;
          for (int64_t di = 0; di < kh; ++di)
            for (int64_t dj = 0; dj < kw; ++dj)
              sum += src[c][i + di][j + dj];
          dst[c][i][j] = static_cast<scalar_t>(sum / area);
        }
      }
    });
  });
  return out;
}

} // namespace

at::Tensor crop(const at::Tensor& pic, c10::IntArrayRef box) {
  checks::crop(pic, box);
  const int64_t channels = pic.size(0);
  const int64_t left = box[0], upper = box[1], right = box[2], lower = box[3];

  const int64_t out_h = lower - upper, out_w = right - left;
  at::Tensor out = at::empty({channels, out_h, out_w}, pic.options());
  AT_DISPATCH_ALL_TYPES_AND3(
      at::ScalarType::Half, at::ScalarType::BFloat16, at::ScalarType::Bool,
      pic.scalar_type(), "crop", [&] {
        const auto src = pic.accessor<scalar_t, 3>();
        auto dst = out.accessor<scalar_t, 3>();
        for (int64_t c = 0; c < channels; ++c)
          for (int64_t i = 0; i < out_h; ++i)
            for (int64_t j = 0; j < out_w; ++j)
              dst[c][i][j] = src[c][upper + i][left + j];
      });
  return out;
}

} // namespace opgen_examples
