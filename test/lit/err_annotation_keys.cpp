// The keys of an annotation: an unknown key, `mutates` naming a missing or a
// non-tensor parameter (or one twice), `kwonly` naming a missing parameter,
// an unknown tag or device, an `at::Tensor&` return without exactly one
// mutated tensor (or a tuple of them without as many), `aliases` naming a
// missing, non-tensor or mutated parameter or with a return that is not one
// tensor, `returns` with bad names. Errors point at the key's value.
// RUN: rm -rf %t && opgen %inputs/good.cpp -o %t/out && cp -r %t/out %t/before
// RUN: not opgen %s -o %t/out 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: diff -r %t/before %t/out
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

#include <tuple>

namespace ek {

// CHECK: err_annotation_keys.cpp:[[@LINE+2]]:39: error: unknown key 'mutate' in 'custom_op' annotation
// CHECK: err_annotation_keys.cpp:[[@LINE+1]]:39: note: hint: did you mean 'mutates'? known keys: mutates, kwonly, tags, device
[[custom_op("ek::unknown_key", mutate="x")]] void unknown_key(const at::Tensor& x);

// A key nothing like a known one gets the list alone.
// CHECK: err_annotation_keys.cpp:[[@LINE+2]]:39: error: unknown key 'frobnicate' in 'custom_op' annotation
// CHECK: err_annotation_keys.cpp:[[@LINE+1]]:39: note: hint: known keys: mutates, kwonly, tags, device
[[custom_op("ek::far_key", frobnicate="x")]] void far_key(const at::Tensor& x);

// A misspelt parameter name in mutates= and kwonly=.
// CHECK: err_annotation_keys.cpp:[[@LINE+2]]:37: error: 'mutates' names 'ouput', which is not a parameter of 'misspelt'
// CHECK: err_annotation_keys.cpp:[[@LINE+1]]:37: note: hint: did you mean 'output'? parameters are: x, output
[[custom_op("ek::misspelt", mutates="ouput")]] void misspelt(const at::Tensor& x, at::Tensor& output);
// CHECK: err_annotation_keys.cpp:[[@LINE+2]]:39: error: 'kwonly' names 'alhpa', which is not a parameter of 'kw_misspelt'
// CHECK: err_annotation_keys.cpp:[[@LINE+1]]:39: note: hint: did you mean 'alpha'? parameters are: x, alpha
[[custom_op("ek::kw_misspelt", kwonly="alhpa")]] at::Tensor kw_misspelt(const at::Tensor& x, double alpha);

// CHECK: err_annotation_keys.cpp:[[@LINE+2]]:42: error: 'mutates' names 'y', which is not a parameter of 'missing_param'
// CHECK: err_annotation_keys.cpp:[[@LINE+1]]:42: note: hint: parameters are: x, n
[[custom_op("ek::missing_param", mutates="x, y")]] void missing_param(at::Tensor& x, int64_t n);

// CHECK: err_annotation_keys.cpp:[[@LINE+2]]:39: error: 'mutates' names 'n' of type 'int64_t'; only tensors, optional tensors and lists of tensors can be mutated
// CHECK: err_annotation_keys.cpp:[[@LINE+1]]:39: note: hint: remove 'n' from 'mutates'
[[custom_op("ek::non_tensor", mutates="n")]] void non_tensor(const at::Tensor& x, int64_t n);

// CHECK: err_annotation_keys.cpp:[[@LINE+2]]:37: error: 'mutates' names 'sizes' of type 'c10::IntArrayRef'; only tensors, optional tensors and lists of tensors can be mutated
// CHECK: note: hint: remove 'sizes' from 'mutates'
[[custom_op("ek::int_list", mutates="sizes")]] void int_list(const at::Tensor& x, c10::IntArrayRef sizes);

// CHECK: err_annotation_keys.cpp:[[@LINE+2]]:34: error: 'mutates' names 'x' twice
// CHECK: err_annotation_keys.cpp:[[@LINE+1]]:34: note: hint: list each parameter once
[[custom_op("ek::twice", mutates="x, x")]] void twice(at::Tensor& x);

// CHECK: err_annotation_keys.cpp:[[@LINE+2]]:42: error: 'kwonly' names 'z', which is not a parameter of 'kwonly_missing'
// CHECK: err_annotation_keys.cpp:[[@LINE+1]]:42: note: hint: parameters are: x, n
[[custom_op("ek::kwonly_missing", kwonly="z")]] at::Tensor kwonly_missing(const at::Tensor& x, int64_t n);

// CHECK: err_annotation_keys.cpp:[[@LINE+2]]:33: error: unknown tag 'pt2_compliant'
// CHECK: err_annotation_keys.cpp:[[@LINE+1]]:33: note: hint: known tags: core, {{.*}}needs_fixed_stride_order{{.*}}, pt2_compliant_tag{{.*}}
[[custom_op("ek::bad_tag", tags="needs_fixed_stride_order, pt2_compliant")]] at::Tensor bad_tag(const at::Tensor& x);

// CHECK: err_annotation_keys.cpp:[[@LINE+2]]:38: error: unknown device 'tpu'
// CHECK: err_annotation_keys.cpp:[[@LINE+1]]:38: note: hint: use one of: cpu, cuda, meta, quantizedcpu, quantizedcuda, xpu, mps, privateuse1, default, compositeimplicit{{$}}
[[custom_op("ek::bad_device", device="tpu")]] at::Tensor bad_device(const at::Tensor& x);

// Device names are lower case.
// CHECK: err_annotation_keys.cpp:[[@LINE+2]]:38: error: unknown device 'CUDA'
// CHECK: note: hint: use one of: cpu, cuda, meta, quantizedcpu, quantizedcuda, xpu, mps, privateuse1, default, compositeimplicit{{$}}
[[custom_op("ek::upper_case", device="CUDA")]] at::Tensor upper_case(const at::Tensor& x);

// (After the warning for `out`, taken by non-const reference.)
// CHECK: err_annotation_keys.cpp:[[@LINE+4]]:55: warning: 'out' is taken by non-const reference but is not listed in 'mutates' [UnmarkedMutableTensor]{{$}}
// CHECK: err_annotation_keys.cpp:[[@LINE+3]]:13: error: returning 'at::Tensor&' needs exactly one mutated tensor to alias, found 0 [ReturnRefNeedsOneMutated]{{$}}
// CHECK: note: hint: list the returned out tensor in 'mutates', or return at::Tensor by value{{$}}
[[custom_op("ek::ref_none")]]
at::Tensor& ref_none(const at::Tensor& x, at::Tensor& out);

// CHECK: err_annotation_keys.cpp:[[@LINE+3]]:13: error: returning 'at::Tensor&' needs exactly one mutated tensor to alias, found 2
// CHECK: note: hint: list the returned out tensor in 'mutates', or return at::Tensor by value
[[custom_op("ek::ref_two", mutates="a, b")]]
at::Tensor& ref_two(at::Tensor& a, at::Tensor& b);

// An optional tensor is no `Tensor` for the reference to alias.
// CHECK: err_annotation_keys.cpp:[[@LINE+3]]:13: error: returning 'at::Tensor&' needs exactly one mutated tensor to alias, found 0
// CHECK: note: hint: list the returned out tensor in 'mutates', or return at::Tensor by value
[[custom_op("ek::ref_optional", mutates="maybe")]]
at::Tensor& ref_optional(const at::Tensor& x, std::optional<at::Tensor> maybe);

// A tuple of references needs one mutated tensor per element.
// CHECK: err_annotation_keys.cpp:[[@LINE+3]]:38: error: returning a tuple of 2 'at::Tensor&' needs 2 mutated tensors to alias, found 1 [ReturnRefTupleMismatch]{{$}}
// CHECK: note: hint: element i of the tuple returns the i-th tensor in 'mutates' (in parameter order); list exactly the returned out tensors, or return the tuple by value{{$}}
[[custom_op("ek::tuple_refs", mutates="a")]]
std::tuple<at::Tensor&, at::Tensor&> tuple_refs(at::Tensor& a, const at::Tensor& b);

// ... and, where the body shows it, the elements in that order.
// CHECK: err_annotation_keys.cpp:[[@LINE+6]]:19: error: element 0 of the returned tuple is 'b', but the schema has it alias 'a' [ReturnRefTupleOrder]{{$}}
// CHECK: note: hint: return the out tensors in parameter order, the order of their alias sets: return {a, b};{{$}}
[[custom_op("ek::tuple_order", mutates="a, b")]]
std::tuple<at::Tensor&, at::Tensor&> tuple_order(at::Tensor& a, at::Tensor& b) {
  a.zero_();
  b.zero_();
  return std::tie(b, a);
}

// CHECK: err_annotation_keys.cpp:[[@LINE+2]]:42: error: 'aliases' names 'y', which is not a parameter of 'alias_missing' [AliasesUnknownParam]{{$}}
// CHECK: err_annotation_keys.cpp:[[@LINE+1]]:42: note: hint: parameters are: x{{$}}
[[custom_op("ek::alias_missing", aliases="y")]] at::Tensor alias_missing(const at::Tensor& x);

// CHECK: err_annotation_keys.cpp:[[@LINE+2]]:38: error: 'aliases' cannot name 'n': it has type 'int64_t'; only a plain tensor can be viewed [AliasesInvalid]{{$}}
// CHECK: note: hint: name the one 'at::Tensor' parameter, not in 'mutates', that the returned tensor is a view of{{$}}
[[custom_op("ek::alias_int", aliases="n")]] at::Tensor alias_int(const at::Tensor& x, int64_t n);

// CHECK: err_annotation_keys.cpp:[[@LINE+1]]:55: error: 'aliases' cannot name 'x': 'mutates' lists it; to return the written argument itself, return it as 'at::Tensor&' [AliasesInvalid]{{$}}
[[custom_op("ek::alias_mutated", mutates="x", aliases="x")]] at::Tensor alias_mutated(at::Tensor& x);

// CHECK: err_annotation_keys.cpp:[[@LINE+1]]:38: error: 'aliases' cannot name 'x, y': name one parameter per returned value, in order [AliasesInvalid]{{$}}
[[custom_op("ek::alias_two", aliases="x, y")]] at::Tensor alias_two(const at::Tensor& x, const at::Tensor& y);

// CHECK: err_annotation_keys.cpp:[[@LINE+2]]:39: error: 'aliases' makes the return a view of 'x', but 'alias_pair' returns 'std::tuple<at::Tensor, at::Tensor>' [AliasesBadReturn]{{$}}
// CHECK: note: hint: return an at::Tensor by value that shares storage with 'x' (one per name in 'aliases'){{$}}
[[custom_op("ek::alias_pair", aliases="x")]] std::tuple<at::Tensor, at::Tensor> alias_pair(const at::Tensor& x);

// CHECK: err_annotation_keys.cpp:[[@LINE+1]]:39: error: 'aliases' makes the return a view of 'x', but 'alias_void' returns 'void' [AliasesBadReturn]{{$}}
[[custom_op("ek::alias_void", aliases="x")]] void alias_void(const at::Tensor& x);

// CHECK: err_annotation_keys.cpp:[[@LINE+2]]:42: error: 'returns' cannot name the outputs of 'returns_count': 1 name for 2 returned values [ReturnsInvalid]{{$}}
// CHECK: note: hint: give one identifier per returned value, in order, e.g. returns="values,indices"{{$}}
[[custom_op("ek::returns_count", returns="values")]] std::tuple<at::Tensor, at::Tensor> returns_count(const at::Tensor& x);

// CHECK: err_annotation_keys.cpp:[[@LINE+1]]:44: error: 'returns' cannot name the outputs of 'returns_keyword': 'in' is not a name torch accepts [ReturnsInvalid]{{$}}
[[custom_op("ek::returns_keyword", returns="in")]] at::Tensor returns_keyword(const at::Tensor& x);

// CHECK: err_annotation_keys.cpp:[[@LINE+1]]:42: error: 'returns' cannot name the outputs of 'returns_twice': 'a' is named twice [ReturnsInvalid]{{$}}
[[custom_op("ek::returns_twice", returns="a, a")]] std::tuple<at::Tensor, at::Tensor> returns_twice(const at::Tensor& x);

} // namespace ek
