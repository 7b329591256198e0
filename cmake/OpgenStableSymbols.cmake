# cmake -DLIBRARY=<lib.so> -P OpgenStableSymbols.cmake
#
# Fails when the stable-ABI op library LIBRARY needs a C++ symbol of
# libtorch (at::, c10::, torch:: other than the header-only ones): such a
# library would tie itself to one torch version. It may need the stable C
# shim (aoti_torch_*, torch_* C functions) and the C/C++ runtime only.
# add_custom_op(... STABLE_ABI) adds it as the test <target>_stable_symbols.
find_program(NM nm REQUIRED)
find_program(CXXFILT c++filt REQUIRED)
execute_process(COMMAND ${NM} -D --undefined-only ${LIBRARY}
  COMMAND ${CXXFILT}
  OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm -D --undefined-only ${LIBRARY} failed")
endif()
string(REPLACE "\n" ";" lines "${symbols}")
set(bad "")
set(shim 0)
foreach(line ${lines})
  string(REGEX REPLACE "^ *U +" "" name "${line}")
  if(name MATCHES "^(aoti_torch_|torch_)")
    math(EXPR shim "${shim} + 1")
  elseif(name MATCHES "(^|[^A-Za-z_])(at|c10|caffe2|torch)::")
    list(APPEND bad "${name}")
  endif()
endforeach()
if(bad)
  string(REPLACE ";" "\n  " shown "${bad}")
  message(FATAL_ERROR "${LIBRARY} needs libtorch C++ symbols outside the "
                      "stable C shim:\n  ${shown}")
endif()
message(STATUS "${LIBRARY}: no libtorch C++ symbol; ${shim} stable C shim functions")
