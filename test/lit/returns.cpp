// Returns (docs/types.md): at::Tensor, std::tuple, std::vector<at::Tensor>, void,
// scalars and lists (str[] too), optionals, the `at::Tensor&` out-variant that
// aliases the mutated argument (or a tuple of them), views (`aliases`) and
// named returns (`returns`).
// RUN: rm -rf %t && opgen %s -o %t
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: %python %inputs/roundtrip.py %t
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

#include <string>
#include <tuple>
#include <vector>

namespace rt {

// REG-DAG: m.def("tensor(Tensor x) -> Tensor");
// MANIFEST-DAG: "schema": "rt::tensor(Tensor x) -> Tensor",
[[custom_op("rt::tensor")]]
at::Tensor tensor(const at::Tensor& x);

// REG-DAG: m.def("void_(Tensor x) -> ()");
// MANIFEST-DAG: "schema": "rt::void_(Tensor x) -> ()",
[[custom_op("rt::void_")]]
void void_(const at::Tensor& x);

// REG-DAG: m.def("pair(Tensor x) -> (Tensor, Tensor)");
// MANIFEST-DAG: "schema": "rt::pair(Tensor x) -> (Tensor, Tensor)",
[[custom_op("rt::pair")]]
std::tuple<at::Tensor, at::Tensor> pair(const at::Tensor& x);

// REG-DAG: m.def("list(Tensor x) -> Tensor[]");
// MANIFEST-DAG: "schema": "rt::list(Tensor x) -> Tensor[]",
[[custom_op("rt::list")]]
std::vector<at::Tensor> list(const at::Tensor& x);

// REG-DAG: m.def("optional(Tensor x) -> Tensor?");
// MANIFEST-DAG: "schema": "rt::optional(Tensor x) -> Tensor?",
[[custom_op("rt::optional")]]
std::optional<at::Tensor> optional(const at::Tensor& x);

// REG-DAG: m.def("mixed(Tensor x) -> (Tensor, Tensor[], Tensor?, int, float, bool, SymInt, int[], str)");
// MANIFEST-DAG: "schema": "rt::mixed(Tensor x) -> (Tensor, Tensor[], Tensor?, int, float, bool, SymInt, int[], str)",
[[custom_op("rt::mixed")]]
std::tuple<at::Tensor, std::vector<at::Tensor>, std::optional<at::Tensor>,
           int64_t, double, bool, c10::SymInt, std::vector<int64_t>, std::string>
mixed(const at::Tensor& x);

// REG-DAG: m.def("int_(Tensor x) -> int");
[[custom_op("rt::int_")]]
int64_t int_(const at::Tensor& x);
// REG-DAG: m.def("symint(Tensor x) -> SymInt");
[[custom_op("rt::symint")]]
c10::SymInt symint(const at::Tensor& x);
// REG-DAG: m.def("float_(Tensor x) -> float");
[[custom_op("rt::float_")]]
double float_(const at::Tensor& x);
// REG-DAG: m.def("bool_(Tensor x) -> bool");
[[custom_op("rt::bool_")]]
bool bool_(const at::Tensor& x);
// REG-DAG: m.def("scalar(Tensor x) -> Scalar");
[[custom_op("rt::scalar")]]
at::Scalar scalar(const at::Tensor& x);
// REG-DAG: m.def("dtype(Tensor x) -> ScalarType");
[[custom_op("rt::dtype")]]
at::ScalarType dtype(const at::Tensor& x);
// REG-DAG: m.def("sizes(Tensor x) -> int[]");
[[custom_op("rt::sizes")]]
std::vector<int64_t> sizes(const at::Tensor& x);
// REG-DAG: m.def("scales(Tensor x) -> float[]");
[[custom_op("rt::scales")]]
std::vector<double> scales(const at::Tensor& x);
// REG-DAG: m.def("name(Tensor x) -> str");
[[custom_op("rt::name")]]
std::string name(const at::Tensor& x);
// REG-DAG: m.def("maybe_int(Tensor x) -> int?");
[[custom_op("rt::maybe_int")]]
std::optional<int64_t> maybe_int(const at::Tensor& x);

// The out-variant: `at::Tensor&` returns the one mutated tensor's alias.
// REG-DAG: m.def("out_variant(Tensor x, *, Tensor(a!) out) -> Tensor(a!)");
// MANIFEST-DAG: "schema": "rt::out_variant(Tensor x, *, Tensor(a!) out) -> Tensor(a!)",
[[custom_op("rt::out_variant", mutates="out", kwonly="out")]]
at::Tensor& out_variant(const at::Tensor& x, at::Tensor& out);

// ... whichever alias set that tensor has.
// REG-DAG: m.def("inplace_(Tensor(a!)? maybe, Tensor(b!) self, float alpha) -> Tensor(b!)");
// MANIFEST-DAG: "schema": "rt::inplace_(Tensor(a!)? maybe, Tensor(b!) self, float alpha) -> Tensor(b!)",
[[custom_op("rt::inplace_", mutates="self, maybe")]]
at::Tensor& inplace_(std::optional<at::Tensor> maybe, at::Tensor& self, double alpha);

// A tuple of `at::Tensor&`: element i returns the i-th mutated tensor.
// REG-DAG: m.def("outs2(Tensor x, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!), Tensor(b!))");
// MANIFEST-DAG: "schema": "rt::outs2(Tensor x, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!), Tensor(b!))",
[[custom_op("rt::outs2", mutates="values, indices")]]
std::tuple<at::Tensor&, at::Tensor&> outs2(const at::Tensor& x, at::Tensor& values,
                                           at::Tensor& indices);

// `aliases="x"`: the returned tensor is a view of x, which is not written.
// REG-DAG: m.def("view_of(Tensor(a) x, int n) -> Tensor(a)");
// MANIFEST-DAG: "schema": "rt::view_of(Tensor(a) x, int n) -> Tensor(a)",
[[custom_op("rt::view_of", aliases="x")]]
at::Tensor view_of(const at::Tensor& x, int64_t n);

// ... after the alias sets of the mutated arguments.
// REG-DAG: m.def("view_and_write(Tensor(a!) buf, Tensor(b) x) -> Tensor(b)");
[[custom_op("rt::view_and_write", mutates="buf", aliases="x")]]
at::Tensor view_and_write(at::Tensor& buf, const at::Tensor& x);

// `returns="..."` names the outputs.
// REG-DAG: m.def("named(Tensor x) -> (Tensor packed_segments, Tensor? presence_mask)");
// MANIFEST-DAG: "schema": "rt::named(Tensor x) -> (Tensor packed_segments, Tensor? presence_mask)",
[[custom_op("rt::named", returns="packed_segments, presence_mask")]]
std::tuple<at::Tensor, std::optional<at::Tensor>> named(const at::Tensor& x);

// REG-DAG: m.def("named_outs(Tensor(a!) a, Tensor(b!) b) -> (Tensor(a!) first, Tensor(b!) second)");
[[custom_op("rt::named_outs", mutates="a,b", returns="first,second")]]
std::tuple<at::Tensor&, at::Tensor&> named_outs(at::Tensor& a, at::Tensor& b);

// `std::vector<std::string>` returns `str[]`.
// REG-DAG: m.def("names(Tensor x) -> str[]");
// MANIFEST-DAG: "schema": "rt::names(Tensor x) -> str[]",
[[custom_op("rt::names")]]
std::vector<std::string> names(const at::Tensor& x);

} // namespace rt
