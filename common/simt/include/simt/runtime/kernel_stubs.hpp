#pragma once
/// @file
/// @brief What a whole program's translation gives each kernel in host code: a host function
/// with the kernel's name and parameters (its *stub*, as nvcc's host code has one), whose body
/// runs the kernel's twin with the configuration the `<<<...>>>` in front of the call pushed.
/// `Kernel<<<grid, block, bytes, stream>>>(arguments)` is translated, as nvcc translates it, to
/// `(__cudaPushCallConfiguration(grid, block, bytes, stream) ? (void)0 : Kernel(arguments))`,
/// so that a launch through a function pointer, in a template or in a macro is one too; and
/// `cudaLaunchKernel(Kernel, ...)` finds the twin from the stub's address. Internal.

#include <simt/detail/registry.hpp>
#include <simt/launch.hpp>

#include <array>
#include <cstddef>
#include <type_traits>

namespace simt::runtime::detail {

/// @brief Runs a kernel's twin with the arguments at `arguments[i]` (objects of the stub's
/// parameter types, which are layout-identical to the twin's).
using TwinLauncher = void (*)(const simt::LaunchConfig& config, void* const* arguments);

/// @brief The sizes of a kernel's parameters, so that a launch captured into a graph can copy
/// its arguments, as CUDA copies them when the node is made.
template <class... Params>
constexpr std::array<std::size_t, sizeof...(Params)> parameter_sizes_of(void (*)(Params...)) {
  return {sizeof(std::remove_cvref_t<Params>)...};
}
template <auto Twin>
inline constexpr auto parameter_sizes = parameter_sizes_of(Twin);

/// @brief A kernel's stub and its twin, registered when the program starts.
struct StubRegistration {
  StubRegistration(const void* stub, const void* twin, TwinLauncher launch,
                   const std::size_t* parameter_bytes, std::size_t parameter_count);
};

/// @brief The registration of the stub `Stub` of the twin `Twin`: a variable per kernel (and per
/// instantiation of a template kernel) that a stub's body names, so that it exists as soon as
/// the stub does, before the program's first cudaLaunchKernel or cudaFuncSetAttribute.
template <auto Stub, auto Twin>
inline const StubRegistration stub_registration{
    reinterpret_cast<const void*>(Stub), reinterpret_cast<const void*>(Twin),
    &simt::detail::launch_twin<Twin>, parameter_sizes<Twin>.data(), parameter_sizes<Twin>.size()};

/// @brief Runs the kernel whose stub is `stub` with the configuration the last `<<<...>>>` of
/// this host thread pushed; what goes wrong becomes the runtime's error, as on the GPU.
void launch_pushed(const void* stub, void* const* arguments);

template <class... TwinParams, class... StubParams>
constexpr bool layouts_match(void (*)(TwinParams...), std::type_identity<StubParams>...) {
  if constexpr (sizeof...(TwinParams) != sizeof...(StubParams)) {
    return false;
  } else {
    return ((sizeof(std::remove_cvref_t<TwinParams>) == sizeof(StubParams)) && ...);
  }
}

/// @brief The body of the stub `Stub` of the twin `Twin`.
template <auto Stub, auto Twin, class... StubParams>
void launch_from_stub(const StubParams&... arguments) {
  static_assert(layouts_match(Twin, std::type_identity<StubParams>{}...),
                "the kernel's twin has other parameter types than its host function");
  static_cast<void>(&stub_registration<Stub, Twin>);
  // A C cast: clang's static_cast and const_cast cannot drop a parameter's __restrict__.
  void* pointers[] = {(void*)(&arguments)..., nullptr};
  launch_pushed(reinterpret_cast<const void*>(Stub), pointers);
}

}  // namespace simt::runtime::detail
