// An ATen kernel, for the flavour diagnostics of stable_registration.cpp.
#include <opgen/opgen.h>
#include <ATen/core/Tensor.h>

[[custom_op("sr::g")]]
at::Tensor g(const at::Tensor &x);
