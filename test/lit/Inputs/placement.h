// The annotation on a declaration in a header; placement.cpp defines it.
#pragma once
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace pl {

[[custom_op("pl::from_header", kwonly="eps")]]
at::Tensor from_header(const at::Tensor& x, double eps = 1e-5);

} // namespace pl
