// The CSV files the samples write with --csv, read back as the docs read them.
#include "../catch.hpp"

#include "common/csv_file.hpp"
#include "common/measurement_label.hpp"
#include "common/usage_error.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace {

std::string contents(const std::filesystem::path& path) {
  std::ifstream file(path);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

std::filesystem::path scratch(const char* name) {
  return std::filesystem::temp_directory_path() / name;
}

}  // namespace

TEST_CASE("A CSV file has a header and one line per row, fields quoted only where needed",
          "[common]") {
  const auto path = scratch("csv_file_test_plain.csv");
  tutorial::CsvFile csv(path.string(), "--csv", {"name", "count", "ratio", "verified"});
  csv.row("stride 1", 42, 0.5, true);
  csv.row("a, b", 7u, 1.25, false);
  csv.row("say \"hi\"", -3, 2.0, true);
  csv.finish();
  CHECK(contents(path) ==
        "name,count,ratio,verified\n"
        "stride 1,42,0.5,yes\n"
        "\"a, b\",7,1.25,no\n"
        "\"say \"\"hi\"\"\",-3,2,yes\n");
  std::filesystem::remove(path);
}

TEST_CASE("A CSV file of measurements starts every row with the device's label", "[common]") {
  tutorial::DeviceInfo device;
  device.name = "GPU, model 1";
  device.driver_version = 13000;
  const auto path = scratch("csv_file_test_label.csv");
  tutorial::CsvFile csv(path.string(), "--csv", {"gbs"}, &device);
  csv.row(2900.5);
  csv.finish();
  const auto label = tutorial::measurement_label(device);
  CHECK(contents(path) ==
        "device,cuda_driver_api,date,gbs\n\"GPU, model 1\",13000," + label[2] + ",2900.5\n");
  std::filesystem::remove(path);
}

TEST_CASE(
    "A CSV file refuses a row of the wrong width (with --csv or without) and a path it cannot "
    "write",
    "[common]") {
  const auto path = scratch("csv_file_test_width.csv");
  tutorial::CsvFile csv(path.string(), "--csv", {"a", "b"});
  CHECK_THROWS_AS(csv.row(1), std::logic_error);
  CHECK_THROWS_AS(csv.row(1, 2, 3), std::logic_error);
  std::filesystem::remove(path);
  tutorial::CsvFile none("", "--csv", {"a", "b"});  // --csv not given: nothing is written
  CHECK_NOTHROW(none.row(1, 2));
  CHECK_THROWS_AS(none.row(1), std::logic_error);
  CHECK_NOTHROW(none.finish());
  try {
    tutorial::CsvFile bad("/nonexistent-folder/out.csv", "--csv", {"a"});
    FAIL("no error for a folder that does not exist");
  } catch (const tutorial::UsageError& e) {
    CHECK(std::string(e.what()) == "--csv: cannot write '/nonexistent-folder/out.csv'");
  }
}

TEST_CASE("A field is quoted when it holds a comma, a quote or a line break", "[common]") {
  CHECK(tutorial::CsvFile::quoted("plain") == "plain");
  CHECK(tutorial::CsvFile::quoted("") == "");
  CHECK(tutorial::CsvFile::quoted("x,y") == "\"x,y\"");
  CHECK(tutorial::CsvFile::quoted("two\nlines") == "\"two\nlines\"");
  CHECK(tutorial::CsvFile::quoted("\"") == "\"\"\"\"");
}
