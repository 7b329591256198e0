// Box ops of the visionlike package: boxes are (N, 4) tensors of
// (x1, y1, x2, y2). Their fakes are the package's own
// (visionlike/_meta_registrations.py), except flip_boxes, which has none.
#include <opgen/opgen.h>

#include <ATen/ATen.h>

namespace visionlike {

// Fake: a register_fake behind the package's @register_meta decorator.
[[custom_op("visionlike::box_area", tags="pt2_compliant_tag")]]
at::Tensor box_area(const at::Tensor& boxes) {
  TORCH_CHECK(boxes.dim() == 2 && boxes.size(1) == 4, "box_area: boxes must be (N, 4)");
  at::Tensor in = boxes.contiguous();
  at::Tensor out = at::empty({in.size(0)}, in.options());
  AT_DISPATCH_FLOATING_TYPES(in.scalar_type(), "visionlike::box_area", [&] {
    const scalar_t* b = in.data_ptr<scalar_t>();
    scalar_t* o = out.data_ptr<scalar_t>();
    for (int64_t i = 0; i < in.size(0); ++i)
      o[i] = (b[4 * i + 2] - b[4 * i]) * (b[4 * i + 3] - b[4 * i + 1]);
  });
  return out;
}

// Fake: a Meta kernel the package registers with torch.library.Library.impl.
[[custom_op("visionlike::box_center", tags="pt2_compliant_tag")]]
at::Tensor box_center(const at::Tensor& boxes) {
  TORCH_CHECK(boxes.dim() == 2 && boxes.size(1) == 4, "box_center: boxes must be (N, 4)");
  at::Tensor in = boxes.contiguous();
  at::Tensor out = at::empty({in.size(0), 2}, in.options());
  AT_DISPATCH_FLOATING_TYPES(in.scalar_type(), "visionlike::box_center", [&] {
    const scalar_t* b = in.data_ptr<scalar_t>();
    scalar_t* o = out.data_ptr<scalar_t>();
    for (int64_t i = 0; i < in.size(0); ++i) {
      o[2 * i] = (b[4 * i] + b[4 * i + 2]) / 2;
      o[2 * i + 1] = (b[4 * i + 1] + b[4 * i + 3]) / 2;
    }
  });
  return out;
}

// No fake anywhere: opgen's skeleton raises a clear error under FakeTensor.
[[custom_op("visionlike::flip_boxes", tags="pt2_compliant_tag")]]
at::Tensor flip_boxes(const at::Tensor& boxes, int64_t width) {
  TORCH_CHECK(boxes.dim() == 2 && boxes.size(1) == 4, "flip_boxes: boxes must be (N, 4)");
  at::Tensor out = boxes.clone(at::MemoryFormat::Contiguous);
  out.select(1, 0).copy_(width - boxes.select(1, 2));
  out.select(1, 2).copy_(width - boxes.select(1, 0));
  return out;
}

} // namespace visionlike
