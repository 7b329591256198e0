const c10::cuda::OptionalCUDAGuard device_guard(
    opgen::rt::common_cuda_device(${op}, {${tensors}}));
