// Each way a [[custom_op_backward]] can be wrong: an error at the exact
// place, with a hint; nothing is written.
// RUN: rm -rf %t && mkdir %t && echo keep > %t/previous
// RUN: not opgen %s -o %t 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// RUN: ls %t | FileCheck %s --check-prefix=UNTOUCHED
// UNTOUCHED: previous
// UNTOUCHED-NOT: registration.cpp
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

#include <array>
#include <tuple>
#include <vector>

namespace ea {

// CHECK-DAG: err_autograd.cpp:[[@LINE+2]]:22: error: 'custom_op_backward' names 'ea::nothing', which no {{\[\[}}custom_op{{\]\]}} defines
// CHECK-DAG: note: hint: annotate the forward kernel with {{\[\[}}custom_op("ea::nothing"){{\]\]}}, or fix the name
[[custom_op_backward("ea::nothing")]]
at::Tensor nothing_backward(const at::Tensor &grad);

[[custom_op("ea::inplace", mutates="x")]]
void inplace(at::Tensor &x);
// CHECK-DAG: err_autograd.cpp:[[@LINE+2]]:3: error: 'ea::inplace' mutates 'x'; opgen generates autograd only for functional ops
// CHECK-DAG: note: hint: return a new tensor instead of writing into an argument, or register autograd in Python
[[custom_op_backward("ea::inplace")]]
at::Tensor inplace_backward(const at::Tensor &grad);

[[custom_op("ea::count")]]
int64_t count(const at::Tensor &x);
// CHECK-DAG: err_autograd.cpp:[[@LINE+1]]:3: error: 'ea::count' returns 'int'; autograd glue needs every output to be a Tensor
[[custom_op_backward("ea::count")]]
at::Tensor count_backward(const at::Tensor &grad, const at::Tensor &x);

[[custom_op("ea::unmatched")]]
at::Tensor unmatched(const at::Tensor &x, double s);
// CHECK-DAG: err_autograd.cpp:[[@LINE+3]]:73: error: backward parameter 'y' matches nothing of 'ea::unmatched'
// CHECK-DAG: note: hint: name it after a forward input (x, s), 'grad', 'grad_out', 'grad_output' or 'grad_0' for its output's gradient, 'result' or 'result_0' for the output; or bind it to a forward tensor's metadata with bind="y=<input>.size(<i>)" (or sizes(), dim(), scalar_type(), device())
[[custom_op_backward("ea::unmatched")]]
at::Tensor unmatched_backward(const at::Tensor &grad, const at::Tensor &y);

// Two outputs, neither taken otherwise: which one `grad` means is not
// known, nor what `argmax` is (torchvision's roi_pool, without bind or
// returns).
[[custom_op("ea::two")]]
std::tuple<at::Tensor, at::Tensor> two(const at::Tensor &x);
// CHECK-DAG: err_autograd.cpp:[[@LINE+4]]:43: error: backward parameter 'grad' matches nothing of 'ea::two'
// CHECK-DAG: note: hint: name it after a forward input (x), 'grad_<i>' (i < 2) for output i's gradient, 'result_<i>' for output i, 'grad', 'grad_out' or 'grad_output' for the gradient of the one output no other parameter takes, a name bound with bind="<name>=result_<i>" for output i; or bind it to a forward tensor's metadata with bind="grad=<input>.size(<i>)" (or sizes(), dim(), scalar_type(), device())
// CHECK-DAG: err_autograd.cpp:[[@LINE+2]]:67: error: backward parameter 'argmax' matches nothing of 'ea::two'
[[custom_op_backward("ea::two")]]
at::Tensor two_backward(const at::Tensor &grad, const at::Tensor &argmax);

[[custom_op("ea::outputs2")]]
std::tuple<at::Tensor, at::Tensor> outputs2(const at::Tensor &x);
// CHECK-DAG: err_autograd.cpp:[[@LINE+1]]:43: error: 'bind' reads 'result_2', but 'ea::outputs2' has 2 output(s)
[[custom_op_backward("ea::outputs2", bind="argmax=result_2")]]
at::Tensor outputs2_backward(const at::Tensor &grad, const at::Tensor &argmax);

[[custom_op("ea::typed")]]
at::Tensor typed(const at::Tensor &x, double s);
// CHECK-DAG: err_autograd.cpp:[[@LINE+3]]:59: error: backward parameter 's' is 'int' but the forward's 's' is 'float'
// CHECK-DAG: note: hint: take it with the same type as the forward
[[custom_op_backward("ea::typed")]]
at::Tensor typed_backward(const at::Tensor &grad, int64_t s);

[[custom_op("ea::pair")]]
at::Tensor pair(const at::Tensor &a, const at::Tensor &b);
// CHECK-DAG: err_autograd.cpp:[[@LINE+3]]:12: error: backward of 'ea::pair' returns 1 gradient(s); it must return one per tensor input (2: a, b)
// CHECK-DAG: note: hint: return a std::tuple of 2 at::Tensor (an undefined tensor means no gradient)
[[custom_op_backward("ea::pair")]]
at::Tensor pair_backward(const at::Tensor &grad);

[[custom_op("ea::masked")]]
at::Tensor masked(const at::Tensor &a, const at::Tensor &b, double s);
// CHECK-DAG: err_autograd.cpp:[[@LINE+4]]:49: error: backward parameter 'output_mask' is 'bool[3]'; it must be 'bool[2]', one flag per gradient of 'ea::masked' (a, b)
// CHECK-DAG: note: hint: take it as std::array<bool, 2> output_mask: output_mask[i] says whether tensor input i needs its gradient
[[custom_op_backward("ea::masked")]]
std::tuple<at::Tensor, at::Tensor> masked_backward(
    const at::Tensor &grad, std::array<bool, 3> output_mask);

[[custom_op("ea::listmask")]]
at::Tensor listmask(const at::Tensor &x);
// CHECK-DAG: err_autograd.cpp:[[@LINE+2]]:75: error: backward parameter 'output_mask' is 'int[]'; it must be 'bool[1]', one flag per gradient of 'ea::listmask' (x)
[[custom_op_backward("ea::listmask")]]
at::Tensor listmask_backward(const at::Tensor &grad, std::vector<int64_t> output_mask);

[[custom_op("ea::keyed")]]
at::Tensor keyed(const at::Tensor &x);
// CHECK-DAG: err_autograd.cpp:[[@LINE+2]]:43: error: unknown key 'mutates' in 'custom_op_backward' annotation
// CHECK-DAG: note: hint: a backward annotation takes only device, symint, name, bind, grads, args; the backward op's schema comes from its signature
[[custom_op_backward("ea::keyed", mutates="grad")]]
at::Tensor keyed_backward(const at::Tensor &grad);

// name= names the backward op: a valid op name, in the forward's namespace,
// the same for every backward kernel of one op.
[[custom_op("ea::named")]]
at::Tensor named(const at::Tensor &x);
// CHECK-DAG: err_autograd.cpp:[[@LINE+2]]:40: error: invalid op name 'named_backward': missing namespace
// CHECK-DAG: note: hint: write "ns::name" or "ns::name.overload" with identifiers
[[custom_op_backward("ea::named", name="named_backward")]]
at::Tensor named_backward(const at::Tensor &grad);
// CHECK-DAG: err_autograd.cpp:[[@LINE+2]]:40: error: backward op 'other::named_backward' is not in the namespace of 'ea::named'
// CHECK-DAG: note: hint: name it 'ea::...': a library registers its backward ops beside their forwards
[[custom_op_backward("ea::named", name="other::named_backward")]]
at::Tensor named_backward_2(const at::Tensor &grad);

[[custom_op("ea::twice")]]
at::Tensor twice(const at::Tensor &x);
[[custom_op_backward("ea::twice", name="ea::_twice_backward")]]
at::Tensor twice_backward(const at::Tensor &grad);
// CHECK-DAG: err_autograd.cpp:[[@LINE+2]]:22: error: 'ea::twice' already has the backward op 'ea::_twice_backward'; this backward names 'ea::twice_backward'
// CHECK-DAG: note: hint: give every backward kernel of one op the same name="...", or none
[[custom_op_backward("ea::twice", device="default")]]
at::Tensor twice_backward_default(const at::Tensor &grad);

// name= may not take the name of an op of its own.
[[custom_op("ea::clash")]]
at::Tensor clash(const at::Tensor &x);
[[custom_op("ea::clash_other")]]
at::Tensor clash_other(const at::Tensor &x);
// CHECK-DAG: err_autograd.cpp:[[@LINE+2]]:40: error: backward op 'ea::clash_other' has the name of an op annotated with {{\[\[}}custom_op{{\]\]}}
// CHECK-DAG: note: hint: give the backward its own name, e.g. name="ea::_clash_backward"
[[custom_op_backward("ea::clash", name="ea::clash_other")]]
at::Tensor clash_backward(const at::Tensor &grad);

// bind= binds backward parameters to metadata of forward tensors.
[[custom_op("ea::bound")]]
at::Tensor bound(const at::Tensor &x, double s);
// CHECK-DAG: err_autograd.cpp:[[@LINE+7]]:40: error: 'n=x.numel()' is not a binding opgen understands
// CHECK-DAG: note: hint: write 'param=x.size(i)' (or x.sizes(), x.dim(), x.scalar_type(), x.device()) for a forward tensor argument x; separate bindings with ','
// CHECK-DAG: err_autograd.cpp:[[@LINE+5]]:40: error: 'bind' names 'm', which is not a parameter of the backward 'ea::bound_backward'
// CHECK-DAG: note: hint: bind one of its parameters: grad, n, k
// CHECK-DAG: err_autograd.cpp:[[@LINE+3]]:40: error: 'bind' reads 's', which is not a tensor argument of 'ea::bound'
// CHECK-DAG: note: hint: read the metadata of one of its tensor arguments: x
// CHECK-NOT: matches nothing of 'ea::bound'
[[custom_op_backward("ea::bound", bind="n=x.numel(), m=x.size(0), k=s.size(0)")]]
at::Tensor bound_backward(const at::Tensor &grad, int64_t n, int64_t k);

[[custom_op("ea::bound_type")]]
at::Tensor bound_type(const at::Tensor &x);
// CHECK-DAG: err_autograd.cpp:[[@LINE+4]]:68: error: backward parameter 'dims' is 'float', but 'x.sizes()' is 'int[]'
// CHECK-DAG: note: hint: take it as std::vector<int64_t>, c10::IntArrayRef or c10::SymIntArrayRef
[[custom_op_backward("ea::bound_type", bind="dims=x.sizes()")]]
at::Tensor bound_type_backward(const at::Tensor &grad,
                                                            double dims);

// grads= names the tensor inputs the backward returns gradients for.
[[custom_op("ea::partial")]]
at::Tensor partial(const at::Tensor &x, const at::Tensor &w, double s);
// CHECK-DAG: err_autograd.cpp:[[@LINE+4]]:43: error: 'grads' names 's', which is not a tensor argument of 'ea::partial'
// CHECK-DAG: note: hint: name tensor arguments of the forward: x, w
// CHECK-DAG: err_autograd.cpp:[[@LINE+2]]:43: error: 'grads' names 'x' twice
// CHECK-DAG: note: hint: the backward returns one gradient per input: name each once
[[custom_op_backward("ea::partial", grads="x, s, x")]]
at::Tensor partial_backward(const at::Tensor &grad);

} // namespace ea
