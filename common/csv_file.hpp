#pragma once
/// @file
/// @brief The CSV files the samples write with `--csv`, which the docs' tables and plots read: a
/// header, then rows of as many fields, quoted where RFC 4180 requires it.

#include "device.hpp"

#include <cstddef>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tutorial {

/// @brief One CSV file, written row by row. A file of GPU measurements starts its header with
/// measurement_label_columns and every row with the measurement's label (which device, which
/// driver, which day), so that the docs can say where a figure comes from.
class CsvFile {
 public:
  /// @brief Creates `path` and writes the header: the label columns if `device` is given, then
  /// `columns`. Throws UsageError naming `option` if the file cannot be created. An empty `path`
  /// (the option not given) writes nothing: rows are still checked, so that a sample's table and
  /// its CSV take one code path.
  CsvFile(const std::string& path, std::string option, const std::vector<std::string>& columns,
          const DeviceInfo* device = nullptr);

  /// @brief Writes one row, one field per column after the label: text as it is, `bool` as yes
  /// or no, numbers as std::ostream prints them. Throws std::logic_error if the number of fields
  /// is not the number of columns.
  template <class... Fields>
  void row(const Fields&... fields) {
    write({text_of(fields)...});
  }

  /// @brief Flushes the file and says so ("wrote PATH"); throws UsageError naming the option if
  /// any of it could not be written.
  void finish();

  /// @brief `field` as one CSV field: in double quotes, with quotes doubled, if it holds a comma,
  /// a quote or a line break; else unchanged.
  [[nodiscard]] static std::string quoted(std::string_view field);

 private:
  template <class T>
  static std::string text_of(const T& value) {
    if constexpr (std::is_same_v<T, bool>) {
      return value ? "yes" : "no";
    } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
      return std::string(std::string_view(value));
    } else {
      std::ostringstream text;
      text << value;
      return text.str();
    }
  }
  void write(const std::vector<std::string>& fields);

  std::ofstream file_;
  std::string path_;
  std::string option_;
  std::vector<std::string> label_;  // the first fields of every row
  std::size_t columns_ = 0;         // fields a row() gives
};

}  // namespace tutorial
