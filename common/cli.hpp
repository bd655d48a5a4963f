#pragma once
/// @file
/// @brief Command-line options shared by every sample, with strict validation (CLI11).

#include "backend.hpp"

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

// CLI11 is known here by name only: its header is most of the compile time of any file that
// includes it (about 7 s with g++, three passes' worth under nvcc), so cli.cpp alone includes it.
namespace CLI {
class App;
}  // namespace CLI

namespace tutorial {

/// @brief The options every sample has.
struct CommonOptions {
  BackendChoice backend = BackendChoice::automatic;  ///< `--backend auto|device|emulator`.
  std::uint64_t seed = 2024;                         ///< `--seed`: random inputs are reproducible.
  bool benchmark = false;      ///< `--benchmark`: measure instead of demonstrate.
  bool print_backend = false;  ///< `--print-backend`: say where kernels would run, and exit.
};

/// @brief Parses a whole number strictly: digits only (or `2^k`), within [min, max].
/// Throws UsageError naming `option` and the accepted range for anything else: text,
/// signs, fractions, exponents, values that overflow.
[[nodiscard]] std::int64_t parse_integer(const std::string& option, const std::string& text,
                                         std::int64_t min, std::int64_t max,
                                         const std::string& limit_reason = {});

/// @brief A sample's command line: the common options plus the sample's own.
class Cli {
 public:
  /// @brief `program` names the sample in messages; `description` heads `--help`.
  Cli(std::string program, const std::string& description);
  ~Cli();
  Cli(const Cli&) = delete;
  Cli& operator=(const Cli&) = delete;

  /// @brief Adds an integer option accepted only within [min, max]; `limit_reason`, when
  /// given, says where the limit comes from ("a block has at most 1024 threads").
  template <class Int>
  void add_integer(const std::string& name, Int& value, std::int64_t min, std::int64_t max,
                   const std::string& help, const std::string& limit_reason = {}) {
    add_integer_impl(
        name, [&value](std::int64_t v) { value = static_cast<Int>(v); }, min, max, help,
        limit_reason, static_cast<std::int64_t>(value));
  }

  /// @brief Adds an option whose value must be one of `choices` (name, value pairs).
  template <class Enum>
  void add_choice(const std::string& name, Enum& value,
                  std::vector<std::pair<std::string, Enum>> choices, const std::string& help) {
    std::vector<std::string> names;
    std::string current;
    for (const auto& [n, v] : choices) {
      names.push_back(n);
      if (v == value) current = n;
    }
    add_choice_impl(
        name, names, [&value, choices](std::size_t index) { value = choices[index].second; }, help,
        current);
  }

  /// @brief Adds an on/off flag.
  void add_flag(const std::string& name, bool& value, const std::string& help);

  /// @brief Adds a free-form text option (a file name, say).
  void add_text(const std::string& name, std::string& value, const std::string& help);

  /// @brief Parses the command line. Returns true when `--help` was printed (exit 0), or, for a
  /// command line of `--describe-options` alone, the options as JSON (name, kind, default,
  /// limits or choices, help), which the docs' Run panels make their forms of; throws
  /// UsageError for anything malformed.
  [[nodiscard]] bool parse(int argc, char** argv);

  /// @brief Parses the command line and resolves `--backend` for a chapter that needs
  /// compute capability `minimum` on the GPU, printing the one-line notice when the emulator
  /// stands in. Returns nothing when the sample should exit 0 now (`--help`, `--print-backend`).
  [[nodiscard]] std::optional<BackendSelection> parse_and_select_backend(int argc, char** argv,
                                                                         ComputeCapability minimum);

  /// @brief The common options after parse().
  [[nodiscard]] const CommonOptions& common() const { return common_; }

  /// @brief Whether the user gave `name` on the command line.
  [[nodiscard]] bool given(const std::string& name) const;

 private:
  void add_integer_impl(const std::string& name, std::function<void(std::int64_t)> store,
                        std::int64_t min, std::int64_t max, const std::string& help,
                        const std::string& limit_reason, std::int64_t default_value);
  void add_choice_impl(const std::string& name, std::vector<std::string> names,
                       std::function<void(std::size_t)> store, const std::string& help,
                       const std::string& default_name);

  std::string program_;
  std::unique_ptr<CLI::App> app_;
  CommonOptions common_;
  std::vector<std::string> described_;  // each option as a JSON object, in the order added
};

}  // namespace tutorial
