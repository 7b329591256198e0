// A kernel body that does not compile: the first error is shown in full
// (with its notes), the errors after it in function bodies are counted in
// one note instead of printed; errors outside bodies are all shown. Nothing
// is written. Bodies of functions that are not annotated are not parsed.
// RUN: rm -rf %t && not opgen %s -o %t/out 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: not test -e %t/out
// RUN: not opgen %s -o %t/out -- -DSIGNATURE 2>&1 | FileCheck %s --check-prefix=SIG --implicit-check-not=error:
// RUN: not opgen %s -o %t/out -j2 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

int takes_two(int a, int b);

namespace eb {

#ifdef SIGNATURE
// SIG: err_body.cpp:[[@LINE+1]]:37: error: unknown type name 'Options'
at::Tensor sig(const at::Tensor& x, Options o);
#endif

// CHECK: err_body.cpp:[[@LINE+7]]:3: error: no matching function for call to 'takes_two'
// SIG: err_body.cpp:[[@LINE+6]]:3: error: no matching function for call to 'takes_two'
// CHECK: note: candidate function not viable: requires 2 arguments, but 1 was provided
// CHECK: 4 errors generated.
// SIG: 5 errors generated.
[[custom_op("eb::broken")]]
at::Tensor broken(const at::Tensor& x) {
  takes_two(1);
  undeclared(x);
  int n = "text";
  return x + zzz;
}

// Not annotated: its body is skipped.
at::Tensor helper(const at::Tensor& x) { return nope(x); }

} // namespace eb

// CHECK: error: '{{.*}}err_body.cpp' does not compile; no output was written [SourceDoesNotCompile]
// CHECK-NEXT: note: 3 more errors in function bodies not shown; they often follow from the first one{{$}}
// CHECK-NEXT: note: hint: fix the error shown and run opgen again{{$}}
// SIG: error: {{.*}}err_body.cpp' does not compile
// SIG-NEXT: note: 3 more errors in function bodies not shown
