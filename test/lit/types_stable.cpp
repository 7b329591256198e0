// docs/types.md#stable-abi-types: kernels written against PyTorch's stable
// ABI (torch/csrc/stable/, torch/headeronly/) get their schema inferred like
// at:: kernels; the discovery record says which API each kernel uses
// (kernel.abi: stable, classic or either).
// RUN: rm -rf %t && opgen --discover %s -o %t.json 2> %t.stderr
// RUN: FileCheck %s --input-file=%t.json
// Every stable kernel here compiles through the stable ABI's boxing, which
// the schema must match (TORCH_BOX at the end of the file):
// RUN: clang++ -std=c++17 -fsyntax-only -DBOX_THEM -I%torch_include -I%runtime_include %s
// `mutates` and its warnings are the check phase's (stable_mutation.cpp).
#include <opgen/opgen.h>

#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>
#include <torch/headeronly/core/Layout.h>
#include <torch/headeronly/core/MemoryFormat.h>
#include <torch/headeronly/core/ScalarType.h>
#include <torch/headeronly/util/HeaderOnlyArrayRef.h>

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace st {

using torch::headeronly::HeaderOnlyArrayRef;
using torch::stable::Tensor;

// CHECK: "text": "st::tensors"
// CHECK: "inferred_schema": "_(Tensor a0, Tensor a1, Tensor a2, Tensor? a3, Tensor? a4) -> Tensor"
// CHECK: "abi": "stable"
// CHECK: "mutable_ref": false,
// CHECK: "mutable_ref": false,
// CHECK: "mutable_ref": false,
// CHECK: "std_optional": true
// CHECK: "std_optional": true
[[custom_op("st::tensors")]]
torch::stable::Tensor tensors(torch::stable::Tensor a, const Tensor& b,
                              const Tensor c,
                              std::optional<torch::stable::Tensor> d,
                              const std::optional<Tensor>& e);

// A non-const reference is a tensor the kernel writes, as for at::Tensor&
// (torch::stable::zero_ takes its self so): `mutates` declares it.
// CHECK: "text": "st::in_place"
// CHECK: "inferred_schema": "_(Tensor a0) -> ()"
// CHECK: "abi": "stable"
// CHECK: "mutable_ref": true,
[[custom_op("st::in_place", mutates="x")]]
void in_place(torch::stable::Tensor& x);

// CHECK: "text": "st::unmarked_ref"
// CHECK: "inferred_schema": "_(Tensor a0) -> Tensor"
// CHECK: "mutable_ref": true,
[[custom_op("st::unmarked_ref")]] Tensor unmarked_ref(Tensor& x);

// Lists: torch::headeronly::HeaderOnlyArrayRef (TORCH_BOX unboxes it as a
// std::vector) and std::vector, of int64_t, double and torch::stable::Tensor.
// CHECK: "text": "st::lists"
// CHECK: "inferred_schema": "_(int[] a0, float[] a1, Tensor[] a2, int[] a3, float[] a4, Tensor[] a5, int[] a6) -> Tensor"
// CHECK: "abi": "stable"
// CHECK: "container": "HeaderOnlyArrayRef"
// CHECK: "container": "HeaderOnlyArrayRef"
// CHECK: "container": "HeaderOnlyArrayRef"
// CHECK: "container": "vector"
// CHECK: "container": "vector"
// CHECK: "container": "vector"
// CHECK: "container": "HeaderOnlyArrayRef"
[[custom_op("st::lists")]]
Tensor lists(torch::headeronly::HeaderOnlyArrayRef<int64_t> a,
             HeaderOnlyArrayRef<double> b, HeaderOnlyArrayRef<Tensor> c,
             std::vector<int64_t> d, const std::vector<double>& e,
             const std::vector<Tensor>& f,
             const HeaderOnlyArrayRef<int64_t>& g);

// CHECK: "text": "st::optional_lists"
// CHECK: "inferred_schema": "_(int[]? a0, float[]? a1, Tensor[]? a2) -> Tensor"
// CHECK: "abi": "stable"
[[custom_op("st::optional_lists")]]
Tensor optional_lists(std::optional<HeaderOnlyArrayRef<int64_t>> a,
                      std::optional<std::vector<double>> b,
                      std::optional<std::vector<Tensor>> c);

// Scalars and enums: ScalarType, Layout and MemoryFormat of
// torch::headeronly are c10's enums, so they fit both APIs.
// CHECK: "text": "st::scalars"
// CHECK: "inferred_schema": "_(Tensor a0, int a1, float a2, bool a3, ScalarType a4, ScalarType? a5, Layout a6, MemoryFormat? a7, Device a8, Device? a9) -> Tensor"
// CHECK: "abi": "stable"
[[custom_op("st::scalars")]]
Tensor scalars(const Tensor& x, int64_t n, double f, bool b,
               torch::headeronly::ScalarType dtype,
               std::optional<torch::headeronly::ScalarType> out_dtype,
               torch::headeronly::Layout layout,
               std::optional<torch::headeronly::MemoryFormat> format,
               torch::stable::Device device,
               std::optional<torch::stable::Device> other_device);

// Strings: TORCH_BOX unboxes a `str` as std::string (a std::string_view
// parameter views it).
// CHECK: "text": "st::strings"
// CHECK: "inferred_schema": "_(Tensor a0, str a1, str a2, str a3, str? a4) -> Tensor"
// CHECK: "abi": "stable"
[[custom_op("st::strings")]]
Tensor strings(const Tensor& x, std::string a, const std::string& b,
               std::string_view c, std::optional<std::string> d);

// Returns: a tensor, a tuple, a list, an optional tensor, scalars, nothing.
// CHECK: "text": "st::ret_tuple"
// CHECK: "inferred_schema": "_(Tensor a0) -> (Tensor, Tensor, int)"
// CHECK: "abi": "stable"
[[custom_op("st::ret_tuple")]]
std::tuple<Tensor, torch::stable::Tensor, int64_t> ret_tuple(const Tensor& x);

// CHECK: "text": "st::ret_list"
// CHECK: "inferred_schema": "_(Tensor a0) -> Tensor[]"
// CHECK: "abi": "stable"
[[custom_op("st::ret_list")]]
std::vector<torch::stable::Tensor> ret_list(const Tensor& x);

// CHECK: "text": "st::ret_optional"
// CHECK: "inferred_schema": "_(Tensor a0) -> Tensor?"
// CHECK: "abi": "stable"
[[custom_op("st::ret_optional")]]
std::optional<Tensor> ret_optional(const Tensor& x);

// CHECK: "text": "st::ret_void"
// CHECK: "inferred_schema": "_(Tensor a0) -> ()"
// CHECK: "abi": "stable"
[[custom_op("st::ret_void", mutates="x")]]
void ret_void(const Tensor& x);

// CHECK: "text": "st::ret_scalars"
// CHECK: "inferred_schema": "_(Tensor a0) -> (int, float, bool, ScalarType, Device, str, int[])"
// CHECK: "abi": "stable"
[[custom_op("st::ret_scalars")]]
std::tuple<int64_t, double, bool, torch::headeronly::ScalarType,
           torch::stable::Device, std::string, std::vector<int64_t>>
ret_scalars(const Tensor& x);

// Defaults render as for the classic types.
// CHECK: "text": "st::defaults"
// CHECK: "inferred_schema": "_(Tensor a0, Tensor? a1=None, Tensor? a2=None, int[] a3=[], int[] a4=[1, 2], float[] a5=[0.5, 2.], int[]? a6=None, str a7=\"mean\", str? a8=None, int a9=-1, float a10=0.5, bool a11=True, ScalarType? a12=None, Device? a13=None) -> Tensor"
// CHECK: "abi": "stable"
[[custom_op("st::defaults")]]
Tensor defaults(const Tensor& x, std::optional<Tensor> a = std::nullopt,
                std::optional<Tensor> b = {},
                HeaderOnlyArrayRef<int64_t> c = {},
                HeaderOnlyArrayRef<int64_t> d = {1, 2},
                std::vector<double> e = {0.5, 2.0},
                std::optional<HeaderOnlyArrayRef<int64_t>> f = std::nullopt,
                std::string_view g = "mean",
                std::optional<std::string> h = std::nullopt, int64_t i = -1,
                double j = 0.5, bool k = true,
                std::optional<torch::headeronly::ScalarType> l = std::nullopt,
                std::optional<torch::stable::Device> m = std::nullopt);

// Only the stable types tell: a signature of int64_t, double, bool,
// std::string, std::vector and the shared enums fits both APIs.
// CHECK: "text": "st::neutral"
// CHECK: "inferred_schema": "_(int a0, float a1, bool a2, str a3, int[] a4, ScalarType a5) -> int"
// CHECK: "abi": "either"
[[custom_op("st::neutral")]]
int64_t neutral(int64_t n, double f, bool b, std::string s,
                std::vector<int64_t> v, torch::headeronly::ScalarType t);

// CHECK: "text": "st::classic"
// CHECK: "inferred_schema": "_(Tensor a0, int a1) -> Tensor"
// CHECK: "abi": "classic"
[[custom_op("st::classic")]]
at::Tensor classic(const at::Tensor& x, int64_t n);

// A fixed-size bool list only the classic dispatcher carries.
// CHECK: "text": "st::classic_only"
// CHECK: "inferred_schema": "_(bool[2] a0) -> int"
// CHECK: "abi": "classic"
[[custom_op("st::classic_only")]]
int64_t classic_only(std::array<bool, 2> flags);

} // namespace st

#ifdef BOX_THEM
// What STABLE_TORCH_LIBRARY_IMPL registers: each signature compiles.
namespace st {
[[maybe_unused]] void box_them() {
  (void)TORCH_BOX(&tensors);
  (void)TORCH_BOX(&in_place);
  (void)TORCH_BOX(&unmarked_ref);
  (void)TORCH_BOX(&lists);
  (void)TORCH_BOX(&optional_lists);
  (void)TORCH_BOX(&scalars);
  (void)TORCH_BOX(&strings);
  (void)TORCH_BOX(&ret_tuple);
  (void)TORCH_BOX(&ret_list);
  (void)TORCH_BOX(&ret_optional);
  (void)TORCH_BOX(&ret_void);
  (void)TORCH_BOX(&ret_scalars);
  (void)TORCH_BOX(&defaults);
  (void)TORCH_BOX(&neutral);
}
} // namespace st
#endif
