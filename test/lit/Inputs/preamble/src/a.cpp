/* a: two guarded system headers first (the second spelled loosely), then
   its kernel. */
#include <fakelib.h>
#  include <cstdint>  // for int64_t

[[custom_op("pre::ident")]]
index_type ident(index_type x) { return x; }
