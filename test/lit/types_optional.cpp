// docs/types.md: std::optional<T> of every supported T is `T?`, by value or
// const&, spelled std::optional, c10::optional or at::optional.
// RUN: rm -rf %t && opgen %s -o %t
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: %python %inputs/roundtrip.py %t
#include <opgen/opgen.h>

#include <ATen/core/Generator.h>
#include <ATen/core/Tensor.h>

#include <optional>
#include <string>
#include <vector>

namespace to {

// REG-DAG: m.def("tensors(Tensor? a, Tensor? b, Tensor? c, Tensor? d) -> Tensor");
// MANIFEST-DAG: "schema": "to::tensors(Tensor? a, Tensor? b, Tensor? c, Tensor? d) -> Tensor",
[[custom_op("to::tensors")]]
at::Tensor tensors(std::optional<at::Tensor> a,
                   const std::optional<at::Tensor>& b,
                   const c10::optional<at::Tensor>& c,
                   at::optional<at::Tensor> d);

// REG-DAG: m.def("numbers(Tensor x, int? i, SymInt? s, float? f, bool? b) -> Tensor");
// MANIFEST-DAG: "schema": "to::numbers(Tensor x, int? i, SymInt? s, float? f, bool? b) -> Tensor",
[[custom_op("to::numbers")]]
at::Tensor numbers(const at::Tensor& x, std::optional<int64_t> i,
                   std::optional<c10::SymInt> s, std::optional<double> f,
                   c10::optional<bool> b);

// REG-DAG: m.def("lists(Tensor x, Tensor[]? t, int[]? i, int[]? j, int[]? k) -> Tensor");
// MANIFEST-DAG: "schema": "to::lists(Tensor x, Tensor[]? t, int[]? i, int[]? j, int[]? k) -> Tensor",
[[custom_op("to::lists")]]
at::Tensor lists(const at::Tensor& x, std::optional<std::vector<at::Tensor>> t,
                 at::OptionalIntArrayRef i,
                 std::optional<std::vector<int64_t>> j,
                 const std::optional<std::vector<int64_t>>& k);

// REG-DAG: m.def("others(Tensor x, str? s, str? t, Scalar? a, ScalarType? dtype, Layout? layout, MemoryFormat? memory_format, Device? device, Generator? gen) -> Tensor");
// MANIFEST-DAG: "schema": "to::others(Tensor x, str? s, str? t, Scalar? a, ScalarType? dtype, Layout? layout, MemoryFormat? memory_format, Device? device, Generator? gen) -> Tensor",
[[custom_op("to::others")]]
at::Tensor others(const at::Tensor& x, std::optional<std::string> s,
                  std::optional<c10::string_view> t,
                  const std::optional<at::Scalar>& a,
                  std::optional<at::ScalarType> dtype,
                  std::optional<at::Layout> layout,
                  std::optional<at::MemoryFormat> memory_format,
                  std::optional<at::Device> device,
                  std::optional<at::Generator> gen);

} // namespace to
