// Arguments after `--` go to the compiler for every source: this file needs
// the -D, and the op name and a parameter type come from macros it defines.
// RUN: rm -rf %t && opgen %s -o %t -- -DOPGEN_TEST_NS=xa -DOPGEN_TEST_INDEX=int64_t
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// A wrong type through `--` is reported like any other.
// RUN: not opgen %s -o %t/bad -- -DOPGEN_TEST_NS=xa -DOPGEN_TEST_INDEX=int 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not opgen %s -o %t/none 2>&1 | FileCheck %s --check-prefix=NONE
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

// NONE: extra_args.cpp:[[@LINE+2]]:2: error: pass -DOPGEN_TEST_NS=... after --
#ifndef OPGEN_TEST_NS
#error pass -DOPGEN_TEST_NS=... after --
#endif

#define STR2(x) #x
#define STR(x) STR2(x)

namespace OPGEN_TEST_NS {
// REG: TORCH_LIBRARY(xa, m) {
// REG: m.def("index(Tensor x, int i) -> Tensor");
// MANIFEST: "schema": "xa::index(Tensor x, int i) -> Tensor",
// BAD: extra_args.cpp:[[@LINE+3]]:39: error: parameter 'i' has type 'int', which has no schema equivalent
// BAD: note: hint: use 'int64_t' (schema 'int')
[[custom_op(STR(OPGEN_TEST_NS) "::index")]]
at::Tensor index(const at::Tensor& x, OPGEN_TEST_INDEX i);
} // namespace OPGEN_TEST_NS
