// A valid op library: the error tests generate it into their output
// directory first, then check that a failing run leaves it byte-identical.
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace good {

[[custom_op("good::scale", kwonly="factor")]]
at::Tensor scale(const at::Tensor& x, double factor = 2.0);

[[custom_op("good::fill_", mutates="self")]]
void fill_(at::Tensor& self, double value);

} // namespace good
