// docs/types.md: std::string (by value or const&), std::string_view and
// c10::string_view are `str`; std::string is also a `str` return.
// RUN: rm -rf %t && opgen %s -o %t
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: %python %inputs/roundtrip.py %t
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

#include <string>
#include <string_view>

namespace tstr {

// REG-DAG: m.def("strings(Tensor x, str a, str b, str c, str d, str? e) -> Tensor");
// MANIFEST-DAG: "schema": "tstr::strings(Tensor x, str a, str b, str c, str d, str? e) -> Tensor",
[[custom_op("tstr::strings")]]
at::Tensor strings(const at::Tensor& x, std::string a, const std::string& b,
                   std::string_view c, c10::string_view d,
                   std::optional<std::string> e);

// REG-DAG: m.def("returns_str(Tensor x) -> str");
// MANIFEST-DAG: "schema": "tstr::returns_str(Tensor x) -> str",
[[custom_op("tstr::returns_str")]]
std::string returns_str(const at::Tensor& x);

} // namespace tstr
