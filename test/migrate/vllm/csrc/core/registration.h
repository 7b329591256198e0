// vLLM's csrc/core/registration.h: TORCH_LIBRARY behind a macro, so that
// the library's name can be the macro TORCH_EXTENSION_NAME (here _C, as
// vLLM's CMake defines it) or a name made from it.
#pragma once

#define _CONCAT(A, B) A##B
#define CONCAT(A, B) _CONCAT(A, B)

#define _STRINGIFY(A) #A
#define STRINGIFY(A) _STRINGIFY(A)

// A version of the TORCH_LIBRARY macro that expands the NAME, i.e. so NAME
// could be a macro instead of a literal token.
#define TORCH_LIBRARY_EXPAND(NAME, MODULE) TORCH_LIBRARY(NAME, MODULE)

// A version of the TORCH_LIBRARY_IMPL macro that expands the NAME, i.e. so
// NAME could be a macro instead of a literal token.
#define TORCH_LIBRARY_IMPL_EXPAND(NAME, DEVICE, MODULE) \
  TORCH_LIBRARY_IMPL(NAME, DEVICE, MODULE)

// vLLM also defines REGISTER_EXTENSION(NAME), a PyInit_<NAME> that makes the
// library importable as a Python module (`import vllm._C`); this test
// library's package loads it with torch.ops.load_library instead, so that
// nothing here needs Python's headers.
