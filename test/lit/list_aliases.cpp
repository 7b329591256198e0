// Alias sets on tensor lists and optional out arguments (docs/annotation.md):
// `x[]` in `mutates` or `aliases` puts the set on the list itself
// (`Tensor[](a!)`, vLLM's copy_blocks and shm_gather), and `aliases` naming
// optional out arguments returns them by value with their write sets
// (FBGEMM's permute_2D_sparse_preallocated_out). The generated wrappers and
// registration compile.
// RUN: rm -rf %t && opgen %s -o %t
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: FileCheck %s --check-prefix=SHARD --input-file=%t/shards/list_aliases.cpp
// RUN: %python %inputs/roundtrip.py %t
// RUN: clang++ -std=c++17 -fsyntax-only -I%torch_include -I%runtime_include -I%t %t/shards/list_aliases.cpp
// RUN: clang++ -std=c++17 -fsyntax-only -I%torch_include -I%runtime_include -I%t %t/registration.cpp
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

#include <optional>
#include <tuple>
#include <vector>

namespace la {

// REG-DAG: m.def("copy_blocks(Tensor(a!)[] key_caches, Tensor[](b!) value_caches, Tensor block_mapping) -> ()");
// MANIFEST-DAG: "schema": "la::copy_blocks(Tensor(a!)[] key_caches, Tensor[](b!) value_caches, Tensor block_mapping) -> ()",
[[custom_op("la::copy_blocks", mutates="key_caches, value_caches[]")]]
void copy_blocks(std::vector<at::Tensor> const& key_caches,
                 std::vector<at::Tensor> const& value_caches,
                 const at::Tensor& block_mapping);

// REG-DAG: m.def("shm_gather(int handle, Tensor data, Tensor[](a!)? outputs, int dst) -> ()");
[[custom_op("la::shm_gather", mutates="outputs[]")]]
void shm_gather(int64_t handle, const at::Tensor& data,
                std::optional<std::vector<at::Tensor>> outputs, int64_t dst);

// REG-DAG: m.def("unbind_all(Tensor[](a) xs) -> Tensor[](a)");
// SHARD-DAG: std::vector<at::Tensor> la_unbind_all__CPU(at::TensorList xs) {
[[custom_op("la::unbind_all", aliases="xs[]")]]
std::vector<at::Tensor> unbind_all(at::TensorList xs);

// REG-DAG: m.def("permute_out(Tensor permute, Tensor lengths, Tensor(a!)? lengths_out=None, Tensor(b!)? values_out=None) -> (Tensor(a!), Tensor(b!)?)");
// The outputs are returned by value: an optional argument has no
// `at::Tensor&` to return.
// SHARD-DAG: std::tuple<at::Tensor, std::optional<at::Tensor>> la_permute_out__CPU(const at::Tensor& permute, const at::Tensor& lengths, const std::optional<at::Tensor>& lengths_out, const std::optional<at::Tensor>& values_out) {
[[custom_op("la::permute_out", mutates="lengths_out, values_out",
            aliases="lengths_out, values_out")]]
std::tuple<at::Tensor, std::optional<at::Tensor>> permute_out(
    const at::Tensor& permute, const at::Tensor& lengths,
    const std::optional<at::Tensor>& lengths_out = std::nullopt,
    const std::optional<at::Tensor>& values_out = std::nullopt);

} // namespace la
