# One use of the installed beyt package, as fmt's find-package test: install
# the library (component "library") into a fresh prefix, build the consumer
# of this folder against it with find_package(beyt) alone, run it, and check
# that it uses the kind of library asked for.
#
#   cmake -DKIND=static|shared -DVERSION=X.Y.Z -DPREFIX=DIR -DCONSUMER_BUILD=DIR
#         -DCXX=COMPILER [-DLAUNCHER=ccache]
#         (-DFROM=BUILD_DIR | -DSOURCE=SOURCE_DIR -DLIBRARY_BUILD=DIR)
#         -P tests/find_package/check.cmake
#
# FROM installs an existing build of beyt; SOURCE configures and builds the
# library alone (BUILD_SHARED_LIBS as KIND says) in LIBRARY_BUILD, kept
# between runs, and installs that. Shared: the consumer must load
# libbeyt.so from PREFIX (ldd) and print the version that library reports;
# static: it must not load any libbeyt.
cmake_minimum_required(VERSION 3.25)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}")
  endif()
  set(output "${out}" PARENT_SCOPE)
endfunction()

if(KIND STREQUAL "shared")
  set(shared ON)
elseif(KIND STREQUAL "static")
  set(shared OFF)
else()
  message(FATAL_ERROR "KIND must be static or shared, not '${KIND}'")
endif()

if(SOURCE)
  cmake_host_system_information(RESULT jobs QUERY NUMBER_OF_LOGICAL_CORES)
  # Built without optimisation: what is checked is the package (its files,
  # its exports, the consumer's link), not speed, and -O0 compiles in a
  # fraction of -O2's time. It also exports more: inline functions are kept
  # out of line, so the export check below sees more names.
  run(${CMAKE_COMMAND} -S ${SOURCE} -B ${LIBRARY_BUILD} -DBUILD_SHARED_LIBS=${shared} -DBEYT_BUILD_TESTS=OFF
      -DBEYT_BUILD_EXAMPLES=OFF -DBEYT_BUILD_PYTHON=OFF
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE=-O0 -DCMAKE_CXX_COMPILER=${CXX}
      -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
  run(${CMAKE_COMMAND} --build ${LIBRARY_BUILD} --target beyt --parallel ${jobs})
  set(FROM ${LIBRARY_BUILD})
endif()

file(REMOVE_RECURSE ${PREFIX} ${CONSUMER_BUILD})
run(${CMAKE_COMMAND} --install ${FROM} --prefix ${PREFIX} --component library)
file(GLOB_RECURSE archives ${PREFIX}/*.a)
file(GLOB_RECURSE shared_objects ${PREFIX}/*.so*)
if(shared AND (archives OR NOT shared_objects))
  message(FATAL_ERROR "a shared install holds ${archives} and no libbeyt.so: '${shared_objects}'")
elseif(NOT shared AND (shared_objects OR NOT archives))
  message(FATAL_ERROR "a static install holds ${shared_objects} and no libbeyt.a: '${archives}'")
endif()

run(${CMAKE_COMMAND} -S ${CMAKE_CURRENT_LIST_DIR} -B ${CONSUMER_BUILD} -DCMAKE_PREFIX_PATH=${PREFIX}
    -DBEYT_EXPECTED_VERSION=${VERSION} -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${CXX})
run(${CMAKE_COMMAND} --build ${CONSUMER_BUILD})
run(${CONSUMER_BUILD}/consumer)
if(NOT output MATCHES "\nbeyt ${VERSION}\n$")
  message(FATAL_ERROR "the consumer does not print 'beyt ${VERSION}' from the library:\n${output}")
endif()
run(ldd ${CONSUMER_BUILD}/consumer)
string(REGEX REPLACE "([][+.*()^$?|\\])" "\\\\\\1" prefix_regex "${PREFIX}")
if(shared AND NOT output MATCHES "libbeyt\\.so[.0-9]* => ${prefix_regex}/")
  message(FATAL_ERROR "the consumer does not load libbeyt.so from ${PREFIX}:\n${output}")
elseif(NOT shared AND output MATCHES "libbeyt")
  message(FATAL_ERROR "the consumer of the static library loads a libbeyt:\n${output}")
endif()

# A shared library exports the public API alone (cmake/export_map.cmake):
# no symbol of std, __gnu_cxx or nlohmann, of beyt::opt or beyt::engine, or
# of a namespace detail. Read from the demangled names (nm -D -C), each
# entity's qualified name with its template arguments, parameters and return
# type taken off, independently of how the map was made.
if(shared)
  list(FILTER shared_objects INCLUDE REGEX "\\.so\\.[0-9]+\\.[0-9]+\\.[0-9]+$")
  run(nm -D --defined-only -C ${shared_objects})
  string(REPLACE "\n" ";" lines "${output}")
  set(count 0)
  set(bad "")
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^[0-9a-f]+ [A-Za-z] (.+)$")
      continue()
    endif()
    set(name "${CMAKE_MATCH_1}")
    string(REGEX REPLACE "^(typeinfo name for |typeinfo for |vtable for |VTT for |construction vtable for |guard variable for |non-virtual thunk to |virtual thunk to )" "" entity "${name}")
    string(REGEX REPLACE "operator(<<=|>>=|<=>|<<|>>|<=|>=|->|<|>)" "operator@" entity "${entity}")
    while(entity MATCHES "<[^<>]*>")
      string(REGEX REPLACE "<[^<>]*>" "" entity "${entity}")
    endwhile()
    string(REGEX REPLACE "\\(.*$" "" entity "${entity}")
    string(REGEX REPLACE "^.* " "" entity "${entity}")
    math(EXPR count "${count} + 1")
    if(NOT entity MATCHES "^beyt::" OR entity MATCHES "^beyt::(opt|engine)::" OR entity MATCHES "(^|::)detail::")
      string(APPEND bad "\n  ${name}")
    endif()
  endforeach()
  if(bad)
    message(FATAL_ERROR "libbeyt.so exports symbols outside its public API:${bad}")
  elseif(count LESS 100)
    message(FATAL_ERROR "libbeyt.so exports ${count} symbols: too few for beyt's API:\n${output}")
  endif()
  message(STATUS "libbeyt.so exports ${count} symbols, each of namespace beyt, none internal")
endif()
message(STATUS "beyt ${VERSION}, ${KIND}: find_package(beyt), build, run: ok")
