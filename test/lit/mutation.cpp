// Mutation (docs/types.md): every parameter in `mutates` gets its own alias set,
// a, b, c, ... in parameter order (not in the order `mutates` lists them);
// an `at::Tensor&` return aliases the one mutated tensor.
// RUN: rm -rf %t && opgen %s -o %t 2> %t.stderr
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.stderr
// RUN: FileCheck %s --check-prefix=NOWARN --input-file=%t.stderr
// RUN: %python %inputs/roundtrip.py %t
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace mut {

// The docs/annotation.md example, verbatim. positions and cache are non-const
// references that are not mutated: a warning each, and plain `Tensor`.
// REG-DAG: m.def("rotary_embedding(Tensor positions, Tensor(a!) query, Tensor(b!)? key, int head_size, Tensor cache, bool is_neox) -> ()");
// MANIFEST-DAG: "schema": "mut::rotary_embedding(Tensor positions, Tensor(a!) query, Tensor(b!)? key, int head_size, Tensor cache, bool is_neox) -> ()",
// WARN: mutation.cpp:[[@LINE+5]]:35: warning: 'positions' is taken by non-const reference but is not listed in 'mutates'
// WARN: note: hint: add mutates="positions" if the kernel writes to it, or take it as 'const at::Tensor&'
// WARN: mutation.cpp:[[@LINE+5]]:35: warning: 'cache' is taken by non-const reference but is not listed in 'mutates'
// WARN: note: hint: add mutates="cache" if the kernel writes to it, or take it as 'const at::Tensor&'
[[custom_op("mut::rotary_embedding", mutates="query,key")]]
void rotary_embedding(at::Tensor& positions, at::Tensor& query,
                      std::optional<at::Tensor> key, int64_t head_size,
                      at::Tensor& cache, bool is_neox);

// Three alias sets over a tensor, an optional tensor and a tensor list,
// listed out of order and with spaces.
// REG-DAG: m.def("three_sets(Tensor(a!) out, Tensor x, Tensor(b!)? key, Tensor(c!)[] caches) -> ()");
// MANIFEST-DAG: "schema": "mut::three_sets(Tensor(a!) out, Tensor x, Tensor(b!)? key, Tensor(c!)[] caches) -> ()",
[[custom_op("mut::three_sets", mutates=" caches , out,key ")]]
void three_sets(at::Tensor& out, const at::Tensor& x,
                const std::optional<at::Tensor>& key,
                std::vector<at::Tensor> caches);

// An optional tensor list and a TensorList can be mutated too.
// REG-DAG: m.def("lists(Tensor(a!)[] a, Tensor(b!)[]? b) -> ()");
[[custom_op("mut::lists", mutates="a,b")]]
void lists(at::TensorList a, std::optional<std::vector<at::Tensor>> b);

// The out-variant: returning at::Tensor& aliases the mutated tensor.
// REG-DAG: m.def("add.out(Tensor x, Tensor y, *, Tensor(a!) out) -> Tensor(a!)");
// MANIFEST-DAG: "schema": "mut::add.out(Tensor x, Tensor y, *, Tensor(a!) out) -> Tensor(a!)",
[[custom_op("mut::add.out", mutates="out", kwonly="out")]]
at::Tensor& add_out(const at::Tensor& x, const at::Tensor& y, at::Tensor& out);

// The returned reference aliases the one mutated *tensor*; a mutated list
// next to it does not count.
// REG-DAG: m.def("fill_(Tensor(a!) self, Tensor(b!)[] others, float value) -> Tensor(a!)");
[[custom_op("mut::fill_", mutates="self, others")]]
at::Tensor& fill_(at::Tensor& self, std::vector<at::Tensor> others, double value);

// Empty `mutates`: functional.
// REG-DAG: m.def("functional(Tensor x) -> Tensor");
[[custom_op("mut::functional", mutates="")]]
at::Tensor functional(const at::Tensor& x);

// No warning for the mutated parameters.
// NOWARN-NOT: '{{query|key|out|caches|a|b|self|others}}' is taken

} // namespace mut
