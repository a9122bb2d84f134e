# Fails when an #include runs upward across the library's layers (issue 29;
# docs/LIBRARY.md "Layers"), naming each such include. The layers, lowest
# first, each its folders and the include folders its headers are found in:
#   engines     lib/           lib/include, lib/private
#   records     notation/      notation/include, notation/private
#   umbrella    include/       include (<beyt/beyt.hpp>)
#   front ends  cli/, python/, studio/
# A file may include a header of its own layer or of a lower one: the
# records any engines header, the umbrella both, a front end anything of
# the library; an engines file nothing of the records, public or private,
# nor the umbrella; no library file a front end's. Each #include "x" or <x>
# of every C++ file under those folders is found as the compiler finds it
# (a quoted name beside the file first, then in the include folders, lowest
# layer first); a name found nowhere (the standard library, pugixml, the
# generated beyt/version.hpp) is not the project's and not checked.
# Run by ctest (tests/CMakeLists.txt, SourceFiles.NoIncludeRunsUpward; and
# SourceFiles.LayerCheckNamesAnUpwardInclude on a tree with upward includes):
#   cmake -DROOT=<source dir> -P tests/include_layers.cmake
if(NOT ROOT)
  message(FATAL_ERROR "include_layers.cmake needs -DROOT=")
endif()
set(layers engines records umbrella front_ends)
set(engines_dirs lib)
set(engines_include lib/include lib/private)
set(records_dirs notation)
set(records_include notation/include notation/private)
set(umbrella_dirs include)
set(umbrella_include include)
set(front_ends_dirs cli python studio)
set(front_ends_include "")

# The layer (its index) of a file, from its folder; -1 for a file of none.
function(layer_of path out)
  set(index 0)
  foreach(layer IN LISTS layers)
    foreach(dir IN LISTS ${layer}_dirs)
      if(path MATCHES "^${dir}/")
        set(${out} ${index} PARENT_SCOPE)
        return()
      endif()
    endforeach()
    math(EXPR index "${index} + 1")
  endforeach()
  set(${out} -1 PARENT_SCOPE)
endfunction()

set(upward "")
set(files_count 0)
set(includes_count 0)
set(index 0)
foreach(layer IN LISTS layers)
  foreach(dir IN LISTS ${layer}_dirs)
    file(GLOB_RECURSE files LIST_DIRECTORIES false RELATIVE ${ROOT}
         ${ROOT}/${dir}/*.cpp ${ROOT}/${dir}/*.hpp ${ROOT}/${dir}/*.h ${ROOT}/${dir}/*.cc ${ROOT}/${dir}/*.ipp)
    foreach(f IN LISTS files)
      math(EXPR files_count "${files_count} + 1")
      get_filename_component(here ${f} DIRECTORY)
      file(STRINGS ${ROOT}/${f} lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"][^>\"]+[>\"]")
      foreach(line IN LISTS lines)
        string(REGEX MATCH "#[ \t]*include[ \t]*([<\"])([^>\"]+)" m "${line}")
        set(delimiter "${CMAKE_MATCH_1}")
        set(name "${CMAKE_MATCH_2}")
        set(found "")
        if(delimiter STREQUAL "\"" AND EXISTS ${ROOT}/${here}/${name})
          set(found ${here}/${name})
        else()
          foreach(l IN LISTS layers)
            foreach(root IN LISTS ${l}_include)
              if(NOT found AND EXISTS ${ROOT}/${root}/${name})
                set(found ${root}/${name})
              endif()
            endforeach()
          endforeach()
        endif()
        if(NOT found)
          continue()
        endif()
        math(EXPR includes_count "${includes_count} + 1")
        cmake_path(NORMAL_PATH found)
        layer_of("${found}" to)
        if(to GREATER index)
          list(GET layers ${to} above)
          string(APPEND upward "  ${f} (${layer}) includes ${name}: ${found} (${above})\n")
        endif()
      endforeach()
    endforeach()
  endforeach()
  math(EXPR index "${index} + 1")
endforeach()
if(files_count EQUAL 0 OR includes_count EQUAL 0)
  message(FATAL_ERROR "no C++ files or no includes of the project's headers under lib, notation, include, cli, python, studio in ${ROOT}")
endif()
if(upward)
  message(FATAL_ERROR "includes that run upward across the layers (engines, records, umbrella, front ends: docs/LIBRARY.md \"Layers\"):\n${upward}")
endif()
message(STATUS "${files_count} files, ${includes_count} includes of the project's headers, none upward across the layers")
