#pragma once
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#include <__clang_cuda_builtin_vars.h>
#include <cuda_runtime_api.h>
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                                 size_t sharedMem = 0,
                                                 void *stream = 0);
// The integer and floating-point min/max that nvcc's host compilation
// declares (crt/math_functions.h and crt/math_functions.hpp, which nvcc
// includes in every .cu): CUDA code calls them unqualified, on ints in a
// kernel as on floats. Declarations only; the parse never runs them.
#define OPGEN_CUDA_MINMAX(F)                                                   \
  __host__ __device__ int F(int, int);                                         \
  __host__ __device__ unsigned int F(unsigned int, unsigned int);              \
  __host__ __device__ unsigned int F(int, unsigned int);                       \
  __host__ __device__ unsigned int F(unsigned int, int);                       \
  __host__ __device__ long F(long, long);                                      \
  __host__ __device__ unsigned long F(unsigned long, unsigned long);           \
  __host__ __device__ unsigned long F(long, unsigned long);                    \
  __host__ __device__ unsigned long F(unsigned long, long);                    \
  __host__ __device__ long long F(long long, long long);                       \
  __host__ __device__ unsigned long long F(unsigned long long,                 \
                                           unsigned long long);                \
  __host__ __device__ unsigned long long F(long long, unsigned long long);     \
  __host__ __device__ unsigned long long F(unsigned long long, long long);     \
  __host__ __device__ float F(float, float);                                   \
  __host__ __device__ double F(double, double);                                \
  __host__ __device__ double F(float, double);                                 \
  __host__ __device__ double F(double, float);
OPGEN_CUDA_MINMAX(min)
OPGEN_CUDA_MINMAX(max)
#undef OPGEN_CUDA_MINMAX
// The C math functions that device code calls unqualified (fmaxf in a
// __device__ function): nvcc declares them __host__ __device__
// (crt/math_functions.h), glibc's math.h only for the host, so the host-only
// parse would find no device overload. Device declarations beside glibc's
// host ones; the host's calls still pick the host's.
#define OPGEN_CUDA_MATH1(F)                                                    \
  __device__ float F##f(float);                                                \
  __device__ double F(double);
#define OPGEN_CUDA_MATH2(F)                                                    \
  __device__ float F##f(float, float);                                         \
  __device__ double F(double, double);
OPGEN_CUDA_MATH1(fabs)
OPGEN_CUDA_MATH1(sqrt)
OPGEN_CUDA_MATH1(cbrt)
OPGEN_CUDA_MATH1(exp)
OPGEN_CUDA_MATH1(exp2)
OPGEN_CUDA_MATH1(expm1)
OPGEN_CUDA_MATH1(log)
OPGEN_CUDA_MATH1(log2)
OPGEN_CUDA_MATH1(log10)
OPGEN_CUDA_MATH1(log1p)
OPGEN_CUDA_MATH1(sin)
OPGEN_CUDA_MATH1(cos)
OPGEN_CUDA_MATH1(tan)
OPGEN_CUDA_MATH1(asin)
OPGEN_CUDA_MATH1(acos)
OPGEN_CUDA_MATH1(atan)
OPGEN_CUDA_MATH1(sinh)
OPGEN_CUDA_MATH1(cosh)
OPGEN_CUDA_MATH1(tanh)
OPGEN_CUDA_MATH1(erf)
OPGEN_CUDA_MATH1(erfc)
OPGEN_CUDA_MATH1(floor)
OPGEN_CUDA_MATH1(ceil)
OPGEN_CUDA_MATH1(round)
OPGEN_CUDA_MATH1(trunc)
OPGEN_CUDA_MATH1(rint)
OPGEN_CUDA_MATH2(fmax)
OPGEN_CUDA_MATH2(fmin)
OPGEN_CUDA_MATH2(fmod)
OPGEN_CUDA_MATH2(pow)
OPGEN_CUDA_MATH2(atan2)
OPGEN_CUDA_MATH2(hypot)
OPGEN_CUDA_MATH2(copysign)
#undef OPGEN_CUDA_MATH1
#undef OPGEN_CUDA_MATH2
