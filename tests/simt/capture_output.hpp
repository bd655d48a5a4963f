#pragma once
// Captures what a piece of a test prints to standard output or standard error (the emulator's
// device printf and its warnings).

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include <unistd.h>

namespace test {

// What `run` writes to file descriptor `fd` (1: standard output, 2: standard error).
template <class Run>
inline std::string captured(int fd, Run&& run) {
  std::fflush(fd == 1 ? stdout : stderr);
  char name[] = "/tmp/simt-capture-XXXXXX";
  const int file = mkstemp(name);
  const int saved = dup(fd);
  dup2(file, fd);
  run();
  std::fflush(fd == 1 ? stdout : stderr);
  dup2(saved, fd);
  close(saved);
  close(file);
  std::ifstream in(name);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(name);
  return text;
}

}  // namespace test
