#include <fakelib.h>
#include <macro_annotated.h>

[[custom_op("pre::thrice")]]
index_type thrice(index_type x) { return 3 * x; }
