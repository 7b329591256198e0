// Element addressing shared by the stable-ABI test libraries (test/stable,
// test/defaults), whose kernels read tensors of any strides through
// torch::stable::Tensor's data pointers.
#ifndef OPGEN_TEST_STABLE_OFFSET_OF_H
#define OPGEN_TEST_STABLE_OFFSET_OF_H

#include <torch/csrc/stable/tensor.h>

#include <cstdint>

namespace stable_test {

/// The storage offset of element `linear` (row-major over t's sizes).
inline int64_t offsetOf(const torch::stable::Tensor &t, int64_t linear) {
  int64_t offset = 0;
  for (int64_t d = t.dim() - 1; d >= 0; --d) {
    offset += (linear % t.size(d)) * t.stride(d);
    linear /= t.size(d);
  }
  return offset;
}

} // namespace stable_test

#endif // OPGEN_TEST_STABLE_OFFSET_OF_H
