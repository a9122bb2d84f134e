# Fails when a C++ source or header under the given folders is longer than
# LIMIT lines, naming each such file (issue 29: a file a reader can hold in
# mind). Run by ctest (tests/CMakeLists.txt, SourceFiles.*):
#   cmake -DROOT=<source dir> -DDIRS="lib;notation" -DLIMIT=1000 -P tests/file_length.cmake
if(NOT ROOT OR NOT DIRS OR NOT LIMIT)
  message(FATAL_ERROR "file_length.cmake needs -DROOT=, -DDIRS= and -DLIMIT=")
endif()
set(long "")
set(count 0)
foreach(dir IN LISTS DIRS)
  file(GLOB_RECURSE files LIST_DIRECTORIES false RELATIVE ${ROOT}
       ${ROOT}/${dir}/*.cpp ${ROOT}/${dir}/*.hpp ${ROOT}/${dir}/*.h ${ROOT}/${dir}/*.cc ${ROOT}/${dir}/*.ipp)
  foreach(f IN LISTS files)
    math(EXPR count "${count} + 1")
    file(READ ${ROOT}/${f} text)
    string(REGEX REPLACE "[^\n]" "" newlines "${text}")
    string(LENGTH "${newlines}" n)
    if(n GREATER LIMIT)
      string(APPEND long "  ${f} has ${n} lines\n")
    endif()
  endforeach()
endforeach()
if(count EQUAL 0)
  message(FATAL_ERROR "no C++ files under ${DIRS} in ${ROOT}")
endif()
if(long)
  message(FATAL_ERROR "files longer than ${LIMIT} lines (split them by concern: docs/LIBRARY.md):\n${long}")
endif()
message(STATUS "${count} files under ${DIRS}, none longer than ${LIMIT} lines")
