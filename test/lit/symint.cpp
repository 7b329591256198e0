// symint="...": integer parameters the kernel takes as int64_t become SymInt
// in the schema; the wrapper passes the concrete value; a backward takes the
// key too. Names that are no parameter, or no integer, are errors.
// RUN: rm -rf %t && opgen %s -o %t --python-package si 2>&1 | not grep -E "error:|warning:"
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=SHARD --input-file=%t/shards/symint.cpp
// RUN: not opgen %s -o %t.bad -- -DBAD 2> %t.err
// RUN: FileCheck %s --check-prefix=BAD --input-file=%t.err
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

#include <optional>
#include <vector>

// Registered in name order: _pool_backward first.
// REG: m.def("_pool_backward(Tensor grad, Tensor x, SymInt ph, SymInt pw) -> Tensor");
// REG: m.def("pool(Tensor x, SymInt ph, SymInt pw, SymInt[] sizes, SymInt? groups, int plain) -> Tensor");
[[custom_op("si::pool", symint="ph, pw,sizes,groups")]]
at::Tensor pool(const at::Tensor &x, int64_t ph, int64_t pw,
                std::vector<int64_t> sizes, std::optional<int64_t> groups,
                int64_t plain);

[[custom_op_backward("si::pool", name="si::_pool_backward", symint="ph,pw")]]
at::Tensor pool_backward(const at::Tensor &grad, const at::Tensor &x,
                         int64_t ph, int64_t pw);

// The kernel keeps int64_t: the wrapper takes SymInts and passes values.
// SHARD: at::Tensor si__pool_backward__CPU(const at::Tensor& grad, const at::Tensor& x, c10::SymInt ph, c10::SymInt pw) {
// SHARD-NEXT: return ::pool_backward(grad, x, opgen::rt::concrete(ph, __FILE__, __LINE__), opgen::rt::concrete(pw, __FILE__, __LINE__));
// SHARD: return ::pool(x, opgen::rt::concrete(ph, __FILE__, __LINE__), opgen::rt::concrete(pw, __FILE__, __LINE__), opgen::rt::concrete(sizes, __FILE__, __LINE__), opgen::rt::concrete(groups, __FILE__, __LINE__), plain);

#ifdef BAD
// BAD-DAG: symint.cpp:[[@LINE+2]]:36: error: 'symint' names 'hieght', which is not a parameter of 'bad_name'
// BAD-DAG: note: hint: did you mean 'height'? parameters are: x, height
[[custom_op("si::bad_name", symint="hieght")]]
at::Tensor bad_name(const at::Tensor &x, int64_t height);

// BAD-DAG: symint.cpp:[[@LINE+2]]:36: error: 'symint' names 'x' of type 'const at::Tensor &'; only integers and lists of integers can be SymInt
// BAD-DAG: note: hint: remove 'x' from 'symint'; it takes int64_t, std::optional<int64_t> and integer lists
[[custom_op("si::bad_type", symint="x")]]
at::Tensor bad_type(const at::Tensor &x);
#endif
