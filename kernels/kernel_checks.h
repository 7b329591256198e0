// Argument checks shared by the CPU (.cpp) and CUDA (.cu) kernels of the
// bundled ops: an op rejects the same inputs with the same message on every
// device. Each throws (TORCH_CHECK) with a message that names the op.
//
// Only checks live here. The shape computations stay in the kernels, as
// local variables next to the allocations: opgen reads them there to
// synthesise the ops' fake kernels (docs/fakes.md).
#pragma once

#include <ATen/core/Tensor.h>
#include <c10/util/ArrayRef.h>

#include <cstdint>
#include <optional>
#include <string_view>

namespace opgen_examples::checks {

/// `t` is float32 or float64.
inline void floating(const char* op, const char* name, const at::Tensor& t) {
  TORCH_CHECK(t.scalar_type() == at::kFloat || t.scalar_type() == at::kDouble,
              op, ": expected ", name, " to be float32 or float64, got ",
              t.scalar_type());
}

/// `other` has the shape and dtype of `ref` (e.g. muladd's b and out).
inline void same_shape_and_dtype(const char* op, const char* name,
                                 const at::Tensor& other,
                                 const char* ref_name, const at::Tensor& ref) {
  TORCH_CHECK(other.sizes() == ref.sizes(), op, ": ", name, " has shape ",
              other.sizes(), " but ", ref_name, " has shape ", ref.sizes());
  TORCH_CHECK(other.scalar_type() == ref.scalar_type(), op, ": ", name,
              " has dtype ", other.scalar_type(), " but ", ref_name,
              " has dtype ", ref.scalar_type());
}

/// crop(pic, box): pic is C x H x W and box (left, upper, right, lower)
/// lies inside it.
inline void crop(const at::Tensor& pic, c10::IntArrayRef box) {
  TORCH_CHECK(pic.dim() == 3,
              "crop: expected pic to be a C x H x W tensor, got a tensor with ",
              pic.dim(), " dimension(s)");
  TORCH_CHECK(box.size() == 4,
              "crop: box must have 4 elements (left, upper, right, lower), got ",
              box.size(), ": ", box);
  const int64_t height = pic.size(1), width = pic.size(2);
  const int64_t left = box[0], upper = box[1], right = box[2], lower = box[3];
  TORCH_CHECK(0 <= left && left <= right && right <= width && 0 <= upper &&
                  upper <= lower && lower <= height,
              "crop: box (left, upper, right, lower) = ", box,
              " does not fit an image of height ", height, " and width ",
              width, "; need 0 <= left <= right <= width and 0 <= upper <= "
              "lower <= height");
}

/// paste(im, patch, coord): both C x H x W with the same channels, dtype
/// and device, and the patch fits at (left, upper) = coord.
inline void paste(const at::Tensor& im, const at::Tensor& patch,
                  c10::IntArrayRef coord) {
  TORCH_CHECK(im.dim() == 3,
              "paste: expected im to be a C x H x W tensor, got a tensor with ",
              im.dim(), " dimension(s)");
  TORCH_CHECK(patch.dim() == 3,
              "paste: expected patch to be a C x h x w tensor, got a tensor with ",
              patch.dim(), " dimension(s)");
  TORCH_CHECK(coord.size() == 2,
              "paste: coord must have 2 elements (left, upper), got ",
              coord.size(), ": ", coord);
  TORCH_CHECK(patch.size(0) == im.size(0), "paste: patch has ", patch.size(0),
              " channel(s) but im has ", im.size(0));
  TORCH_CHECK(patch.scalar_type() == im.scalar_type(),
              "paste: patch has dtype ", patch.scalar_type(),
              " but im has dtype ", im.scalar_type());
  // (For CUDA kernels the generated wrapper has checked this already.)
  TORCH_CHECK(patch.device() == im.device(), "paste: patch is on ",
              patch.device(), " but im is on ", im.device());
  const int64_t height = im.size(1), width = im.size(2);
  const int64_t h = patch.size(1), w = patch.size(2);
  const int64_t left = coord[0], upper = coord[1];
  TORCH_CHECK(left >= 0 && upper >= 0 && left + w <= width &&
                  upper + h <= height,
              "paste: a patch of height ", h, " and width ", w,
              " at (left=", left, ", upper=", upper,
              ") does not fit in an image of height ", height, " and width ",
              width);
}

/// box_blur(pic, kernel_size): a floating C x H x W pic and a (kh, kw) or
/// k window that fits in it.
inline void box_blur(const at::Tensor& pic, c10::IntArrayRef kernel_size) {
  TORCH_CHECK(pic.dim() == 3,
              "box_blur: expected pic to be a C x H x W tensor, got a tensor "
              "with ", pic.dim(), " dimension(s)");
  TORCH_CHECK(kernel_size.size() == 1 || kernel_size.size() == 2,
              "box_blur: kernel_size must be a single int or (height, width), "
              "got ", kernel_size);
  TORCH_CHECK(at::isFloatingType(pic.scalar_type()),
              "box_blur: expected a floating point pic, got ",
              pic.scalar_type());
  const int64_t kh = kernel_size[0];
  const int64_t kw = kernel_size.size() == 2 ? kernel_size[1] : kernel_size[0];
  const int64_t height = pic.size(1), width = pic.size(2);
  TORCH_CHECK(kh >= 1 && kw >= 1 && kh <= height && kw <= width,
              "box_blur: a ", kh, " x ", kw,
              " window does not fit in an image of height ", height,
              " and width ", width);
}

/// pad_rows(x, pad, weight, mode): see rows.cpp.
inline void pad_rows(const at::Tensor& x, int64_t npad,
                     const std::optional<at::Tensor>& weight,
                     std::string_view mode) {
  TORCH_CHECK(x.dim() >= 1, "pad_rows: expected x to have at least one "
              "dimension, got a 0-dimensional tensor");
  floating("pad_rows", "x", x);
  TORCH_CHECK(npad >= 0, "pad_rows: pad must be >= 0, got ", npad);
  const bool replicate = mode == "replicate";
  TORCH_CHECK(replicate || mode == "constant",
              "pad_rows: mode must be \"constant\" or \"replicate\", got \"",
              mode, "\"");
  TORCH_CHECK(!replicate || x.size(0) > 0 || npad == 0,
              "pad_rows: mode \"replicate\" needs at least one row to copy, "
              "but x has 0 rows");
  if (weight.has_value() && weight->defined()) {
    const c10::IntArrayRef row_shape = x.sizes().slice(1);
    TORCH_CHECK(weight->sizes() == row_shape, "pad_rows: weight must have the "
                "shape of one row of x, ", row_shape, ", got ",
                weight->sizes());
    TORCH_CHECK(weight->scalar_type() == x.scalar_type(),
                "pad_rows: weight has dtype ", weight->scalar_type(),
                " but x has dtype ", x.scalar_type());
    // (For CUDA kernels the generated wrapper has checked this already.)
    TORCH_CHECK(weight->device() == x.device(), "pad_rows: weight is on ",
                weight->device(), " but x is on ", x.device());
  }
}

/// topk_rows(x, k): a floating x with at least one dim and 0 <= k <= its
/// last dim.
inline void topk_rows(const at::Tensor& x, int64_t k) {
  TORCH_CHECK(x.dim() >= 1, "topk_rows: expected x to have at least one "
              "dimension, got a 0-dimensional tensor");
  floating("topk_rows", "x", x);
  const int64_t len = x.size(-1);
  TORCH_CHECK(k >= 0 && k <= len, "topk_rows: k must be in [0, ", len,
              "] (the size of the last dim), got ", k);
}

} // namespace opgen_examples::checks
