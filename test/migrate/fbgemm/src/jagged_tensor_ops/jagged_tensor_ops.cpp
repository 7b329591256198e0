// FBGEMM's jagged tensor ops, defined the way FBGEMM defines them: a
// TORCH_LIBRARY_FRAGMENT of the fbgemm library holding only the schemas
// (Tensor[], SymInt[], SymInt?, int? and defaults); their kernels are
// registered by the files that define them (jagged_tensor_ops_cpu.cpp,
// jagged_tensor_ops_meta.cpp, jagged_tensor_ops.cu). Schemas as FBGEMM's.
#include <torch/library.h>

TORCH_LIBRARY_FRAGMENT(fbgemm, m) {
  m.def(
      "jagged_2d_to_dense(Tensor values, Tensor offsets, SymInt max_sequence_length) -> Tensor");
  m.def(
      "jagged_1d_to_dense(Tensor values, Tensor offsets, SymInt max_sequence_length, int padding_value) -> Tensor");
  m.def(
      "jagged_to_padded_dense(Tensor values, Tensor[] offsets, SymInt[] max_lengths, float padding_value = 0) -> Tensor");
  m.def(
      "dense_to_jagged(Tensor dense, Tensor[] x_offsets, SymInt? total_L=None) -> (Tensor, Tensor[])");
  m.def(
      "jagged_index_select(Tensor values, Tensor lengths, Tensor indices, int? num_dense_output_rows=None) -> Tensor[]");
}
