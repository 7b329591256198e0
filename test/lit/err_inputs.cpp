// Inputs that stop opgen before anything is written: a source that does
// not compile (Clang's own error, then opgen's), a missing file, a file that
// is not a C++/CUDA source. Each exits 1 and leaves the previous output byte-identical. opgen's errors end with
// their id (docs/diagnostics.md), Clang's own do not.
// RUN: rm -rf %t && opgen %inputs/good.cpp -o %t/out && cp -r %t/out %t/before
// RUN: not opgen %s -o %t/out 2>&1 | FileCheck %s --check-prefix=COMPILE
// RUN: diff -r %t/before %t/out
// RUN: not opgen %inputs/good.cpp %t/missing.cpp -o %t/out 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: diff -r %t/before %t/out
// RUN: not opgen %inputs/notes.txt -o %t/out 2>&1 | FileCheck %s --check-prefix=KIND
// RUN: diff -r %t/before %t/out
// A failed run into a fresh directory creates nothing.
// RUN: not opgen %s -o %t/fresh 2>&1 | FileCheck %s --check-prefix=COMPILE
// RUN: not ls %t/fresh
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace ei {

// The annotation is fine; the code around it is not.
[[custom_op("ei::fine")]] at::Tensor fine(const at::Tensor& x);

// COMPILE: err_inputs.cpp:[[@LINE+2]]:25: error: no member named 'undeclared_thing' in namespace 'at'{{$}}
// COMPILE-NOT: error:
at::Tensor broken = at::undeclared_thing();

} // namespace ei

// COMPILE: error: '{{.*}}err_inputs.cpp' does not compile; no output was written [SourceDoesNotCompile]{{$}}
// COMPILE-NOT: error:

// MISSING: error: no such file: '{{.*}}missing.cpp' [NoSuchInput]{{$}}
// MISSING-NOT: error:

// KIND: error: '{{.*}}notes.txt' is not a C++ or CUDA source [UnsupportedInput]{{$}}
// KIND-NEXT: note: hint: sources must end in .cpp .cc .cxx .cu .h .hpp .cuh
