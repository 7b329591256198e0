// A compile database that CMake wrote for nvcc: nvcc-only flags are dropped,
// `-isystem=<dir>` is read as nvcc means it, and the file parses host-side.
// RUN: rm -rf %t && mkdir -p %t/build
// RUN: echo '[{"directory": "%/t/build", "file": "%/s", "command": "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -DFROM_NVCC_DATABASE=1 -isystem=%runtime_include -isystem=%torch_include --generate-code=arch=compute_90,code=[compute_90,sm_90] -Xcompiler=-fPIC -std=c++17 -x cu -c %/s -o x.o"}]' > %t/build/compile_commands.json
// RUN: opgen -p %t/build %s -o %t/out 2>&1 | FileCheck %s --allow-empty --check-prefix=STDERR
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/out/registration.cpp
// STDERR-NOT: {{warning|error}}
#ifndef FROM_NVCC_DATABASE
#error the flags of the database were not used
#endif
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

__global__ void fill_kernel(float *p, float v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = v;
}

// REG: m.def("fill_(Tensor(a!) x, float v) -> ()");
// REG: TORCH_LIBRARY_IMPL(nv, CUDA, m) {
[[custom_op("nv::fill_", mutates="x")]]
void fill_(at::Tensor &x, double v) {
  fill_kernel<<<1, 256>>>(x.data_ptr<float>(), static_cast<float>(v),
                          static_cast<int>(x.numel()));
}
