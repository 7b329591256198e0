// docs/types.md: at::Scalar, at::ScalarType, at::Layout, at::MemoryFormat,
// at::Device and at::Generator, with their c10:: spellings and optionals.
// RUN: rm -rf %t && opgen %s -o %t
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: %python %inputs/roundtrip.py %t
#include <opgen/opgen.h>

#include <ATen/core/Generator.h>
#include <ATen/core/Tensor.h>

namespace te {

// REG-DAG: m.def("at_spellings(Tensor x, Scalar a, ScalarType dtype, Layout layout, MemoryFormat memory_format, Device device, Generator gen) -> Tensor");
// MANIFEST-DAG: "schema": "te::at_spellings(Tensor x, Scalar a, ScalarType dtype, Layout layout, MemoryFormat memory_format, Device device, Generator gen) -> Tensor",
[[custom_op("te::at_spellings")]]
at::Tensor at_spellings(const at::Tensor& x, const at::Scalar& a,
                        at::ScalarType dtype, at::Layout layout,
                        at::MemoryFormat memory_format, at::Device device,
                        at::Generator gen);

// REG-DAG: m.def("c10_spellings(Tensor x, Scalar a, ScalarType dtype, Layout layout, MemoryFormat memory_format, Device device, Generator gen) -> Tensor");
// MANIFEST-DAG: "schema": "te::c10_spellings(Tensor x, Scalar a, ScalarType dtype, Layout layout, MemoryFormat memory_format, Device device, Generator gen) -> Tensor",
[[custom_op("te::c10_spellings")]]
at::Tensor c10_spellings(const at::Tensor& x, c10::Scalar a,
                         c10::ScalarType dtype, c10::Layout layout,
                         c10::MemoryFormat memory_format,
                         const c10::Device& device, const at::Generator& gen);

// REG-DAG: m.def("optionals(Tensor x, ScalarType? dtype, Layout? layout, MemoryFormat? memory_format, Device? device, Generator? gen) -> Tensor");
// MANIFEST-DAG: "schema": "te::optionals(Tensor x, ScalarType? dtype, Layout? layout, MemoryFormat? memory_format, Device? device, Generator? gen) -> Tensor",
[[custom_op("te::optionals")]]
at::Tensor optionals(const at::Tensor& x, std::optional<at::ScalarType> dtype,
                     std::optional<c10::Layout> layout,
                     std::optional<at::MemoryFormat> memory_format,
                     std::optional<at::Device> device,
                     std::optional<at::Generator> gen);

// REG-DAG: m.def("returns_dtype(Tensor x) -> ScalarType");
[[custom_op("te::returns_dtype")]]
at::ScalarType returns_dtype(const at::Tensor& x);

} // namespace te
