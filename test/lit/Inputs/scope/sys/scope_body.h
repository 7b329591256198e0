// A system header that defines functions a user file annotates.
#pragma once
#include <ATen/ATen.h>
namespace sc {
void def_in_sys(const at::Tensor &x) { x.add_(1); }
at::Tensor alloc_in_sys(const at::Tensor &x) {
  return at::empty({x.size(0), 3}, x.options());
}
} // namespace sc
