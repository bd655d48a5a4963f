// How fast the CPU emulator runs kernels. First what the machine itself gains from all its
// hardware threads (a chain of dependent integer operations, the ceiling for the workers' scaling).
// Then a kernel with no barrier (a vector add, on the emulator a plain function whose blocks run
// as loops) against the same loop in plain C++ in the same run, with 1 and with all worker
// threads (the plain loop split over as many threads), checks off and on. Then barrier-heavy
// kernels: ns per thread-barrier (one GPU thread passing one __syncthreads()) for a shared-memory
// tree reduction, with 1 and with all worker threads, with the checks off and on (and on with the
// arrays bounds-checked), and how many heap allocations the timed launches made per block; then
// the same reduction with its barriers in a __device__ helper, against it; then ns per lane per
// shuffle for a warp-shuffle tree, beside the block barrier's cost, with 1 and all workers, and
// beside the floor of one coroutine per GPU thread (plain C++20 coroutines, no emulator).
#include <simt/launch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <coroutine>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <new>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
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

// The times of 5 launches of `launch_once`, fastest first.
template <class Launch>
std::vector<double> timed_launches(Launch launch_once) {
  std::vector<double> seconds;
  for (int repetition = 0; repetition < 5; ++repetition) {
    const auto t0 = std::chrono::steady_clock::now();
    launch_once();
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(seconds.begin(), seconds.end());
  return seconds;
}

// `checked_arrays`: the arrays are passed as simt::checked(), so every global access is
// bounds-checked too (with the checks on).
Result measure(Kernel kernel, unsigned threads, unsigned workers, unsigned blocks, bool checks,
               bool checked_arrays = false) {
  simt::settings().worker_threads = workers;
  simt::settings().diagnostics = checks;
  simt::settings().count_bank_conflicts = checks;
  std::vector<float> in(static_cast<std::size_t>(blocks) * threads), out(blocks);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i % 5);
  const simt::LaunchConfig config{blocks, threads, threads * sizeof(float)};
  unsigned barriers = 1;
  for (unsigned s = threads / 2; s > 0; s >>= 1) ++barriers;

  const auto launch = [&] {
    if (checked_arrays)
      simt::launch(config, kernel, simt::checked(std::as_const(in)), simt::checked(out));
    else
      simt::launch(config, kernel, in.data(), out.data());
  };
  launch();  // warm-up
  unsigned long long allocated = 0;
  const std::vector<double> seconds = timed_launches([&] {
    const auto before = allocations.load();
    launch();
    allocated += allocations.load() - before;
  });
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

// Median seconds of 5 launches of `launch_once` after a warm-up, on `workers` workers with the
// checks off.
template <class Launch>
double median_launch_seconds(unsigned workers, Launch launch_once) {
  simt::settings().worker_threads = workers;
  simt::settings().diagnostics = false;
  simt::settings().count_bank_conflicts = false;
  launch_once();  // warm-up
  const std::vector<double> seconds = timed_launches(launch_once);
  return seconds[seconds.size() / 2];
}

// ns per lane for WarpSum with `rounds` shuffle trees, verified against `rounds` times the sum
// of each warp's 32 values.
double warp_sum_ns_per_lane(unsigned threads, unsigned workers, unsigned blocks, int rounds,
                            bool coroutines) {
  std::vector<float> in(static_cast<std::size_t>(blocks) * threads), out(in.size() / 32);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i % 7);
  const simt::LaunchConfig config{blocks, threads, 0};
  const double seconds = median_launch_seconds(workers, [&] {
    if (coroutines)
      simt::launch(config, emulated::WarpSumAsCoroutines, in.data(), out.data(), &rounds);
    else
      simt::launch(config, emulated::WarpSum, in.data(), out.data(), rounds);
  });
  for (std::size_t w = 0; w < out.size(); ++w) {
    float sum = 0;
    for (std::size_t k = 0; k < 32; ++k) sum += in[w * 32 + k];
    if (out[w] != sum * static_cast<float>(rounds)) {
      std::fprintf(stderr, "emulator_benchmark: wrong warp sum in warp %zu\n", w);
      std::exit(1);
    }
  }
  return seconds * 1e9 / static_cast<double>(in.size());
}

// ns per thread for Barriers (run as loops) or BarriersAsCoroutines with `rounds`
// __syncthreads().
double barriers_ns_per_thread(unsigned threads, unsigned workers, unsigned blocks, int rounds,
                              bool coroutines) {
  std::vector<float> out(blocks);
  const simt::LaunchConfig config{blocks, threads, 0};
  const double seconds = median_launch_seconds(workers, [&] {
    if (coroutines)
      simt::launch(config, emulated::BarriersAsCoroutines, out.data(), &rounds);
    else
      simt::launch(config, emulated::Barriers, out.data(), rounds);
  });
  if (std::any_of(out.begin(), out.end(),
                  [&](float v) { return v != static_cast<float>(rounds); })) {
    std::fprintf(stderr, "emulator_benchmark: a block of Barriers did not finish\n");
    std::exit(1);
  }
  return seconds * 1e9 / (static_cast<double>(blocks) * threads);
}

struct WarpCollectiveCost {
  double per_shuffle;  // one shuffle tree: the kernel's time over its 5 shuffles
  // What one more shuffle adds (trees 4 against 1, over 15), run as loops and as coroutines.
  double marginal_shuffle;
  double marginal_shuffle_coroutines;
  // What one more __syncthreads() adds (16 against 1, over 15), run as loops and as coroutines.
  double marginal_syncthreads;
  double marginal_syncthreads_coroutines;
};

WarpCollectiveCost measure_warp_collectives(unsigned threads, unsigned workers, unsigned blocks) {
  const auto marginal_shuffle = [&](bool coroutines) {
    return (warp_sum_ns_per_lane(threads, workers, blocks, 4, coroutines) -
            warp_sum_ns_per_lane(threads, workers, blocks, 1, coroutines)) /
           15;
  };
  const auto marginal_barrier = [&](bool coroutines) {
    return (barriers_ns_per_thread(threads, workers, blocks, 16, coroutines) -
            barriers_ns_per_thread(threads, workers, blocks, 1, coroutines)) /
           15;
  };
  return {warp_sum_ns_per_lane(threads, workers, blocks, 1, false) / 5, marginal_shuffle(false),
          marginal_shuffle(true), marginal_barrier(false), marginal_barrier(true)};
}

// The floor of the emulator's model, one coroutine per GPU thread: plain C++20 coroutines, each
// suspension handing the worker straight to the next thread of a chain (symmetric transfer), as
// the emulator's kernel threads do, and nothing else (no block, no barrier's place, no
// scheduler, no checks). Frames come from a bump arena reset per block, as the emulator's do.
namespace bare {

struct Slot {
  std::coroutine_handle<> thread;
};
thread_local Slot* running = nullptr;
thread_local std::byte* arena_top = nullptr;

std::coroutine_handle<> next() noexcept { return (++running)->thread; }

struct Thread {
  struct promise_type {
    static void* operator new(std::size_t bytes) {
      void* frame = arena_top;
      arena_top += (bytes + 63) / 64 * 64;
      return frame;
    }
    static void operator delete(void*, std::size_t) noexcept {}
    Thread get_return_object() noexcept {
      running->thread = std::coroutine_handle<promise_type>::from_promise(*this);
      return {};
    }
    std::suspend_never initial_suspend() noexcept { return {}; }
    struct Finished {
      bool await_ready() const noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<>) const noexcept {
        return next();
      }
      void await_resume() const noexcept {}
    };
    Finished final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() noexcept { std::abort(); }
  };
};

struct Suspension {
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> self) const noexcept {
    running->thread = self;
    return next();
  }
  void await_resume() const noexcept {}
};

// As the Barriers kernel: `rounds` suspensions, then a count that the thread finished.
Thread suspending_thread(int rounds, unsigned* finished) {
  for (int r = 0; r < rounds; ++r) co_await Suspension{};
  ++*finished;
}

// ns per thread for `blocks` blocks of `threads` such coroutines, each block a chain started
// thread by thread, then resumed `rounds` times (median of 5 runs, after a warm-up).
double ns_per_thread(unsigned threads, unsigned blocks, int rounds) {
  std::vector<Slot> chain(threads + 1);
  std::vector<std::byte> arena(std::size_t{threads} * 1024);
  unsigned finished = 0, runs = 0;
  const auto run = [&] {
    ++runs;
    for (unsigned block = 0; block < blocks; ++block) {
      arena_top = arena.data();
      // Not started yet: a thread's first suspension passes to a no-op handle that returns here.
      for (Slot& slot : chain) slot.thread = std::noop_coroutine();
      for (unsigned t = 0; t < threads; ++t) {
        running = &chain[t];
        suspending_thread(rounds, &finished);
      }
      for (int r = 0; r < rounds; ++r) {
        running = chain.data();
        chain.front().thread.resume();
      }
    }
  };
  run();  // warm-up
  const std::vector<double> seconds = timed_launches(run);
  if (finished != runs * blocks * threads) {
    std::fprintf(stderr, "emulator_benchmark: a bare coroutine did not finish\n");
    std::exit(1);
  }
  return seconds[seconds.size() / 2] * 1e9 / (static_cast<double>(blocks) * threads);
}

}  // namespace bare

// What one more suspension and resumption of each bare coroutine adds (16 against 1, over 15).
double bare_switch_ns(unsigned threads, unsigned blocks) {
  return (bare::ns_per_thread(threads, blocks, 16) - bare::ns_per_thread(threads, blocks, 1)) / 15;
}

// The loop a vector add is on a CPU, for comparison in the same run (not inlined into the
// timing, as the kernel's threads are not).
[[gnu::noinline]] void plain_vector_add(const float* a, const float* b, float* c, int n) {
  for (int i = 0; i < n; ++i) c[i] = a[i] + b[i];
}

// Runs `part(k)` for k = 0 .. threads-1, each on a thread of its own (part 0 on this one), and
// returns when all have finished.
template <class Part>
void run_on_threads(unsigned threads, Part part) {
  std::vector<std::thread> others;
  for (unsigned k = 1; k < threads; ++k) others.emplace_back(part, k);
  part(0u);
  for (std::thread& t : others) t.join();
}

// The plain loop split into `threads` consecutive ranges, one per thread: what more threads gain
// on the vector add's own arrays, bound by the machine's memory bandwidth.
void plain_vector_add_on(unsigned threads, const float* a, const float* b, float* c, int n) {
  const auto range = [&](unsigned k) { return static_cast<int>(std::int64_t{n} * k / threads); };
  run_on_threads(threads, [&](unsigned k) {
    plain_vector_add(a + range(k), b + range(k), c + range(k), range(k + 1) - range(k));
  });
}

struct VectorAddCost {
  double emulated_ns;  // per element (one GPU thread each), median of 5 launches
  double plain_ns;     // per element, median of 5 runs of the plain loop on as many threads
};

// VecAdd over n elements in 256-thread blocks on `workers` workers, verified element by element,
// beside the plain loop over the same arrays on as many threads.
VectorAddCost vector_add(int n, unsigned workers, bool checks) {
  std::vector<float> a(static_cast<std::size_t>(n)), b(a.size()), c(a.size(), -1.0f);
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<float>(i % 1000) * 0.5f;
    b[i] = 1.0f / static_cast<float>(i % 97 + 1);
  }
  simt::settings().worker_threads = workers;
  simt::settings().diagnostics = checks;
  simt::settings().count_bank_conflicts = false;
  const simt::LaunchConfig config{static_cast<unsigned>((n + 255) / 256), 256, 0};
  const auto launch = [&] {
    simt::launch(config, emulated::VecAdd, a.data(), b.data(), c.data(), n);
  };
  launch();  // warm-up: every page of c written once
  const std::vector<double> emulated = timed_launches(launch);
  for (std::size_t i = 0; i < a.size(); ++i)
    if (c[i] != a[i] + b[i]) {
      std::fprintf(stderr, "emulator_benchmark: VecAdd wrong at element %zu\n", i);
      std::exit(1);
    }
  const std::vector<double> plain =
      timed_launches([&] { plain_vector_add_on(workers, a.data(), b.data(), c.data(), n); });
  return {emulated[emulated.size() / 2] * 1e9 / n, plain[plain.size() / 2] * 1e9 / n};
}

// One thread's share of the machine's measurement below: multiply-adds on an integer, each
// waiting for the one before, in registers: scalar work bound by latency, as the emulator's is.
// Its result goes to chain_result, so that the compiler keeps the chain.
std::atomic<std::uint64_t> chain_result{0};
[[gnu::noinline]] void dependent_chain(std::uint64_t x, int steps) {
  for (int i = 0; i < steps; ++i) x = x * 6364136223846793005u + 1442695040888963407u;
  chain_result.fetch_xor(x, std::memory_order_relaxed);
}

// The machine's own gain from more threads, the ceiling for the emulator's workers: the chain
// above run by 1 and by `threads` threads at once: the median of 9 pairs' ratios, after one run
// that starts the threads and warms the cores. The two runs of a pair follow each other, so that
// each ratio is taken in one state of the machine. (A vector add over arrays in the first-level
// cache, measured before, is bound by the vector units and the cache's ports rather than by
// latency: on a 2-core virtual machine it gave 1.05x once and 1.47x to 1.72x in later runs, while
// the emulator's workers gained 1.9x to 2.1x in the same runs.)
struct Machine {
  unsigned threads;  // hardware threads, the emulator's default worker count
  double scaling;    // the chain's throughput on all of them over one
};

Machine measure_machine(unsigned threads) {
  if (threads == 1) return {1, 1.0};
  constexpr int steps = 1 << 24, pairs = 9;
  // Seconds for `running` threads to run the chain once each, at once.
  const auto seconds_on = [&](unsigned running) {
    const auto t0 = std::chrono::steady_clock::now();
    run_on_threads(running, [](unsigned k) { dependent_chain(k + 1, steps); });
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  seconds_on(threads);
  std::vector<double> ratios;
  for (int pair = 0; pair < pairs; ++pair) {
    const double one = seconds_on(1);
    ratios.push_back(threads * one / seconds_on(threads));
  }
  std::sort(ratios.begin(), ratios.end());
  return {threads, ratios[ratios.size() / 2]};
}

// "(1.69x the 1-worker throughput, 95% of the machine's 1.78x<more>)"
void print_scaling(double scaling, const Machine& machine, const std::string& more = "") {
  std::printf("   (%.2fx the 1-worker throughput, %.0f%% of the machine's %.2fx%s)", scaling,
              100.0 * scaling / machine.scaling, machine.scaling, more.c_str());
}

// A kernel with no barrier: the emulator against the plain loop, in the same run. A vector add
// moves 12 bytes per element (two loads, one store); more workers gain what more threads of the
// plain loop gain, at best.
void print_vector_add(const Machine& machine) {
  const unsigned hardware = machine.threads;
  const int elements = 1 << 24;
  std::printf(
      "CPU emulator: vector add of 2^24 floats, 256 threads per block, median of 5 launches, "
      "beside the same loop in plain C++ on as many threads (%u hardware threads)\n",
      hardware);
  std::printf("%8s %7s %20s %20s %8s %10s\n", "workers", "checks", "emulator ns/element",
              "plain loop ns/element", "ratio", "emul. GB/s");
  for (bool checks : {false, true}) {
    VectorAddCost one_worker{};
    std::vector<unsigned> worker_counts{1};
    if (hardware > 1) worker_counts.push_back(hardware);
    for (unsigned workers : worker_counts) {
      const VectorAddCost cost = vector_add(elements, workers, checks);
      std::printf("%8u %7s %20.2f %20.2f %7.1fx %10.1f", workers, checks ? "on" : "off",
                  cost.emulated_ns, cost.plain_ns, cost.emulated_ns / cost.plain_ns,
                  12.0 / cost.emulated_ns);
      if (workers == 1) {
        one_worker = cost;
      } else {
        char plain[64];
        std::snprintf(plain, sizeof plain, "; the plain loop on these arrays: %.2fx",
                      one_worker.plain_ns / cost.plain_ns);
        print_scaling(one_worker.emulated_ns / cost.emulated_ns, machine, plain);
      }
      std::printf("\n");
    }
  }
  std::printf("\n");
}

void print_reduction(const Machine& machine) {
  const unsigned hardware = machine.threads;
  std::printf("Shared-memory tree reduction, median (and fastest) of 5 launches\n");
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
        std::printf("%8u %8u %7s %10u %18.2f %8.2f %14.0f %18.4f", threads, hardware,
                    checks ? "on" : "off", blocks, all.ns_per_thread_barrier, all.fastest_ns,
                    all.blocks_per_second, all.allocations_per_block);
        print_scaling(all.blocks_per_second / one.blocks_per_second, machine);
        std::printf("\n");
      }
      if (checks) {
        const Result bounded = measure(emulated::BlockSum, threads, 1, blocks, true, true);
        std::printf("%8u %8u %7s %10u %18.2f %8.2f %14.0f %18.4f   (arrays as simt::checked)\n",
                    threads, 1u, "on", blocks, bounded.ns_per_thread_barrier, bounded.fastest_ns,
                    bounded.blocks_per_second, bounded.allocations_per_block);
      }
    }
  }
  std::puts(
      "checks: race, bounds and lifetime diagnostics plus bank-conflict counters (simt::Settings);"
      "\n        with arrays as simt::checked, global accesses are bounds-checked too\n");
}

// The barriers in a __device__ helper: since the whole block calls it alike, it runs as loops
// with its kernel (a pass for the arguments, the helper's loops, a pass for the rest), as the
// inlined reduction does.
void print_helper() {
  std::printf(
      "The same reduction with its barriers in a __device__ helper, 1 worker, checks off\n");
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
  std::printf("\n");
}

// Warp collectives: the lanes of a warp meet at each shuffle, not the whole block. The first
// column is the measure (the whole kernel over its 5 shuffles, so each thread's start
// counts too); the next four are what one more shuffle or __syncthreads() adds to a kernel, run
// as loops and as coroutines; the last, on one worker's rows, what one more suspension adds to a
// bare coroutine (bare_switch_ns).
void print_warp_collectives(const Machine& machine) {
  const unsigned hardware = machine.threads;
  std::printf(
      "A warp-shuffle tree (5 __shfl_down_sync per lane), checks off, beside the block barrier "
      "(ns per lane)\n");
  std::printf("%8s %8s %20s %14s %14s %15s %15s %22s\n", "threads", "workers",
              "kernel / 5 shuffles", "shuffle loops", "shuffle coro.", "barrier loops",
              "barrier coro.", "bare coroutine switch");
  for (unsigned threads : {128u, 256u, 1024u}) {
    const unsigned blocks = (1u << 21) / threads;
    const WarpCollectiveCost one = measure_warp_collectives(threads, 1, blocks);
    std::printf("%8u %8u %20.2f %14.2f %14.2f %15.2f %15.2f %22.2f\n", threads, 1u, one.per_shuffle,
                one.marginal_shuffle, one.marginal_shuffle_coroutines, one.marginal_syncthreads,
                one.marginal_syncthreads_coroutines, bare_switch_ns(threads, blocks));
    if (hardware > 1) {
      const WarpCollectiveCost all = measure_warp_collectives(threads, hardware, blocks);
      std::printf(
          "%8u %8u %20.2f %14.2f %14.2f %15.2f %15.2f   (%.2fx, %.2fx, %.2fx, -, %.2fx the "
          "1-worker throughput; the machine's %.2fx)\n",
          threads, hardware, all.per_shuffle, all.marginal_shuffle, all.marginal_shuffle_coroutines,
          all.marginal_syncthreads, all.marginal_syncthreads_coroutines,
          one.per_shuffle / all.per_shuffle, one.marginal_shuffle / all.marginal_shuffle,
          one.marginal_shuffle_coroutines / all.marginal_shuffle_coroutines,
          one.marginal_syncthreads_coroutines / all.marginal_syncthreads_coroutines,
          machine.scaling);
    }
  }
  std::puts(
      "shuffle: what one more __shfl_down_sync adds per lane. loops: every lane reaches it alike, "
      "with one mask, so the\nkernel runs as loops over the block's threads: a pass that gives "
      "each lane's operands, the shuffle for each\nwarp as its last lane arrives, then (checks "
      "off) that warp's lanes using their results. coro.: the same\nkernel with its count read "
      "from memory, a coroutine per thread that suspends at each shuffle.\n"
      "barrier: one more __syncthreads(), per thread, in a kernel of empty intervals. loops: a "
      "barrier ends the interval\nonce for the block (what a thread does between barriers is a "
      "call per thread: the reduction above). coro.:\nthe same kernel with its bound read from "
      "memory, one suspension and one resumption of each thread with\nnothing exchanged: the "
      "least a collective can add, where each thread is a coroutine.\n"
      "bare coroutine switch: the same with no emulator at all, one plain C++20 coroutine per "
      "thread handing the worker\nto the next by symmetric transfer (1 thread, same threads and "
      "blocks): the floor of one coroutine per thread.");
}

}  // namespace

// Every part, or the parts named on the command line (to time or profile one of them).
int main(int argc, char** argv) {
  const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
  const std::pair<std::string_view, std::function<void(const Machine&)>> parts[] = {
      {"vector-add", print_vector_add},
      {"reduction", print_reduction},
      {"helper", [](const Machine&) { print_helper(); }},
      {"warp", print_warp_collectives}};
  const std::vector<std::string_view> named(argv + 1, argv + argc);
  for (const std::string_view name : named)
    if (std::ranges::none_of(parts, [&](const auto& part) { return part.first == name; })) {
      std::fprintf(stderr,
                   "emulator_benchmark: unknown part '%.*s' (the parts: vector-add, reduction, "
                   "helper, warp; none: all of them)\n",
                   static_cast<int>(name.size()), name.data());
      return 2;
    }
  const Machine machine = measure_machine(hardware);
  if (hardware > 1)
    std::printf(
        "This machine: a chain of dependent integer multiply-adds (scalar, bound by latency, as "
        "the emulator's work is) runs %.2fx as fast on %u threads as on 1 (median of 9 pairs of "
        "runs), the ceiling for the workers below\n\n",
        machine.scaling, hardware);
  for (const auto& [name, print] : parts)
    if (named.empty() || std::ranges::find(named, name) != named.end()) print(machine);
  return 0;
}
