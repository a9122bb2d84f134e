# Fails when a C++ source or header under the given folders is longer than
# LIMIT lines, naming each such file (issue 29: a file a reader can hold in
# mind). Run by ctest (tests/CMakeLists.txt, SourceFiles.*):
#   cmake -DROOT=<source dir> -DDIRS="lib;notation" -DLIMIT=1000 [-DEXCEPT="a.cpp;b.cpp"] -P tests/file_length.cmake
# EXCEPT: files (relative to ROOT) not split yet, allowed over the limit; one
# of them at or under it fails too, so that it leaves the list.
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
    list(FIND EXCEPT "${f}" excepted)
    if(n GREATER LIMIT AND excepted EQUAL -1)
      string(APPEND long "  ${f} has ${n} lines\n")
    elseif(NOT n GREATER LIMIT AND NOT excepted EQUAL -1)
      string(APPEND long "  ${f} has ${n} lines: take it off EXCEPT (tests/CMakeLists.txt)\n")
    endif()
  endforeach()
endforeach()
if(count EQUAL 0)
  message(FATAL_ERROR "no C++ files under ${DIRS} in ${ROOT}")
endif()
if(long)
  message(FATAL_ERROR "files over the limit of ${LIMIT} lines (split them by concern: docs/LIBRARY.md), or excepted no longer:\n${long}")
endif()
message(STATUS "${count} files under ${DIRS}, none longer than ${LIMIT} lines but those of EXCEPT (${EXCEPT})")
