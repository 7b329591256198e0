# A stable-ABI library (docs/stable-abi.md): torch's headers for the oldest
# torch it supports, no torch library linked (only the stable C shim is
# needed, from the process that loads it).
set(OPGEN_TORCH_TARGET_VERSION 0x020a000000000000 CACHE STRING
    "TORCH_TARGET_VERSION: the oldest torch supported (2.10)")
target_include_directories(${library} SYSTEM PRIVATE
  $<TARGET_PROPERTY:torch,INTERFACE_INCLUDE_DIRECTORIES>)
target_compile_definitions(${library} PRIVATE
  TORCH_TARGET_VERSION=$$${OPGEN_TORCH_TARGET_VERSION})
