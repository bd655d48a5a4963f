// The file streams' templates, instantiated once in the WebAssembly build. Debian's libc++ for
// WASI was built without them (it says it has no file system); the build's own configuration of
// the library declares them again (cmake/WasmBuild.cmake), and their definitions, templates in
// <fstream> over WASI's fopen, are compiled here.
#include <fstream>

template class std::basic_filebuf<char>;
template class std::basic_ifstream<char>;
template class std::basic_ofstream<char>;
