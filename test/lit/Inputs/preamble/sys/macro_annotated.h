// An annotation spelled through a macro: never precompiled either.
#ifndef PREAMBLE_MACRO_ANNOTATED_H
#define PREAMBLE_MACRO_ANNOTATED_H
#include <cstdint>
#define PRE_OP(name) [[custom_op(name)]]
PRE_OP("pre::by_macro") int64_t by_macro(int64_t x);
#endif
