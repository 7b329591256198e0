// Defaults (docs/types.md), rendered the way torch prints them: std::nullopt,
// c10::nullopt and `{}` on optionals are None; true/false are True/False;
// integers and floats keep their sign (1e-5 prints as torch's repr,
// 1.0000000000000001e-05); strings are quoted; braced number lists are
// [..]. Constants are evaluated.
// RUN: rm -rf %t && opgen %s -o %t
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: %python %inputs/roundtrip.py %t
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace df {

constexpr int64_t kBlock = 128;

// REG-DAG: m.def("none(Tensor x, Tensor? a=None, Tensor? b=None, Tensor? c=None, int? d=None, float? e=None, int[]? f=None, int[]? g=None, str? h=None, ScalarType? i=None, Generator? j=None) -> Tensor");
// MANIFEST-DAG: "schema": "df::none(Tensor x, Tensor? a=None, Tensor? b=None, Tensor? c=None, int? d=None, float? e=None, int[]? f=None, int[]? g=None, str? h=None, ScalarType? i=None, Generator? j=None) -> Tensor",
[[custom_op("df::none")]]
at::Tensor none(const at::Tensor& x, std::optional<at::Tensor> a = std::nullopt,
                const c10::optional<at::Tensor>& b = c10::nullopt,
                const std::optional<at::Tensor>& c = {},
                std::optional<int64_t> d = std::nullopt,
                std::optional<double> e = {},
                at::OptionalIntArrayRef f = c10::nullopt,
                std::optional<std::vector<int64_t>> g = std::nullopt,
                std::optional<c10::string_view> h = std::nullopt,
                std::optional<at::ScalarType> i = std::nullopt,
                std::optional<at::Generator> j = std::nullopt);

// REG-DAG: m.def("bools(Tensor x, bool t=True, bool f=False, bool? o=True) -> Tensor");
// MANIFEST-DAG: "schema": "df::bools(Tensor x, bool t=True, bool f=False, bool? o=True) -> Tensor",
[[custom_op("df::bools")]]
at::Tensor bools(const at::Tensor& x, bool t = true, bool f = false,
                 std::optional<bool> o = true);

// REG-DAG: m.def("ints(Tensor x, int zero=0, int neg=-3, int pos=2, int big=9223372036854775807, int hex=16, int block=128, SymInt s=-1, int? maybe=4) -> Tensor");
// MANIFEST-DAG: "schema": "df::ints(Tensor x, int zero=0, int neg=-3, int pos=2, int big=9223372036854775807, int hex=16, int block=128, SymInt s=-1, int? maybe=4) -> Tensor",
[[custom_op("df::ints")]]
at::Tensor ints(const at::Tensor& x, int64_t zero = 0, int64_t neg = -3,
                int64_t pos = +2, int64_t big = 9223372036854775807,
                int64_t hex = 0x10, int64_t block = kBlock, c10::SymInt s = -1,
                std::optional<int64_t> maybe = 4);

// REG-DAG: m.def("floats(Tensor x, float eps=1.0000000000000001e-05, float half=0.5, float neg=-1.5, float one=1., float from_int=2., float big=10000000000., float tiny=-2.4999999999999999e-08, float? maybe=0.10000000000000001) -> Tensor");
// MANIFEST-DAG: "schema": "df::floats(Tensor x, float eps=1.0000000000000001e-05, float half=0.5, float neg=-1.5, float one=1., float from_int=2., float big=10000000000., float tiny=-2.4999999999999999e-08, float? maybe=0.10000000000000001) -> Tensor",
[[custom_op("df::floats")]]
at::Tensor floats(const at::Tensor& x, double eps = 1e-5, double half = 0.5,
                  double neg = -1.5, double one = 1.0, double from_int = 2,
                  double big = 1e10, double tiny = -2.5e-8,
                  std::optional<double> maybe = 0.1);

// Strings are printed with double quotes and escapes, as torch does.
// REG-DAG: m.def("strings(Tensor x, str mode=\"mean\", str empty=\"\", str quote=\"it\\'s\", str owned=\"sum\", str? maybe=\"none\") -> Tensor");
// MANIFEST-DAG: "schema": "df::strings(Tensor x, str mode=\"mean\", str empty=\"\", str quote=\"it\\'s\", str owned=\"sum\", str? maybe=\"none\") -> Tensor",
[[custom_op("df::strings")]]
at::Tensor strings(const at::Tensor& x, c10::string_view mode = "mean",
                   c10::string_view empty = "", std::string_view quote = "it's",
                   const std::string& owned = "sum",
                   std::optional<c10::string_view> maybe = "none");

// REG-DAG: m.def("lists(Tensor x, int[] sizes=[1, 2], int[] neg=[-1, 0], int[] empty=[], int[] vec=[3], float[] scales=[0.5, -1.], float[] no_scales=[], SymInt[] sym=[3, 4], SymInt[] no_sym=[], bool[2] mask=[True, False]) -> Tensor");
// MANIFEST-DAG: "schema": "df::lists(Tensor x, int[] sizes=[1, 2], int[] neg=[-1, 0], int[] empty=[], int[] vec=[3], float[] scales=[0.5, -1.], float[] no_scales=[], SymInt[] sym=[3, 4], SymInt[] no_sym=[], bool[2] mask=[True, False]) -> Tensor",
[[custom_op("df::lists")]]
at::Tensor lists(const at::Tensor& x, c10::IntArrayRef sizes = {1, 2},
                 std::vector<int64_t> neg = {-1, 0}, c10::IntArrayRef empty = {},
                 const std::vector<int64_t>& vec = {3},
                 std::vector<double> scales = {0.5, -1},
                 const std::vector<double>& no_scales = {},
                 c10::SymIntArrayRef sym = {3, 4}, c10::SymIntArrayRef no_sym = {},
                 std::array<bool, 2> mask = {true, false});

// REG-DAG: m.def("scalars(Tensor x, Scalar i=1, Scalar f=1.5, Scalar n=-2, Scalar? o=None) -> Tensor");
// MANIFEST-DAG: "schema": "df::scalars(Tensor x, Scalar i=1, Scalar f=1.5, Scalar n=-2, Scalar? o=None) -> Tensor",
[[custom_op("df::scalars")]]
at::Tensor scalars(const at::Tensor& x, const at::Scalar& i = 1,
                   at::Scalar f = 1.5, at::Scalar n = -2,
                   std::optional<at::Scalar> o = std::nullopt);

// Defaults with kwonly: after the `*`.
// REG-DAG: m.def("kw(Tensor x, *, float alpha=1., bool inplace=False) -> Tensor");
[[custom_op("df::kw", kwonly="alpha")]]
at::Tensor kw(const at::Tensor& x, double alpha = 1.0, bool inplace = false);

} // namespace df
