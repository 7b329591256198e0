// Where the annotation may sit (docs/annotation.md): on a definition, in an anonymous
// namespace, on a static function, on a declaration in a header that is
// separate from the definition, at global scope, in extern "C++" / nested
// namespaces, next to other attributes, and produced by a macro. The
// generated wrappers reach every one of them.
// RUN: rm -rf %t && opgen %s -o %t 2>&1 | not grep -E "error:|warning:"
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: FileCheck %s --check-prefix=SHARD --input-file=%t/shards/placement.cpp
// RUN: %python %inputs/roundtrip.py %t
#include "Inputs/placement.h"

#define MYOP(n) [[custom_op(n)]]
#define OP_WITH_TAG(n) [[custom_op(n, tags="pt2_compliant_tag")]]

// REG: TORCH_LIBRARY(pl, m) {
// REG-DAG: m.def("anon(Tensor x) -> Tensor");
// REG-DAG: m.def("static_fn(Tensor x) -> Tensor");
// REG-DAG: m.def("from_header(Tensor x, *, float eps=1.0000000000000001e-05) -> Tensor");
// REG-DAG: m.def("from_macro(Tensor x, int n) -> Tensor");
// REG-DAG: m.def("macro_with_keys(Tensor x) -> Tensor", {at::Tag::pt2_compliant_tag});
// REG-DAG: m.def("global_scope(Tensor x) -> Tensor");
// REG-DAG: m.def("nested(Tensor x) -> Tensor");
// REG-DAG: m.def("with_nodiscard(Tensor x) -> Tensor");
// REG-DAG: m.def("after_nodiscard(Tensor x) -> Tensor");
// REG-DAG: m.def("before_declarator_id(Tensor x) -> Tensor");
// REG-DAG: m.def("whole_decl_macro(Tensor x) -> Tensor");

// The header declaration is the kernel, its definition is here.
// MANIFEST-DAG: "CPU": "{{.*}}Inputs/placement.h:10"
// SHARD-DAG: return ::pl::from_header(x, eps);
namespace pl {
at::Tensor from_header(const at::Tensor& x, double eps) { return x; }
} // namespace pl

// Anonymous namespaces are elided from the callee: the shard includes this
// file, so the function is visible.
// SHARD-DAG: return ::pl::anon(x);
namespace pl {
namespace {
[[custom_op("pl::anon")]]
at::Tensor anon(const at::Tensor& x) { return x; }
} // namespace
} // namespace pl

// SHARD-DAG: return ::pl::static_fn(x);
namespace pl {
[[custom_op("pl::static_fn")]]
static at::Tensor static_fn(const at::Tensor& x) { return x; }
} // namespace pl

// MANIFEST-DAG: "CPU": "{{.*}}placement.cpp:[[@LINE+3]]"
// SHARD-DAG: return ::pl::from_macro(x, n);
namespace pl {
MYOP("pl::from_macro") at::Tensor from_macro(const at::Tensor& x, int64_t n);
OP_WITH_TAG("pl::macro_with_keys")
at::Tensor macro_with_keys(const at::Tensor& x);
} // namespace pl

// SHARD-DAG: return ::global_scope(x);
[[custom_op("pl::global_scope")]] at::Tensor global_scope(const at::Tensor& x);

// SHARD-DAG: return ::outer::inner::nested(x);
namespace outer::inner {
extern "C++" [[custom_op("pl::nested")]] at::Tensor nested(const at::Tensor& x);
}

namespace pl {
// SHARD-DAG: return ::pl::with_nodiscard(x);
[[nodiscard, custom_op("pl::with_nodiscard")]]
at::Tensor with_nodiscard(const at::Tensor& x);
// SHARD-DAG: return ::pl::after_nodiscard(x);
[[nodiscard]] [[custom_op("pl::after_nodiscard")]]
inline at::Tensor after_nodiscard(const at::Tensor& x) { return x; }
// An attribute after the declarator-id appertains to the function.
// SHARD-DAG: return ::pl::before_declarator_id(x);
at::Tensor before_declarator_id [[custom_op("pl::before_declarator_id")]] (
    const at::Tensor& x);
} // namespace pl

// A macro that writes the whole declaration.
#define DECLARE_OP(name) \
  [[custom_op("pl::" #name)]] at::Tensor name(const at::Tensor& x);
namespace pl {
// SHARD-DAG: return ::pl::whole_decl_macro(x);
DECLARE_OP(whole_decl_macro)
} // namespace pl
