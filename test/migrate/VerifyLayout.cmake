# ctest driver of the --verify comparator (tool/scripts/migrate_verify.py,
# run from where opgen finds it: beside its CMake package, <build>/) on a
# test library and a migration of it made by hand: the layout LAYOUT_DIR is
# copied to <BINARY_DIR>/migrated, its file REPLACE replaced by WITH (the
# hand-migrated source), and the comparator run on the original and the
# copy (both projects written by that build's bin/opgen). EXPECT=pass: it must pass; EXPECT=fail: it must fail (status 1) and
# print a line matching EXPECT_OUTPUT.
#   cmake -DLAYOUT_DIR=... -DREPLACE=<rel path> -DWITH=<file> -DBINARY_DIR=...
#         -DOPGEN_DIR=<opgen build> -DOPGEN_PYTHON=... -DEXPECT=pass|fail
#         [-DEXPECT_OUTPUT=<regex>] [-DVERIFY_ARGS=<args>] [-DLAUNCHER=ccache]
#         -P VerifyLayout.cmake
file(REMOVE_RECURSE ${BINARY_DIR}/migrated)
file(COPY ${LAYOUT_DIR}/ DESTINATION ${BINARY_DIR}/migrated)
configure_file(${WITH} ${BINARY_DIR}/migrated/${REPLACE} COPYONLY)
set(args ${VERIFY_ARGS} --python ${OPGEN_PYTHON} --opgen ${OPGEN_DIR}/bin/opgen
         --work ${BINARY_DIR}/work)
if(LAUNCHER)
  list(APPEND args --launcher ${LAUNCHER})
endif()
execute_process(
  COMMAND ${OPGEN_PYTHON} ${OPGEN_DIR}/migrate_verify.py ${LAYOUT_DIR}
          ${BINARY_DIR}/migrated ${args}
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
message("${out}${err}")
if(EXPECT STREQUAL "pass" AND NOT rc EQUAL 0)
  message(FATAL_ERROR "migrate_verify.py failed (${rc}) where it should pass")
elseif(EXPECT STREQUAL "fail")
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "migrate_verify.py returned ${rc} where it should find differences (1)")
  endif()
  if(NOT out MATCHES "${EXPECT_OUTPUT}")
    message(FATAL_ERROR "migrate_verify.py's output has no line matching '${EXPECT_OUTPUT}'")
  endif()
endif()
