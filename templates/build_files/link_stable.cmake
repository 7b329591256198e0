# A stable-ABI library (docs/stable-abi.md): torch's headers for the oldest
# torch it supports, no torch library linked (only the stable C shim is
# needed, from the process that loads it).
set(OPGEN_TORCH_TARGET_VERSION ${target_version} CACHE STRING
    "TORCH_TARGET_VERSION: the oldest torch supported (${target_torch})")
target_include_directories(${library} SYSTEM PRIVATE
  $<TARGET_PROPERTY:torch,INTERFACE_INCLUDE_DIRECTORIES>)
target_compile_definitions(${library} PRIVATE
  TORCH_TARGET_VERSION=$${OPGEN_TORCH_TARGET_VERSION})
