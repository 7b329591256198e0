// A user header read inside a namespace two system headers open and close.
[[custom_op("split::in_split")]]
at::Tensor in_split(const at::Tensor &x) {
  x.view({-1}).add_(1);
  return at::empty({x.size(0), 4}, x.options());
}
