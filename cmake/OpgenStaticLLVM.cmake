# OPGEN_STATIC_LLVM: the interface target opgenLLVMStatic links opgen against
# the static archives of Clang 16 and LLVM 16 (Debian's llvm-16-dev and
# libclang-16-dev), libstdc++ and libgcc, so that the executable needs only
# the C library (the wheel, docs/install.md). Debian's imported clang targets
# name the shared libLLVM, so the archives are listed here: the Clang
# libraries LibTooling needs and, from LLVM's own (static) imported targets,
# the components those use with everything they depend on. The linker takes
# from them only the objects opgen reaches (one --start-group, so order does
# not matter). LLVM's system libraries: static zlib, zstd and terminfo where
# their archives exist; --as-needed drops the shared ones nothing uses.
include_guard(GLOBAL)

set(_opgen_clang_libs
  clangTooling clangToolingCore clangFrontend clangDriver clangSerialization
  clangParse clangSema clangAPINotes clangEdit clangAnalysis clangASTMatchers
  clangAST clangLex clangBasic clangRewrite clangSupport)
set(_opgen_llvm_components
  Support Core Option MC MCParser BitReader BitstreamReader Object
  ProfileData FrontendOpenMP FrontendHLSL TargetParser BinaryFormat Demangle
  WindowsDriver Remarks)
llvm_map_components_to_libnames(_opgen_queue ${_opgen_llvm_components})

# LLVM's components with everything they link (their INTERFACE_LINK_LIBRARIES
# that are LLVM targets), as archive paths.
set(_opgen_seen "")
set(_opgen_archives "")
while(_opgen_queue)
  list(POP_FRONT _opgen_queue _lib)
  if(_lib IN_LIST _opgen_seen OR NOT TARGET ${_lib})
    continue()
  endif()
  list(APPEND _opgen_seen ${_lib})
  get_target_property(_loc ${_lib} LOCATION)
  if(NOT _loc MATCHES "\\.a$")
    message(FATAL_ERROR "OPGEN_STATIC_LLVM: ${_lib} is not a static archive (${_loc})")
  endif()
  list(APPEND _opgen_archives ${_loc})
  get_target_property(_deps ${_lib} INTERFACE_LINK_LIBRARIES)
  foreach(_dep IN LISTS _deps)
    string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" _dep "${_dep}")
    if(_dep MATCHES "^LLVM[A-Za-z0-9]+$")
      list(APPEND _opgen_queue ${_dep})
    endif()
  endforeach()
endwhile()
foreach(_lib IN LISTS _opgen_clang_libs)
  set(_loc ${LLVM_LIBRARY_DIR}/lib${_lib}.a)
  if(NOT EXISTS ${_loc})
    message(FATAL_ERROR "OPGEN_STATIC_LLVM: no ${_loc} (Debian: libclang-16-dev)")
  endif()
  list(PREPEND _opgen_archives ${_loc})
endforeach()

set(_opgen_system "")
foreach(_name z zstd tinfo)
  find_library(OPGEN_STATIC_${_name} NAMES lib${_name}.a)
  if(OPGEN_STATIC_${_name})
    list(APPEND _opgen_system ${OPGEN_STATIC_${_name}})
  else()
    list(APPEND _opgen_system -l${_name})
  endif()
endforeach()

add_library(opgenLLVMStatic INTERFACE)
target_link_libraries(opgenLLVMStatic INTERFACE
  -Wl,--start-group ${_opgen_archives} -Wl,--end-group
  ${_opgen_system} -lpthread -ldl -lrt -lm)
target_link_options(opgenLLVMStatic INTERFACE
  -static-libstdc++ -static-libgcc -Wl,--as-needed -Wl,--gc-sections)
list(LENGTH _opgen_archives _n)
message(STATUS "opgen: linking ${_n} Clang/LLVM archives statically")
