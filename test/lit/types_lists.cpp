// docs/types.md: lists. Tensor lists (TensorList, std::vector by value or
// const&, optional vector, c10::List of optional tensors), int lists
// (IntArrayRef, std::vector<int64_t>), SymInt lists, float lists and
// fixed-size bool arrays.
// RUN: rm -rf %t && opgen %s -o %t
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: %python %inputs/roundtrip.py %t
#include <opgen/opgen.h>

#include <ATen/core/List.h>
#include <ATen/core/Tensor.h>

#include <array>
#include <vector>

namespace tl {

// REG-DAG: m.def("tensor_lists(Tensor[] a, Tensor[] b, Tensor[] c, Tensor[] d, Tensor[]? e, Tensor?[] f) -> Tensor");
// MANIFEST-DAG: "schema": "tl::tensor_lists(Tensor[] a, Tensor[] b, Tensor[] c, Tensor[] d, Tensor[]? e, Tensor?[] f) -> Tensor",
[[custom_op("tl::tensor_lists")]]
at::Tensor tensor_lists(at::TensorList a, std::vector<at::Tensor> b,
                        const std::vector<at::Tensor>& c,
                        c10::ArrayRef<at::Tensor> d,
                        std::optional<std::vector<at::Tensor>> e,
                        const c10::List<std::optional<at::Tensor>>& f);

// REG-DAG: m.def("int_lists(Tensor x, int[] a, int[] b, int[] c, int[] d, SymInt[] e, int[]? f) -> Tensor");
// MANIFEST-DAG: "schema": "tl::int_lists(Tensor x, int[] a, int[] b, int[] c, int[] d, SymInt[] e, int[]? f) -> Tensor",
[[custom_op("tl::int_lists")]]
at::Tensor int_lists(const at::Tensor& x, c10::IntArrayRef a, at::IntArrayRef b,
                     std::vector<int64_t> c, const std::vector<int64_t>& d,
                     c10::SymIntArrayRef e, at::OptionalIntArrayRef f);

// REG-DAG: m.def("float_lists(Tensor x, float[] a, float[] b, float[] c) -> Tensor");
// MANIFEST-DAG: "schema": "tl::float_lists(Tensor x, float[] a, float[] b, float[] c) -> Tensor",
[[custom_op("tl::float_lists")]]
at::Tensor float_lists(const at::Tensor& x, std::vector<double> a,
                       c10::ArrayRef<double> b, const std::vector<double>& c);

// REG-DAG: m.def("bool_arrays(Tensor x, bool[3] mask, bool[2] flags) -> Tensor");
// MANIFEST-DAG: "schema": "tl::bool_arrays(Tensor x, bool[3] mask, bool[2] flags) -> Tensor",
[[custom_op("tl::bool_arrays")]]
at::Tensor bool_arrays(const at::Tensor& x, std::array<bool, 3> mask,
                       const std::array<bool, 2>& flags);

// Lists as returns.
// REG-DAG: m.def("list_returns(Tensor x) -> (Tensor[], int[], float[])");
// MANIFEST-DAG: "schema": "tl::list_returns(Tensor x) -> (Tensor[], int[], float[])",
[[custom_op("tl::list_returns")]]
std::tuple<std::vector<at::Tensor>, std::vector<int64_t>, std::vector<double>>
list_returns(const at::Tensor& x);

} // namespace tl
