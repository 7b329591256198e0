// b: the same first include line as a.cpp, then an annotated system header.
#include <fakelib.h>
#include <annotated.h>

[[custom_op("pre::twice")]]
index_type twice(index_type x) { return 2 * x; }
