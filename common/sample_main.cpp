#include "sample_main.hpp"

#include "cuda_check.hpp"
#include "usage_error.hpp"

#include <simt/launch.hpp>

#include <cstdio>
#include <exception>
#include <string>

namespace tutorial {

int run_sample(const char* program, const std::function<int()>& body) {
  std::string name = program;
  if (const auto slash = name.find_last_of('/'); slash != std::string::npos)
    name.erase(0, slash + 1);
  try {
    return body();
  } catch (const UsageError& e) {
    std::fprintf(stderr, "%s: error: %s\n", name.c_str(), e.what());
    return usage_exit_code;
  } catch (const CudaError& e) {
    std::fprintf(stderr, "%s: CUDA error: %s\n", name.c_str(), e.what());
  } catch (const simt::LaunchError& e) {
    std::fprintf(stderr, "%s: emulator refused the launch: %s\n", name.c_str(), e.what());
  } catch (const simt::KernelError& e) {
    std::fprintf(stderr, "%s: emulator found a kernel bug: %s\n", name.c_str(), e.what());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: error: %s\n", name.c_str(), e.what());
  }
  return 1;
}

}  // namespace tutorial
