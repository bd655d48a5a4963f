#pragma once
// What the emulator's kernel reports are checked against: the message a launch throws, and the
// place ("file.cuh:N") a report must name, read from the kernel file itself.

#include <simt/launch.hpp>

#include "../catch.hpp"

#include <fstream>
#include <string>

// The message of the KernelError `launch` throws ("" if it throws none).
template <class Launch>
std::string error_of(Launch&& launch) {
  try {
    launch();
  } catch (const simt::KernelError& e) {
    return e.what();
  }
  return "";
}

// "file.cuh:N" for the first line N of a kernel file that contains `text`, after the line that
// contains `after` when that is given. `file` is relative to this folder; the place names it
// without its folders, as the emulator's reports do.
inline std::string place_of(const std::string& text,
                            const std::string& file = "diagnostics_kernels.cuh",
                            const std::string& after = "") {
  const std::string here = __FILE__;
  const std::string path = here.substr(0, here.rfind('/') + 1) + file;
  std::ifstream in(path);
  std::string line;
  bool past = after.empty();
  for (int number = 1; std::getline(in, line); ++number) {
    if (past && line.find(text) != std::string::npos)
      return file.substr(file.rfind('/') + 1) + ":" + std::to_string(number);
    past = past || line.find(after) != std::string::npos;
  }
  FAIL("no line of " << path << " contains " << text << (after.empty() ? "" : " after " + after));
  return "";
}

// The planted bugs' kernel file, as place_of() takes it.
inline const std::string kPlanted = "../../tools/planted_bugs/planted_bug_kernels.cuh";
