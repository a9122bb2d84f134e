// Appended to the module (emcc --post-js, studio/CMakeLists.txt): the
// functions of the WebAssembly table, looked up once each. The text reader
// is compiled with exception catching, which calls every function that may
// throw through JavaScript (invoke_*), and emscripten 3.1.6 looks each up in
// the table at every call (wasmTable.get: about a fifth of a keystroke's
// check in a record of 3 000 turns; later emscriptens keep this mirror
// themselves). The page never changes the table.
var beytTableMirror = [];
getWasmTableEntry = function (funcPtr) {
  var func = beytTableMirror[funcPtr];
  if (!func) beytTableMirror[funcPtr] = func = wasmTable.get(funcPtr);
  return func;
};
