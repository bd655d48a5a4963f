// The registry (common/simt/src/registry.cpp): what a CUDA source names a kernel or a variable
// by is found again, directly (a twin) or through the device name nvcc's runtime registers for
// a host function, whatever spelling each compiler gives an anonymous namespace.
#include "../catch.hpp"

#include <simt/detail/cuda_names.hpp>
#include <simt/detail/registry.hpp>

#include <string>

namespace {

// Stand-ins for what a translation registers: a twin, a host function nvcc compiled, and a
// variable. Only their addresses matter.
void twin_of_scale() {}
void host_function_of_scale() {}
void host_function_never_registered() {}
float scale_factor = 2.0f;
float host_shadow_of_scale_factor = 0.0f;
const int module_of_this_file = 0;

// "<length>_GLOBAL__N_<rest>", as a mangled name spells an anonymous namespace.
std::string anonymous(const std::string& spelling) {
  return std::to_string(spelling.size()) + spelling;
}

}  // namespace

TEST_CASE("A registry key drops anonymous namespaces, which each compiler spells differently",
          "[simt][registry]") {
  using simt::detail::registry_key;
  // g++ and clang name it _GLOBAL__N_1; nvcc adds the file and a hash.
  CHECK(registry_key(("_ZN" + anonymous("_GLOBAL__N_1") + "1KEv").c_str()) == "_ZN1KEv");
  CHECK(registry_key(
            ("_ZN" + anonymous("_GLOBAL__N__8f1c2b3a_7_scale_cu_a1b2c3d4") + "1KEv").c_str()) ==
        "_ZN1KEv");
  CHECK(registry_key(
            ("_ZN" + anonymous("_GLOBAL__N_1") + "5inner" + anonymous("_GLOBAL__N_1") + "1KEvE")
                .c_str()) == "_ZN5inner1KEvE");
  SECTION("Names without one are kept as they are") {
    CHECK(registry_key("_Z6VecAddPKfS0_Pfi") == "_Z6VecAddPKfS0_Pfi");
    CHECK(registry_key("_GLOBAL__N_") == "_GLOBAL__N_");
  }
}

TEST_CASE("A registered kernel is found by its twin and by the host function nvcc compiled",
          "[simt][registry]") {
  using namespace simt::detail;
  static const KernelRegistration registration(
      KernelEntry{.device_name = "_ZN12_GLOBAL__N_117RegistryTestScaleEPf",
                  .twin = reinterpret_cast<const void*>(&twin_of_scale),
                  .name = "RegistryTestScale",
                  .file = "registry_test.cpp"});
  const KernelEntry* by_twin = find_kernel(reinterpret_cast<const void*>(&twin_of_scale));
  REQUIRE(by_twin != nullptr);
  CHECK(std::string(by_twin->name) == "RegistryTestScale");

  // nvcc's registration names the same kernel with its own anonymous namespace.
  const auto* host = reinterpret_cast<const void*>(&host_function_of_scale);
  const std::string nvcc_name =
      "_ZN" + anonymous("_GLOBAL__N__1a2b3c4d_9_scale_cu_0f0f0f0f") + "17RegistryTestScaleEPf";
  note_cuda_name(host, nvcc_name.c_str(), &module_of_this_file);
  CHECK(find_kernel(host) == by_twin);

  SECTION("A function nothing registered is no kernel") {
    CHECK(find_kernel(reinterpret_cast<const void*>(&host_function_never_registered)) == nullptr);
    CHECK(find_kernel(nullptr) == nullptr);
  }
}

TEST_CASE("A registered variable is found by itself and by its host shadow", "[simt][registry]") {
  using namespace simt::detail;
  static const SymbolRegistration registration(SymbolEntry{.device_name = "scale_factor_reg_test",
                                                           .twin = &scale_factor,
                                                           .bytes = sizeof scale_factor,
                                                           .name = "scale_factor",
                                                           .file = "registry_test.cpp"});
  const SymbolEntry* by_itself = find_symbol(&scale_factor);
  REQUIRE(by_itself != nullptr);
  CHECK(by_itself->bytes == sizeof(float));
  note_cuda_name(&host_shadow_of_scale_factor, "scale_factor_reg_test", &module_of_this_file);
  CHECK(find_symbol(&host_shadow_of_scale_factor) == by_itself);
  CHECK(find_symbol(nullptr) == nullptr);
}
