# Writes the studio page (cmake -P): the template studio/page/studio.html
# with the styles (studio.css), the WebAssembly module (emscripten's
# JavaScript with the module inlined) and the page's script (studio.js) put
# in its place. The page must name no http: or https: address (it works
# offline, from file://): emscripten's runtime names a few in its messages
# and comments, which are written without their scheme; anything else is an
# error.
#   cmake -DPAGE_DIR=... -DMODULE=beyt_studio.js -DOUTPUT=studio.html -P make_page.cmake
cmake_minimum_required(VERSION 3.25)  # @NAME@ is not a variable in a string
file(READ ${PAGE_DIR}/studio.html page)
file(READ ${PAGE_DIR}/studio.css style)
file(READ ${PAGE_DIR}/studio.js script)
file(READ ${MODULE} module)
string(REGEX REPLACE "https?://" "" module "${module}")
string(REPLACE "/*@STYLE@*/" "${style}" page "${page}")
string(REPLACE "/*@MODULE@*/" "${module}" page "${page}")
string(REPLACE "/*@SCRIPT@*/" "${script}" page "${page}")
string(REGEX MATCH "[Hh][Tt][Tt][Pp][Ss]?:" remote "${page}")
if(remote)
  message(FATAL_ERROR "the studio page names an address (${remote}): it must work offline")
endif()
file(WRITE ${OUTPUT}.tmp "${page}")
file(RENAME ${OUTPUT}.tmp ${OUTPUT})
