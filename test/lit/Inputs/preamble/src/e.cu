/* e: a CUDA source with a.cpp's leading lines, a kernel and its launch
   (which needs opgen's CUDA prelude). */
#include <fakelib.h>
#include <cstdint>

__global__ void twice_kernel(index_type *x) { x[0] *= 2; }

[[custom_op("pre::twice")]]
index_type twice(index_type x) {
  twice_kernel<<<1, 1>>>(nullptr);
  return 2 * x;
}
