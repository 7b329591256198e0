#include <ATen/core/dispatch/Dispatcher.h>
#include <opgen/autograd.h>
#include <torch/csrc/autograd/custom_function.h>

#include "autograd.h"
namespace opgen_generated {

${functions}
} // namespace opgen_generated
