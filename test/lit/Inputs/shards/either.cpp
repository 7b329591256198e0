#include <opgen/opgen.h>
#include <cstdint>

namespace st {
[[custom_op("st::add_ints")]]
int64_t add_ints(int64_t a, int64_t b) { return a + b; }
} // namespace st
