# The version script of a shared libbeyt.so: what the library exports.
#
#   cmake -DNM=nm -DOBJECTS="a.o;b.o;..." -DOUTPUT=beyt.map -P cmake/export_map.cmake
#
# Run before the link (lib/CMakeLists.txt, PRE_LINK). It lists the global
# symbols the object files define and exports those of namespace beyt (its
# functions, classes' members, vtables, typeinfo, guard variables and thunks)
# except the internals: beyt::opt (the option tables' machinery),
# beyt::engine (the engines' shared helpers) and any namespace detail.
# Everything else is local: the std and nlohmann template instantiations the
# library makes for itself (a program instantiates its own), pugixml's and
# RE2's inline code. As CMake's WINDOWS_EXPORT_ALL_SYMBOLS, but with the
# internals left out; tests/find_package/check.cmake checks the result with
# nm -D.
#
# Mangled names (Itanium C++ ABI): an entity of namespace beyt is a nested
# name "N4beyt...", after "_Z" and any special-name prefix (TV vtable, TI/TS
# typeinfo, GV guard variable, Th/Tv thunks) and cv-qualifiers (K, V, r).
cmake_minimum_required(VERSION 3.25)

foreach(var NM OBJECTS OUTPUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "export_map.cmake: ${var} is not set")
  endif()
endforeach()

execute_process(COMMAND ${NM} -P -g --defined-only ${OBJECTS}
                RESULT_VARIABLE rc OUTPUT_VARIABLE listing ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "export_map.cmake: ${NM} failed (${rc}): ${err}")
endif()

string(REPLACE "\n" ";" lines "${listing}")
set(exported "")
foreach(line IN LISTS lines)
  # nm -P: "name type value size"; an archive member's header line ends with ':'.
  if(NOT line MATCHES "^(_Z[^ ]+) [A-Za-z] ")
    continue()
  endif()
  set(name "${CMAKE_MATCH_1}")
  if(NOT name MATCHES "^_Z(T[VIS]|GV|Th[n0-9_]*|Tv[n0-9_]*|Tc[hv0-9n_]*)?N[KVr]*4beyt(.*)$")
    continue()
  endif()
  set(rest "${CMAKE_MATCH_2}")
  # The components after beyt (each <length><identifier>): beyt::opt::...,
  # beyt::engine::..., and a namespace detail anywhere among them
  # (beyt::detail::..., beyt::notation::detail::...) stay inside.
  if(rest MATCHES "^(3opt|6engine)")
    continue()
  endif()
  set(internal OFF)
  while(rest MATCHES "^([0-9]+)(.*)$")
    set(length "${CMAKE_MATCH_1}")
    set(tail "${CMAKE_MATCH_2}")
    string(SUBSTRING "${tail}" 0 ${length} component)
    if(component STREQUAL "detail")
      set(internal ON)
      break()
    endif()
    string(SUBSTRING "${tail}" ${length} -1 rest)
  endwhile()
  if(internal)
    continue()
  endif()
  list(APPEND exported "${name}")
endforeach()
list(REMOVE_DUPLICATES exported)
list(SORT exported)
list(LENGTH exported count)
if(count EQUAL 0)
  message(FATAL_ERROR "export_map.cmake: no symbol of namespace beyt in ${OBJECTS}")
endif()

string(JOIN ";\n    " globals ${exported})
set(map "/* Made by cmake/export_map.cmake: the ${count} symbols libbeyt.so exports. */\n{\n  global:\n    ${globals};\n  local:\n    *;\n};\n")
# Written only when it changes, so that an unchanged list relinks nothing more.
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
  if(old STREQUAL map)
    return()
  endif()
endif()
file(WRITE "${OUTPUT}" "${map}")
