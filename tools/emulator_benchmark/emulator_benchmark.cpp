// How fast the CPU emulator runs barrier-heavy kernels: ns per thread-barrier (one GPU thread
// passing one __syncthreads()) for a shared-memory tree reduction, with 1 and with all worker
// threads, with the checks off and on, and how many heap allocations the timed launches made
// per block; then the same reduction with its barriers in a __device__ helper, against it; then
// ns per lane per shuffle for a warp-shuffle tree, beside the block barrier's cost.
#include <simt/launch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <thread>
#include <vector>

// The reduction, inlined and through a __device__ helper, translated by simt_add_kernels().
#include "benchmark_kernels.emulated.hpp"

// Counts every allocation of the process (replacing the global operator new in a plain host
// program is allowed; the emulator's arenas should make the count per block zero).
static std::atomic<unsigned long long> allocations{0};
void* operator new(std::size_t bytes) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(bytes ? bytes : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

struct Result {
  double ns_per_thread_barrier;  // median launch
  double fastest_ns;             // fastest launch
  double blocks_per_second;
  double allocations_per_block;
};

using Kernel = void (*)(const float*, float*);

Result measure(Kernel kernel, unsigned threads, unsigned workers, unsigned blocks, bool checks) {
  simt::settings().worker_threads = workers;
  simt::settings().diagnostics = checks;
  simt::settings().count_bank_conflicts = checks;
  std::vector<float> in(static_cast<std::size_t>(blocks) * threads), out(blocks);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i % 5);
  const simt::LaunchConfig config{blocks, threads, threads * sizeof(float)};
  unsigned barriers = 1;
  for (unsigned s = threads / 2; s > 0; s >>= 1) ++barriers;

  simt::launch(config, kernel, in.data(), out.data());  // warm-up
  std::vector<double> seconds;
  unsigned long long allocated = 0;
  for (int repetition = 0; repetition < 5; ++repetition) {
    const auto before = allocations.load();
    const auto t0 = std::chrono::steady_clock::now();
    simt::launch(config, kernel, in.data(), out.data());
    const auto t1 = std::chrono::steady_clock::now();
    allocated += allocations.load() - before;
    seconds.push_back(std::chrono::duration<double>(t1 - t0).count());
  }
  std::sort(seconds.begin(), seconds.end());
  const double s = seconds[seconds.size() / 2];
  // Verify: block b sums in[b*threads .. +threads).
  for (unsigned b = 0; b < blocks; ++b) {
    float expected = 0;
    for (unsigned t = 0; t < threads; ++t)
      expected += in[static_cast<std::size_t>(b) * threads + t];
    if (out[b] != expected) {
      std::fprintf(stderr, "emulator_benchmark: wrong sum in block %u\n", b);
      std::exit(1);
    }
  }
  const double thread_barriers = static_cast<double>(blocks) * threads * barriers;
  return {s * 1e9 / thread_barriers, seconds.front() * 1e9 / thread_barriers, blocks / s,
          static_cast<double>(allocated) / (5.0 * blocks)};
}

// ns per lane per __shfl_down_sync of WarpSum (median of 5 launches, 1 worker, checks off),
// verified against the sums of each warp's 32 values.
double measure_shuffles(unsigned threads, unsigned blocks) {
  simt::settings().worker_threads = 1;
  simt::settings().diagnostics = false;
  simt::settings().count_bank_conflicts = false;
  std::vector<float> in(static_cast<std::size_t>(blocks) * threads), out(in.size() / 32);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i % 7);
  const simt::LaunchConfig config{blocks, threads, 0};
  const auto kernel = emulated::WarpSum;
  simt::launch(config, kernel, in.data(), out.data());  // warm-up
  std::vector<double> seconds;
  for (int repetition = 0; repetition < 5; ++repetition) {
    const auto t0 = std::chrono::steady_clock::now();
    simt::launch(config, kernel, in.data(), out.data());
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(seconds.begin(), seconds.end());
  for (std::size_t w = 0; w < out.size(); ++w) {
    float expected = 0;
    for (std::size_t k = 0; k < 32; ++k) expected += in[w * 32 + k];
    if (out[w] != expected) {
      std::fprintf(stderr, "emulator_benchmark: wrong warp sum in warp %zu\n", w);
      std::exit(1);
    }
  }
  return seconds[seconds.size() / 2] * 1e9 / (static_cast<double>(in.size()) * 5);
}

}  // namespace

int main() {
  const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
  std::printf(
      "CPU emulator: shared-memory tree reduction, median (and fastest) of 5 launches (%u hardware "
      "threads)\n",
      hardware);
  std::printf("%8s %8s %7s %10s %18s %8s %14s %18s\n", "threads", "workers", "checks", "blocks",
              "ns/thread-barrier", "fastest", "blocks/s", "allocations/block");
  for (bool checks : {false, true}) {
    for (unsigned threads : {128u, 256u, 1024u}) {
      const unsigned blocks = (checks ? (1u << 21) : (1u << 23)) / threads;
      const Result one = measure(emulated::BlockSum, threads, 1, blocks, checks);
      std::printf("%8u %8u %7s %10u %18.2f %8.2f %14.0f %18.4f\n", threads, 1u,
                  checks ? "on" : "off", blocks, one.ns_per_thread_barrier, one.fastest_ns,
                  one.blocks_per_second, one.allocations_per_block);
      if (hardware > 1) {
        const Result all = measure(emulated::BlockSum, threads, hardware, blocks, checks);
        std::printf(
            "%8u %8u %7s %10u %18.2f %8.2f %14.0f %18.4f   (%.2fx the 1-worker throughput)\n",
            threads, hardware, checks ? "on" : "off", blocks, all.ns_per_thread_barrier,
            all.fastest_ns, all.blocks_per_second, all.allocations_per_block,
            all.blocks_per_second / one.blocks_per_second);
      }
    }
  }
  std::puts(
      "checks: race, bounds and lifetime diagnostics plus bank-conflict counters (simt::Settings)");

  // The barriers in a __device__ helper: a coroutine the kernel awaits, one call per thread.
  std::printf(
      "\nThe same reduction with its barriers in a __device__ helper, 1 worker, checks off\n");
  std::printf("%8s %22s %22s %8s\n", "threads", "inlined ns/thr-barrier", "helper ns/thr-barrier",
              "ratio");
  for (unsigned threads : {128u, 256u, 1024u}) {
    const unsigned blocks = (1u << 23) / threads;
    const Result inlined = measure(emulated::BlockSum, threads, 1, blocks, false);
    const Result helper = measure(emulated::BlockSumThroughHelper, threads, 1, blocks, false);
    std::printf("%8u %22.2f %22.2f %7.2fx\n", threads, inlined.ns_per_thread_barrier,
                helper.ns_per_thread_barrier,
                helper.ns_per_thread_barrier / inlined.ns_per_thread_barrier);
  }

  // Warp collectives: the lanes of a warp meet at each shuffle, not the whole block.
  std::printf(
      "\nA warp-shuffle tree (5 __shfl_down_sync per lane), 1 worker, checks off, beside the "
      "block barrier\n");
  std::printf("%8s %24s %24s\n", "threads", "ns per lane per shuffle", "ns per thread-barrier");
  for (unsigned threads : {128u, 256u, 1024u}) {
    const unsigned blocks = (1u << 23) / threads;
    const double shuffle = measure_shuffles(threads, blocks);
    const Result barrier = measure(emulated::BlockSum, threads, 1, blocks, false);
    std::printf("%8u %24.2f %24.2f\n", threads, shuffle, barrier.ns_per_thread_barrier);
  }
  return 0;
}
