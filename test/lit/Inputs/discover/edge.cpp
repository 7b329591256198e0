// A list default of equal items, in a namespace opened and closed by
// headers that hold no annotation.
#include <opgen/opgen.h>
#include <ATen/core/Tensor.h>

#include "ns_begin.h"
[[custom_op("dc::pool")]]
at::Tensor pool(const at::Tensor& x, c10::IntArrayRef stride = {1, 1});
#include "ns_end.h"
