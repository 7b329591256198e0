// vLLM's CPU layernorm and rotary embedding kernels (csrc/cpu/layernorm.cpp
// and pos_encoding.cpp there), written with ATen ops: each writes into the
// tensors its schema marks `Tensor!`.
#include "../ops.h"

namespace {

at::Tensor rms(const at::Tensor& x, const at::Tensor& weight, double epsilon) {
  at::Tensor xf = x.to(at::kFloat);
  at::Tensor variance = xf.pow(2).mean(-1, /*keepdim=*/true);
  return (xf * at::rsqrt(variance + epsilon)).to(x.scalar_type()) * weight;
}

}  // namespace

void rms_norm(at::Tensor& out, at::Tensor& input, at::Tensor& weight,
              double epsilon) {
  TORCH_CHECK(out.sizes() == input.sizes(), "rms_norm: out must be input's size");
  out.copy_(rms(input, weight, epsilon));
}

void fused_add_rms_norm(at::Tensor& input, at::Tensor& residual,
                        at::Tensor& weight, double epsilon) {
  // residual = input + residual; input = rms_norm(residual)
  residual.add_(input);
  input.copy_(rms(residual, weight, epsilon));
}

void rotary_embedding(at::Tensor& positions, at::Tensor& query,
                      std::optional<at::Tensor> key, int64_t head_size,
                      at::Tensor& cos_sin_cache, bool is_neox) {
  // positions [num_tokens], query/key [num_tokens, num_heads * head_size],
  // cos_sin_cache [max_position, rot_dim] (cos then sin, rot_dim / 2 each).
  const int64_t rot_dim = cos_sin_cache.size(1);
  const int64_t embed_dim = rot_dim / 2;
  at::Tensor cos_sin = cos_sin_cache.index_select(0, positions.flatten());
  at::Tensor cos = cos_sin.narrow(1, 0, embed_dim).unsqueeze(1);
  at::Tensor sin = cos_sin.narrow(1, embed_dim, embed_dim).unsqueeze(1);
  auto rotate = [&](at::Tensor& t) {
    const int64_t num_tokens = t.size(0);
    at::Tensor heads = t.view({num_tokens, -1, head_size});
    at::Tensor rot = heads.narrow(2, 0, rot_dim);
    at::Tensor x1, x2;
    if (is_neox) {
      x1 = rot.narrow(2, 0, embed_dim);
      x2 = rot.narrow(2, embed_dim, embed_dim);
    } else {
      x1 = rot.slice(2, 0, rot_dim, 2);
      x2 = rot.slice(2, 1, rot_dim, 2);
    }
    at::Tensor o1 = x1 * cos - x2 * sin;
    at::Tensor o2 = x2 * cos + x1 * sin;
    x1.copy_(o1);
    x2.copy_(o2);
  };
  rotate(query);
  if (key.has_value())
    rotate(*key);
}
