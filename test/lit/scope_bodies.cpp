// The body analyses (mutation, fake synthesis) see an annotated function's
// body wherever its top-level declaration lies: in a system header that
// holds no annotation (the annotation is on a declaration here), and in a
// namespace that system headers open and close around a user header.
// RUN: rm -rf %t && opgen %s -o %t --python-package sc -- -isystem %inputs/scope/sys -I %inputs/scope 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=warning: --implicit-check-not=error:
// RUN: FileCheck %s --check-prefix=FAKE --input-file=%t/registration.cpp
#include <opgen/opgen.h>

#include <ATen/ATen.h>

namespace sc {
[[custom_op("sc::def_in_sys")]]
void def_in_sys(const at::Tensor &x);
[[custom_op("sc::alloc_in_sys")]]
at::Tensor alloc_in_sys(const at::Tensor &x);
} // namespace sc

#include <scope_body.h>

#include <scope_open.h>
#include "scope_user.h"
#include <scope_close.h>

// CHECK-DAG: scope_body.h:5:42: warning: 'def_in_sys' writes 'x' here ('add_()'), but 'mutates' does not list it [UnannotatedWrite]
// CHECK-DAG: scope_user.h:4:16: warning: 'in_split' writes 'x' here ('add_()'), but 'mutates' does not list it [UnannotatedWrite]
// FAKE: // sc::alloc_in_sys (Meta), synthesised from the kernel at {{.*}}scope_bodies.cpp:16: at::empty at {{.*}}scope_body.h:7
// FAKE: // split::in_split (Meta), synthesised from the kernel at {{.*}}scope_user.h:3: at::empty at {{.*}}scope_user.h:5
