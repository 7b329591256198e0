// Trivial kernels for the generated-op overhead benchmark (bench/run.py,
// item 3): opgen registers them as bench_gen::*, hand.cpp registers the
// same functions by hand as bench_hand::*.
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace bench {

// Does nothing: the call is all overhead.
[[custom_op("bench_gen::noop", mutates="x")]]
void noop(at::Tensor& x) {}

// One tiny ATen call and an allocation.
[[custom_op("bench_gen::add_one")]]
at::Tensor add_one(const at::Tensor& x) { return x.add(1); }

} // namespace bench
