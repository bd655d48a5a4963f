/// @file
/// @brief Shared memory on the emulator: the static layout, distributed shared memory, and
/// the checks a GPU does not make (races, out-of-bounds accesses, memory of exited blocks),
/// plus the bank-conflict counters.

#include <simt/detail/shared_memory_checks.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/launch.hpp>

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <sstream>
#include <string>
#include <utility>

namespace simt {

namespace {
std::mutex counters_mutex;
SharedMemoryCounters last_counters;
}  // namespace

SharedMemoryCounters last_launch_counters() {
  std::lock_guard lock(counters_mutex);
  return last_counters;
}

namespace detail {

void publish_counters(const SharedCounts& counts, bool first_worker) {
  std::lock_guard lock(counters_mutex);
  if (first_worker) last_counters = {};
  last_counters.load_requests += counts.load_requests;
  last_counters.load_wavefronts += counts.load_wavefronts;
  last_counters.load_ideal_wavefronts += counts.load_ideal;
  last_counters.store_requests += counts.store_requests;
  last_counters.store_wavefronts += counts.store_wavefronts;
  last_counters.store_ideal_wavefronts += counts.store_ideal;
}

namespace {

std::string index_text(const Uint3& i) {
  return "(" + std::to_string(i.x) + ", " + std::to_string(i.y) + ", " + std::to_string(i.z) + ")";
}

std::string where(const std::source_location& s) {
  std::string file = s.file_name();
  if (const auto slash = file.find_last_of('/'); slash != std::string::npos)
    file.erase(0, slash + 1);
  return file + ":" + std::to_string(s.line());
}

// Which shared variable of `block` holds `offset` of its static (or dynamic) memory.
const SharedVariable* variable_at(const ClusterState& cluster, const BlockState& block,
                                  bool dynamic, std::size_t offset) {
  if (dynamic) return &block.shared.dynamic_variable;
  for (const auto& [key, v] : cluster.layout.variables)
    if (offset >= v.offset && offset < v.offset + v.bytes) return &v;
  return nullptr;
}

std::string describe(const ClusterState& cluster, const BlockState& block, bool dynamic,
                     std::size_t offset) {
  const SharedVariable* v = variable_at(cluster, block, dynamic, offset);
  std::ostringstream text;
  if (v == nullptr) {
    text << "byte " << offset << " of static shared memory";
  } else {
    text << "'" << v->name << "' + " << (offset - v->offset) << " bytes ("
         << (dynamic ? "dynamic" : "static") << " shared memory, offset " << offset << ")";
  }
  return text.str();
}

const char* kernel_name(const ClusterState& cluster, const BlockState& block) {
  if (block.shared.dynamic_variable.declared.line() != 0)
    return block.shared.dynamic_variable.declared.function_name();
  if (!cluster.layout.variables.empty())
    return cluster.layout.variables.front().second.declared.function_name();
  return "?";
}

std::string interval_text(const BlockState& block) {
  if (block.interval == 0) return "before the first barrier";
  return "in barrier interval " + std::to_string(block.interval) + " (after " +
         std::string(block.last_barrier->kind == BarrierKind::block ? "__syncthreads()"
                                                                    : "cluster.sync()") +
         " at " + where(block.last_barrier->site) + ")";
}

[[noreturn]] void report_race(const ClusterState& cluster, const BlockState& block, bool dynamic,
                              std::size_t offset, std::uint32_t first, const char* first_did,
                              std::uint32_t second, const char* second_does) {
  std::ostringstream message;
  message
      << "shared-memory race in kernel '" << kernel_name(cluster, block) << "', block "
      << index_text(block.block_idx) << ", " << interval_text(block) << ": thread " << first - 1
      << " " << first_did << " " << describe(cluster, block, dynamic, offset) << " and thread "
      << second - 1 << " " << second_does
      << " it with no barrier in between. A __syncthreads() between the two accesses orders them.";
  throw KernelError(message.str());
}

// Bank-conflict counting: the lanes of one request, `words` 4-byte words each from `word`.
// Returns the wavefronts it takes and the phases it has (its conflict-free wavefronts).
std::pair<std::uint64_t, std::uint64_t> wavefronts(const AccessRecord* begin,
                                                   const AccessRecord* end) {
  // A request moves at most 128 bytes per phase: 32 lanes of 4-byte accesses, 16 of 8-byte,
  // 8 of 16-byte. In each phase, every bank delivers one distinct word per wavefront; lanes
  // that want the same word share it (broadcast).
  const unsigned words = std::max<unsigned>(1, begin->words);
  const unsigned lanes_per_phase = 32 / std::min(32u, words);
  std::uint64_t total = 0, phases = 0;
  for (unsigned phase = 0; phase * lanes_per_phase < 32; ++phase) {
    std::uint32_t distinct[32][32];  // per bank, the distinct words seen (at most 32 lanes)
    unsigned count[32] = {};
    bool any = false;
    for (const AccessRecord* a = begin; a != end; ++a) {
      const unsigned lane = lane_of(a->rank);
      if (lane / lanes_per_phase != phase) continue;
      any = true;
      for (unsigned w = 0; w < std::max<unsigned>(1, a->words); ++w) {
        const std::uint32_t word = a->word + w;
        const unsigned bank = word % 32;
        if (std::find(distinct[bank], distinct[bank] + count[bank], word) ==
                distinct[bank] + count[bank] &&
            count[bank] < 32)
          distinct[bank][count[bank]++] = word;
      }
    }
    if (any) {
      total += std::max<unsigned>(1, *std::max_element(count, count + 32));
      ++phases;
    }
  }
  return {total, phases};
}

}  // namespace

std::size_t static_shared_offset(const void* key, std::size_t bytes, std::size_t alignment,
                                 const char* name, const std::source_location& declared) {
  StaticLayout& layout = current_thread.cluster->layout;
  for (const auto& [k, v] : layout.variables)
    if (k == key) return v.offset;
  const std::size_t offset = (layout.used + alignment - 1) / alignment * alignment;
  if (offset + bytes > StaticLayout::capacity)
    throw KernelError("static __shared__ variables exceed " +
                      std::to_string(StaticLayout::capacity) + " bytes per block (at '" + name +
                      "', " + where(declared) + ")");
  layout.variables.emplace_back(key, SharedVariable{name, declared, offset, bytes});
  layout.used = offset + bytes;
  return offset;
}

void* map_to_cluster_rank(const void* address, unsigned rank) {
  ClusterState& cluster = *current_thread.cluster;
  BlockState& caller = *current_thread.block;
  if (rank >= cluster.blocks.size())
    throw KernelError("map_shared_rank in kernel '" + std::string(kernel_name(cluster, caller)) +
                      "': thread " + std::to_string(thread_rank()) + " of block " +
                      index_text(caller.block_idx) + " asks for rank " + std::to_string(rank) +
                      ", outside its cluster of " + std::to_string(cluster.blocks.size()) +
                      " blocks");
  const auto* p = static_cast<const std::byte*>(address);
  const SharedMemory& mine = caller.shared;
  SharedMemory& theirs = cluster.blocks[rank].shared;
  if (p >= mine.static_bytes.get() && p < mine.static_bytes.get() + StaticLayout::capacity)
    return theirs.static_bytes.get() + (p - mine.static_bytes.get());
  if (p >= mine.dynamic_bytes.get() && p <= mine.dynamic_bytes.get() + mine.dynamic_size)
    return theirs.dynamic_bytes.get() + (p - mine.dynamic_bytes.get());
  throw KernelError("map_shared_rank in kernel '" + std::string(kernel_name(cluster, caller)) +
                    "': the address is not in the calling block's shared memory");
}

void begin_block_checks(ClusterState& cluster, BlockState& block) {
  block.alive = true;
  block.interval = 0;
  block.last_barrier = nullptr;
  if (!cluster.counting && !cluster.diagnostics) return;  // nothing below is read
  block.epoch = cluster.next_epoch++;
  block.accesses.clear();
  block.access_count.assign(cluster.threads_per_block, 0);
  if (cluster.diagnostics) {
    // Stamps are never reused by this worker, so the shadow needs no clearing between blocks.
    block.shared.static_shadow.resize(StaticLayout::capacity / 4);
    block.shared.dynamic_shadow.resize((block.shared.dynamic_size + 3) / 4);
  }
}

void end_interval(ClusterState& cluster, BlockState& block) {
  if (cluster.counting && !block.accesses.empty()) {
    // One request per (warp, k, load or store): the k-th access of each active lane.
    auto& log = block.accesses;
    std::sort(log.begin(), log.end(), [](const AccessRecord& a, const AccessRecord& b) {
      if (warp_of(a.rank) != warp_of(b.rank)) return warp_of(a.rank) < warp_of(b.rank);
      if (a.k != b.k) return a.k < b.k;
      return a.store < b.store;
    });
    for (std::size_t i = 0; i < log.size();) {
      std::size_t j = i;
      while (j < log.size() && warp_of(log[j].rank) == warp_of(log[i].rank) &&
             log[j].k == log[i].k && log[j].store == log[i].store)
        ++j;
      const auto [w, ideal] = wavefronts(&log[i], &log[j - 1] + 1);
      if (log[i].store) {
        ++cluster.counts.store_requests;
        cluster.counts.store_wavefronts += w;
        cluster.counts.store_ideal += ideal;
      } else {
        ++cluster.counts.load_requests;
        cluster.counts.load_wavefronts += w;
        cluster.counts.load_ideal += ideal;
      }
      i = j;
    }
  }
  if (cluster.counting || cluster.diagnostics) {  // what the next interval's checks start from
    block.accesses.clear();
    std::fill(block.access_count.begin(), block.access_count.end(), 0);
    block.epoch = cluster.next_epoch++;
  }
  ++block.interval;
  block.last_barrier = block.barrier;
}

void record_shared_access(const void* address, std::size_t bytes, bool store) {
  ClusterState& cluster = *current_thread.cluster;
  BlockState& me = *current_thread.block;
  const auto* p = static_cast<const std::byte*>(address);

  // Whose memory is it: this block's, a peer's in the cluster (distributed shared memory),
  // or nobody's (out of bounds)?
  BlockState* owner = nullptr;
  bool dynamic = false;
  std::size_t offset = 0;
  const auto locate = [&](BlockState& b) {
    const SharedMemory& m = b.shared;
    if (p >= m.static_bytes.get() && p + bytes <= m.static_bytes.get() + cluster.layout.used) {
      owner = &b;
      offset = static_cast<std::size_t>(p - m.static_bytes.get());
    } else if (p >= m.dynamic_bytes.get() && p + bytes <= m.dynamic_bytes.get() + m.dynamic_size) {
      owner = &b;
      dynamic = true;
      offset = static_cast<std::size_t>(p - m.dynamic_bytes.get());
    }
    return owner != nullptr;
  };
  if (!locate(me))
    for (BlockState& b : cluster.blocks)
      if (&b != &me && locate(b)) break;

  if (cluster.diagnostics) {
    if (owner == nullptr) {
      const SharedMemory& m = me.shared;
      std::ostringstream message;
      message << "out-of-bounds shared memory access in kernel '" << kernel_name(cluster, me)
              << "': thread " << thread_rank() << " of block " << index_text(me.block_idx) << " "
              << (store ? "writes" : "reads") << " " << bytes << " bytes at ";
      if (p >= m.dynamic_bytes.get() && m.dynamic_size > 0)
        message << "byte " << (p - m.dynamic_bytes.get()) << " of '" << m.dynamic_variable.name
                << "', past the " << m.dynamic_size
                << " bytes of dynamic shared memory the launch gave";
      else
        message << "an address outside the block's shared memory";
      throw KernelError(message.str());
    }
    if (owner != &me && !owner->alive)
      throw KernelError(
          "distributed shared memory used after its block exited in kernel '" +
          std::string(kernel_name(cluster, me)) + "': thread " + std::to_string(thread_rank()) +
          " of block " + index_text(me.block_idx) + " " + (store ? "writes" : "reads") + " " +
          describe(cluster, *owner, dynamic, offset) + " of block " + index_text(owner->block_idx) +
          ", which has exited. A cluster.sync() before the blocks exit keeps their "
          "shared memory alive.");
    if (owner == &me) {
      // Races within the block: another thread's access to the same word in this interval.
      auto& shadow = dynamic ? me.shared.dynamic_shadow : me.shared.static_shadow;
      const std::uint32_t t = thread_rank() + 1, e = me.epoch;
      for (std::size_t w = offset / 4; w <= (offset + bytes - 1) / 4 && w < shadow.size(); ++w) {
        ShadowWord& s = shadow[w];
        if (s.write_epoch == e && s.writer != t)
          report_race(cluster, me, dynamic, w * 4, s.writer, "wrote", t,
                      store ? "writes" : "reads");
        if (store) {
          if (s.read_epoch == e && s.reader != t)
            report_race(cluster, me, dynamic, w * 4, s.reader, "read", t, "writes");
          if (s.read_epoch == e && s.second_reader != 0 && s.second_reader != t)
            report_race(cluster, me, dynamic, w * 4, s.second_reader, "read", t, "writes");
          s.writer = t;
          s.write_epoch = e;
        } else if (s.read_epoch != e) {
          s.reader = t;
          s.second_reader = 0;
          s.read_epoch = e;
        } else if (s.reader != t && s.second_reader == 0) {
          s.second_reader = t;
        }
      }
    }
  }

  if (cluster.counting && owner == &me) {
    const std::uint32_t k = me.access_count[thread_rank()]++;
    // Banks are counted on the block's own shared address space: dynamic memory after static.
    const std::size_t space_offset = dynamic ? StaticLayout::capacity + offset : offset;
    me.accesses.push_back({thread_rank(), k, static_cast<std::uint32_t>(space_offset / 4),
                           static_cast<std::uint8_t>(std::max<std::size_t>(1, bytes / 4)), store});
  }
}

}  // namespace detail
}  // namespace simt
