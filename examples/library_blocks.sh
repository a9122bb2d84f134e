#!/bin/sh
# library_blocks.sh LIBRARY.md OUT.cpp: the ```cpp blocks of docs/LIBRARY.md
# as one C++ source, each block in a namespace of its own (block_1, ...)
# after the includes the document says every block assumes, with #line so
# that a compiler's message points into LIBRARY.md. The build compiles it
# (examples/CMakeLists.txt, beyt_library_doc): the document's code compiles.
set -e
awk -v file="$1" '
BEGIN {
  print "// Made from docs/LIBRARY.md by examples/library_blocks.sh: edit the document, not this file."
  print "#include <cstdint>"
  print "#include <fstream>"
  print "#include <iostream>"
  print "#include <memory>"
  print "#include <string>"
  print "#include <string_view>"
  print "#include <vector>"
  print ""
  print "#include <beyt/beyt.hpp>"
}
/^```cpp$/ { n++; printf "\nnamespace block_%d {\n#line %d \"%s\"\n", n, NR + 1, file; inside = 1; next }
/^```$/ && inside { print "}"; inside = 0; next }
inside { print }
END {
  if (inside) { print "docs/LIBRARY.md: a ```cpp block is not closed" > "/dev/stderr"; exit 1 }
  if (n == 0) { print "docs/LIBRARY.md: no ```cpp block" > "/dev/stderr"; exit 1 }
}' "$1" > "$2.tmp"
mv "$2.tmp" "$2"
