#pragma once
// Runs a program to completion and captures its exit code, stdout and stderr.
#include <string>
#include <vector>

namespace test {

struct ProgramResult {
  int exit_code = -1;  // the program's exit status; 128 + signal number if it was killed
  std::string out;     // everything it wrote to stdout
  std::string err;     // everything it wrote to stderr
};

ProgramResult run_program(const std::string& path, const std::vector<std::string>& arguments);

}  // namespace test
