#pragma once
/// @file
/// @brief Kernel launches from device code (dynamic parallelism): `Child<<<grid, block, bytes,
/// stream>>>(arguments)` in a kernel or a `__device__` function, which a whole program's
/// translation writes as `__L(Child, grid, block, bytes, stream)(arguments)`, as long as the
/// launch it replaces (host_code.py). Internal.
///
/// A child grid runs after its parent grid has finished and before the parent's launch completes.
/// On the GPU a grid is not complete until its children are, and a parent cannot wait for a child
/// (CUDA 12 removed device-side `cudaDeviceSynchronize()`), so running the children after the
/// parent is a schedule the GPU may choose. The arguments are copied when the launch is made, as
/// on the GPU. Children run in the order of the blocks that launched them, each block's in the
/// order it launched them, whatever the number of workers; the stream a launch names orders
/// nothing more here.

#include <simt/dim3.hpp>
#include <simt/launch.hpp>

#include <cstddef>
#include <functional>
#include <tuple>
#include <type_traits>
#include <utility>

namespace simt::detail {

/// @brief Runs `child` once the grid the calling GPU thread belongs to has finished (before its
/// launch returns). Throws LaunchError when no grid is running on this worker.
void launch_after_grid(std::function<void()> child);

/// @brief A launch from device code, waiting for its arguments.
template <class... Params>
struct DeviceLaunch {
  void (*kernel)(Params...);
  LaunchConfig config;

  template <class... Args>
  void operator()(Args&&... args) const {
    static_assert(sizeof...(Params) == sizeof...(Args), "wrong number of kernel arguments");
    launch_after_grid(
        [kernel = kernel, config = config,
         parameters = std::tuple<std::remove_cvref_t<Params>...>(std::forward<Args>(args)...)] {
          std::apply([&](const auto&... p) { simt::launch(config, kernel, p...); }, parameters);
        });
  }
};

}  // namespace simt::detail

/// @brief `kernel<<<grid, block, bytes, stream>>>` written in device code, as the translation
/// writes it (a reserved name, as short as the `<<<` and `>>>` it replaces).
template <class... Params, class Stream = std::nullptr_t>
simt::detail::DeviceLaunch<Params...> __L(void (*kernel)(Params...), simt::Dim3 grid,
                                          simt::Dim3 block, std::size_t bytes = 0, Stream = {}) {
  return {kernel, simt::LaunchConfig{grid, block, bytes}};
}
