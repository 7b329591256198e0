// A source with a warning from Clang and one from opgen.
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

#warning "jobs: a warning Clang prints itself"

namespace jobs {

[[custom_op("jobs::touch")]]
void touch(at::Tensor& x);

} // namespace jobs
