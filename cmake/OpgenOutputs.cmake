# opgen_list_outputs(<prefix> PYTHON_PACKAGE <name> [FAKE_MODULE <file.py>]
#                    [PYTHON_MODULE <module>] [NO_PYTHON_PACKAGE]
#                    SOURCES <file>...)
# The files opgen generates for these arguments, relative to its output
# directory, as `opgen --list-outputs` prints them (docs/cli.md): sets
# <prefix>_FILES to all of them, in that order, and <prefix>_COMPILED,
# <prefix>_HEADER, <prefix>_PYTHON, <prefix>_TEST and <prefix>_OTHER to the
# files of each kind.
#
# When ${opgen_EXECUTABLE} exists at configure time (an installed opgen, or
# a built one found through find_package), it runs `opgen --list-outputs`.
# In opgen's own tree opgen is built after configuring, so it reads the same
# table, tool/include/opgen/emit/Outputs.def, and the compiled extensions of
# tool/include/opgen/model/SourceKind.h. Either way the list is opgen's: it
# is written down once, in Outputs.def.

include_guard(GLOBAL)

set(_OPGEN_SOURCE_TREE "${CMAKE_CURRENT_LIST_DIR}/..")

# The `<path>\t<kind>` lines of --list-outputs, from Outputs.def.
# With no_package TRUE (--no-python-package) the OPGEN_PACKAGE_OUTPUT rows
# are left out.
function(_opgen_read_outputs_table out_var package fake_module no_package)
  set(def "${_OPGEN_SOURCE_TREE}/tool/include/opgen/emit/Outputs.def")
  set(kinds "${_OPGEN_SOURCE_TREE}/tool/include/opgen/model/SourceKind.h")
  if(NOT EXISTS "${def}")
    message(FATAL_ERROR "opgen: neither opgen (${opgen_EXECUTABLE}) nor its "
                        "table of outputs (${def}) exists")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${def}" "${kinds}")
  # X(".cpp", true, false): the extensions of compiled sources. (The rows
  # end in `\`, so the file is read whole rather than as a list of lines.)
  file(READ "${kinds}" text)
  string(REGEX MATCHALL "X\\(\"[.][A-Za-z0-9]+\", true," rows "${text}")
  set(compiled_extensions "")
  foreach(row ${rows})
    string(REGEX MATCH "\"([.][A-Za-z0-9]+)\"" _ "${row}")
    list(APPEND compiled_extensions "${CMAKE_MATCH_1}")
  endforeach()
  # Shards are named after the compiled sources' file names.
  set(names "")
  foreach(src ${ARGN})
    get_filename_component(name "${src}" NAME)
    get_filename_component(ext "${src}" LAST_EXT)
    if(ext IN_LIST compiled_extensions AND NOT name STREQUAL ext
       AND NOT name IN_LIST names)
      list(APPEND names "${name}")
    endif()
  endforeach()
  set(lines "")
  file(STRINGS "${def}" rows REGEX "^OPGEN_(PACKAGE_)?OUTPUT\\(")
  foreach(row ${rows})
    if(NOT row MATCHES "^OPGEN_(PACKAGE_)?OUTPUT\\([A-Za-z]+, \"([^\"]+)\", ([A-Za-z]+)\\)$")
      message(FATAL_ERROR "opgen: cannot read this row of ${def}: ${row}")
    endif()
    if(CMAKE_MATCH_1 AND no_package)
      continue()
    endif()
    set(pattern "${CMAKE_MATCH_2}")
    string(TOLOWER "${CMAKE_MATCH_3}" kind)
    string(REPLACE "<package>" "${package}" pattern "${pattern}")
    string(REPLACE "<fake_module>" "${fake_module}" pattern "${pattern}")
    if(pattern MATCHES "<source>")
      foreach(name ${names})
        string(REPLACE "<source>" "${name}" path "${pattern}")
        list(APPEND lines "${path}\t${kind}")
      endforeach()
    else()
      list(APPEND lines "${pattern}\t${kind}")
    endif()
  endforeach()
  set(${out_var} "${lines}" PARENT_SCOPE)
endfunction()

function(opgen_list_outputs prefix)
  cmake_parse_arguments(ARG "NO_PYTHON_PACKAGE" "PYTHON_PACKAGE;FAKE_MODULE;PYTHON_MODULE"
                        "SOURCES" ${ARGN})
  if(NOT ARG_PYTHON_PACKAGE)
    message(FATAL_ERROR "opgen_list_outputs: PYTHON_PACKAGE is required")
  endif()
  if(EXISTS "${opgen_EXECUTABLE}")
    set(fake_args "")
    if(ARG_FAKE_MODULE)
      set(fake_args --fake-module "${ARG_FAKE_MODULE}")
    endif()
    if(ARG_PYTHON_MODULE)
      list(APPEND fake_args --python-module "${ARG_PYTHON_MODULE}")
    endif()
    if(ARG_NO_PYTHON_PACKAGE)
      list(APPEND fake_args --no-python-package)
    endif()
    execute_process(
      COMMAND "${opgen_EXECUTABLE}" --list-outputs
              --python-package "${ARG_PYTHON_PACKAGE}" ${fake_args} ${ARG_SOURCES}
      OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "opgen --list-outputs failed (${rc}):\n${err}")
    endif()
    # Configure again when opgen changes: its table may have.
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${opgen_EXECUTABLE}")
    string(REGEX REPLACE "\n$" "" out "${out}")
    string(REPLACE "\n" ";" lines "${out}")
  else()
    # The stem, as opgen takes it (sys::path::stem).
    # (OpLibrary::fakeModuleStem).
    set(fake_module fakes)
    if(ARG_FAKE_MODULE)
      get_filename_component(fake_module "${ARG_FAKE_MODULE}" NAME_WLE)
    elseif(ARG_NO_PYTHON_PACKAGE)
      set(fake_module _opgen_fakes)
    endif()
    _opgen_read_outputs_table(lines "${ARG_PYTHON_PACKAGE}" "${fake_module}"
                              "${ARG_NO_PYTHON_PACKAGE}" ${ARG_SOURCES})
  endif()
  set(files "")
  foreach(kind COMPILED HEADER PYTHON TEST OTHER)
    set(${kind} "")
  endforeach()
  foreach(line ${lines})
    if(NOT line MATCHES "^([^\t]+)\t([a-z]+)$")
      message(FATAL_ERROR "opgen_list_outputs: unexpected line '${line}'")
    endif()
    string(TOUPPER "${CMAKE_MATCH_2}" kind)
    list(APPEND files "${CMAKE_MATCH_1}")
    list(APPEND ${kind} "${CMAKE_MATCH_1}")
  endforeach()
  set(${prefix}_FILES "${files}" PARENT_SCOPE)
  foreach(kind COMPILED HEADER PYTHON TEST OTHER)
    set(${prefix}_${kind} "${${kind}}" PARENT_SCOPE)
  endforeach()
endfunction()
