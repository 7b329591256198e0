#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

// Writes x in place, but mutates="" says it writes nothing.
[[custom_op("werror::scale_", mutates="")]]
void scale_(at::Tensor& x, double s) {
  x.mul_(s);
}
