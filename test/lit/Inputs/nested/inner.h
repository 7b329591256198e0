// Included inside a namespace block of nested_include.cpp: the annotated
// declaration's namespace begins in the file that includes this one.
[[custom_op("ni::inner")]]
at::Tensor inner(const at::Tensor& x);
