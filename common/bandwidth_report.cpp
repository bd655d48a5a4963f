#include "bandwidth_report.hpp"

#include "csv_file.hpp"
#include "timing.hpp"
#include "usage_error.hpp"

#include <cstdio>
#include <fstream>

namespace tutorial {

BandwidthRow copy_ceiling(std::size_t bytes_per_buffer, TimingPolicy policy) {
  const double gbs = copy_bandwidth_gbs(bytes_per_buffer, policy);
  return {"cudaMemcpy device to device (ceiling)",
          2.0 * static_cast<double>(bytes_per_buffer) / (gbs * 1e6), gbs, true};
}

BandwidthRow measure_bandwidth(std::string name, double bytes_moved,
                               const std::function<void()>& launch,
                               const std::function<bool()>& verify, TimingPolicy policy) {
  const Timing t = time_on_device(launch, policy);
  return {std::move(name), t.median_ms, bytes_moved / (t.median_ms * 1e6), verify()};
}

void print_bandwidth_table(const std::vector<BandwidthRow>& rows) {
  if (rows.empty()) return;
  const double ceiling = rows.front().gbs;
  std::printf("%-46s %10s %9s %9s  %s\n", "kernel", "median ms", "GB/s", "of copy", "result");
  const BandwidthRow* best = nullptr;
  for (const auto& row : rows) {
    std::printf("%-46s %10.3f %9.1f %8.2fx  %s\n", row.name.c_str(), row.median_ms, row.gbs,
                row.gbs / ceiling, row.verified ? "match" : "MISMATCH");
    if (&row != &rows.front() && (best == nullptr || row.gbs > best->gbs)) best = &row;
  }
  if (best != nullptr)
    std::printf("fastest: %s at %.2fx the device-to-device copy bandwidth\n", best->name.c_str(),
                best->gbs / ceiling);
}

void write_bandwidth_csv(const std::vector<BandwidthRow>& rows, const DeviceInfo& device,
                         const std::string& problem, const std::string& path,
                         const std::string& option) {
  CsvFile csv(path, option, {"problem", "kernel", "median_ms", "gbs", "of_copy", "verified"},
              &device);
  for (const auto& row : rows)
    csv.row(problem, row.name, row.median_ms, row.gbs, row.gbs / rows.front().gbs, row.verified);
  csv.finish();
}

}  // namespace tutorial
