// vLLM's CPU cache kernels (csrc/cpu/cache.cpp there), written with ATen
// ops: block_mapping is [num_pairs, 2] (src block, dst block).
#include "../ops.h"

void swap_blocks(at::Tensor& src, at::Tensor& dst,
                 const at::Tensor& block_mapping) {
  at::Tensor map = block_mapping.to(at::kLong).cpu();
  const int64_t* m = map.const_data_ptr<int64_t>();
  for (int64_t i = 0; i < map.size(0); ++i)
    dst[m[2 * i + 1]].copy_(src[m[2 * i]]);
}

void copy_blocks(std::vector<at::Tensor> const& key_caches,
                 std::vector<at::Tensor> const& value_caches,
                 const at::Tensor& block_mapping) {
  TORCH_CHECK(key_caches.size() == value_caches.size(),
              "one value cache per key cache");
  at::Tensor map = block_mapping.to(at::kLong).cpu();
  const int64_t* m = map.const_data_ptr<int64_t>();
  for (size_t layer = 0; layer < key_caches.size(); ++layer)
    for (int64_t i = 0; i < map.size(0); ++i) {
      // Each cache is a handle on the caller's tensor: copy_ writes there.
      at::Tensor k = key_caches[layer], v = value_caches[layer];
      k[m[2 * i + 1]].copy_(k[m[2 * i]]);
      v[m[2 * i + 1]].copy_(v[m[2 * i]]);
    }
}
