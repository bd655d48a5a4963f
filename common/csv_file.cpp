#include "csv_file.hpp"

#include "measurement_label.hpp"
#include "usage_error.hpp"

#include <cstdio>
#include <stdexcept>
#include <utility>

namespace tutorial {

CsvFile::CsvFile(const std::string& path, std::string option,
                 const std::vector<std::string>& columns, const DeviceInfo* device)
    : path_(path), option_(std::move(option)), columns_(columns.size()) {
  if (path.empty()) return;
  file_.open(path);
  if (!file_) throw UsageError(option_, "cannot write '" + path + "'");
  std::vector<std::string> header;
  if (device != nullptr) {
    label_ = measurement_label(*device);
    header.assign(measurement_label_columns.begin(), measurement_label_columns.end());
  }
  header.insert(header.end(), columns.begin(), columns.end());
  for (std::size_t i = 0; i < header.size(); ++i) file_ << (i == 0 ? "" : ",") << header[i];
  file_ << '\n';
}

void CsvFile::write(const std::vector<std::string>& fields) {
  if (fields.size() != columns_)
    throw std::logic_error("CsvFile: a row of " + std::to_string(fields.size()) + " fields for " +
                           std::to_string(columns_) + " columns in " + path_);
  if (path_.empty()) return;
  std::vector<std::string> line = label_;
  line.insert(line.end(), fields.begin(), fields.end());
  for (std::size_t i = 0; i < line.size(); ++i) file_ << (i == 0 ? "" : ",") << quoted(line[i]);
  file_ << '\n';
}

void CsvFile::finish() {
  if (path_.empty()) return;
  file_.flush();
  if (!file_) throw UsageError(option_, "cannot write '" + path_ + "'");
  std::printf("wrote %s\n", path_.c_str());
}

std::string CsvFile::quoted(std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(field);
  std::string text = "\"";
  for (const char c : field) {
    if (c == '"') text += '"';
    text += c;
  }
  return text + '"';
}

}  // namespace tutorial
