/// @file
/// @brief The race checks: two threads of a block touch the same byte of its shared memory in
/// one barrier interval, at least one of them writing, with nothing ordering the two accesses.

#include <simt/detail/race_check.hpp>
#include <simt/detail/shared_layout.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/launch.hpp>
#include "describe.hpp"

#include <sstream>
#include <string>

namespace simt::detail {

namespace {

const char* barrier_text(const Site* site, BarrierKind kind) {
  if (site != nullptr && site->text[0] != '\0') return site->text;
  switch (kind) {
    case BarrierKind::warp: return "__syncwarp()";
    case BarrierKind::block: return "__syncthreads()";
    case BarrierKind::cluster: return "cluster.sync()";
    case BarrierKind::grid: return "grid.sync()";
  }
  return "a barrier";
}

std::string interval_text(const BlockState& block) {
  if (block.interval == 0) return "before the first barrier";
  return "in barrier interval " + std::to_string(block.interval) + " (after " +
         barrier_text(block.last_barrier_site, block.last_barrier_kind) + " at " +
         (block.last_barrier_site != nullptr ? where(block.last_barrier_site->location) : "?") +
         ")";
}

// Whether an access by thread `earlier` (rank + 1) at warp step `earlier_step` happens before
// the running thread's access at warp step `step`: within an interval only a __syncwarp() both
// lanes passed (a higher warp step of the same warp) orders accesses.
bool ordered(std::uint16_t earlier, std::uint16_t earlier_step, unsigned rank, std::uint16_t step) {
  return warp_of(earlier - 1u) == warp_of(rank) && step > earlier_step;
}

[[noreturn]] void report_race(const UnitState& unit, const BlockState& block, bool dynamic,
                              std::size_t offset, unsigned first, const char* first_did,
                              const char* first_file, unsigned first_line, const char* second_does,
                              const char* file, unsigned line) {
  std::ostringstream message;
  message << "shared-memory race in kernel '" << kernel_name(unit, nullptr) << "', block ("
          << block.block_idx.x << ", " << block.block_idx.y << ", " << block.block_idx.z << "), "
          << interval_text(block) << ": thread " << first - 1 << " " << first_did << " "
          << describe_shared(unit, dynamic, offset) << " at " << where(first_file, first_line)
          << " and thread " << thread_rank() << " " << second_does << " it at " << where(file, line)
          << " with no barrier in between. "
          << (warp_of(first - 1) == warp_of(thread_rank())
                  ? "A __syncwarp() between the two accesses orders them (the two threads are "
                    "lanes of one warp, and since Volta the lanes of a warp do not run in "
                    "lockstep)."
                  : "A __syncthreads() between the two accesses orders them.");
  throw KernelError(message.str());
}

}  // namespace

void check_race(UnitState& unit, BlockState& block, bool dynamic, std::size_t offset,
                std::size_t bytes, AccessKind kind, const char* file, unsigned line) {
  auto& shadow = dynamic ? block.race.dynamic_bytes : block.race.static_bytes;
  auto& sites = dynamic ? block.race.dynamic_sites : block.race.static_sites;
  if (offset + bytes > shadow.size()) {
    shadow.resize(dynamic ? unit.arena.dynamic_size() : unit.layout.used);
    sites.resize(shadow.size());
  }
  const unsigned rank = thread_rank();
  const auto me = static_cast<std::uint16_t>(rank + 1);
  const std::uint32_t epoch = block.race.epoch;
  const std::uint16_t step = block.scheduling.warp_steps[warp_of(rank)];
  const std::uint32_t here = unit.access_sites.id(file, line);
  const auto report = [&](std::size_t b, std::uint16_t other, const char* did,
                          std::uint32_t there) {
    const AccessSites::Place& p = unit.access_sites.places[there];
    report_race(unit, block, dynamic, b, other, did, p.file, p.line,
                kind == AccessKind::load ? "reads" : "writes", file, line);
  };
  for (std::size_t b = offset; b < offset + bytes; ++b) {
    ShadowByte& s = shadow[b];
    if (s.epoch != epoch) s = ShadowByte{epoch};
    if (s.writer != 0 && s.writer != me && !ordered(s.writer, s.write_step, rank, step))
      report(b, s.writer, "wrote", sites[b].write);
    if (kind != AccessKind::load) {
      if (s.reader != 0 && s.reader != me && !ordered(s.reader, s.read_step, rank, step))
        report(b, s.reader, "read", sites[b].read);
      if (s.second_reader != 0 && s.second_reader != me &&
          !ordered(s.second_reader, s.second_read_step, rank, step))
        report(b, s.second_reader, "read", sites[b].second_read);
      s.writer = me;
      s.write_step = step;
      sites[b].write = here;
    }
    if (kind != AccessKind::store) {
      if (s.reader == 0 || s.reader == me) {
        s.reader = me;
        s.read_step = step;
        sites[b].read = here;
      } else if (s.second_reader == 0 || s.second_reader == me) {
        s.second_reader = me;
        s.second_read_step = step;
        sites[b].second_read = here;
      }
    }
  }
}

}  // namespace simt::detail
