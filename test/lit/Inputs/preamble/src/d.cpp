#include <fakelib.h>
#include <unguarded.h>

[[custom_op("pre::four")]]
index_type four(index_type x) { return 4 * x; }
