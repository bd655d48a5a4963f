/// @file
/// @brief Naming sites in diagnostics.

#include <simt/detail/site.hpp>

#include <string>
#include <string_view>

namespace simt::detail {

std::string where(const char* file, unsigned line) {
  const std::string_view path = file;
  return std::string(path.substr(path.find_last_of('/') + 1)) + ":" + std::to_string(line);
}

std::string where(const std::source_location& location) {
  return where(location.file_name(), static_cast<unsigned>(location.line()));
}

std::string function_of(const Site& site) {
  // A site is taken inside a lambda written at it (SIMT_SITE), so the location's function is
  // the enclosing function's signature followed by the lambda's. Kernels return void, which
  // the signature of the enclosing function (without its return type) leaves out.
  std::string name = site.location.function_name();
  if (const auto lambda = name.find("::<lambda()>"); lambda != std::string::npos)
    name.erase(lambda);
  if (!name.starts_with("void ") && name.find(' ') == std::string::npos) name = "void " + name;
  return name;
}

}  // namespace simt::detail
