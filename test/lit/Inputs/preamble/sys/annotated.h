// A system header that carries an annotation: never precompiled.
#ifndef PREAMBLE_ANNOTATED_H
#define PREAMBLE_ANNOTATED_H
#include <cstdint>
[[custom_op("pre::in_header")]]
int64_t in_header(int64_t x);
#endif
