// docs/types.md: types are matched after desugaring, so torch::Tensor, at::
// and c10:: spellings, c10::optional/at::optional and user typedefs and
// aliases all map like the types they name. <torch/types.h> is the real
// header that makes torch::Tensor.
// RUN: rm -rf %t && opgen %s -o %t
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: %python %inputs/roundtrip.py %t
#include <opgen/opgen.h>

#include <torch/types.h>

namespace ta {

typedef at::Tensor MyTensor;
using MyOptional = c10::optional<torch::Tensor>;
using Index = int64_t;
typedef std::vector<Index> Indices;
using Scale = double;
template <typename T> using Maybe = std::optional<T>;
using Tensors = std::vector<torch::Tensor>;

// REG-DAG: m.def("torch_spelling(Tensor x, Tensor? w, Tensor[] xs) -> Tensor");
// MANIFEST-DAG: "schema": "ta::torch_spelling(Tensor x, Tensor? w, Tensor[] xs) -> Tensor",
[[custom_op("ta::torch_spelling")]]
torch::Tensor torch_spelling(const torch::Tensor& x,
                             const std::optional<torch::Tensor>& w,
                             torch::TensorList xs);

// REG-DAG: m.def("optional_spellings(Tensor x, Tensor? a, Tensor? b, Tensor? c, int? d) -> Tensor");
// MANIFEST-DAG: "schema": "ta::optional_spellings(Tensor x, Tensor? a, Tensor? b, Tensor? c, int? d) -> Tensor",
[[custom_op("ta::optional_spellings")]]
at::Tensor optional_spellings(const at::Tensor& x, c10::optional<at::Tensor> a,
                              at::optional<torch::Tensor> b,
                              torch::optional<at::Tensor> c,
                              c10::optional<int64_t> d);

// REG-DAG: m.def("typedefs(Tensor x, Tensor? w, int n, int[] idx, float s, Tensor? m, Tensor[] ts) -> (Tensor, Tensor[])");
// MANIFEST-DAG: "schema": "ta::typedefs(Tensor x, Tensor? w, int n, int[] idx, float s, Tensor? m, Tensor[] ts) -> (Tensor, Tensor[])",
[[custom_op("ta::typedefs")]]
std::tuple<MyTensor, Tensors> typedefs(const MyTensor& x, MyOptional w,
                                       Index n, const Indices& idx, Scale s,
                                       Maybe<MyTensor> m, Tensors ts);

// c10/at/torch spellings of the array and scalar types.
// REG-DAG: m.def("namespaces(Tensor x, int[] a, int[] b, int[] c, SymInt[] d, Scalar e, ScalarType f, Device g) -> Tensor");
// MANIFEST-DAG: "schema": "ta::namespaces(Tensor x, int[] a, int[] b, int[] c, SymInt[] d, Scalar e, ScalarType f, Device g) -> Tensor",
[[custom_op("ta::namespaces")]]
at::Tensor namespaces(const at::Tensor& x, c10::IntArrayRef a,
                      at::IntArrayRef b, torch::IntArrayRef c,
                      c10::SymIntArrayRef d, const torch::Scalar& e,
                      torch::ScalarType f, torch::Device g);

} // namespace ta
