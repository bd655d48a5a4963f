#pragma once
// Exercise 06, a solution: a round resumes every unfinished thread; stop when none is left.
#include "thread_task.hpp"

#include <vector>

inline int run_block(std::vector<coroutine_sync::ThreadTask>& threads) {
  int rounds = 0;
  bool any_left = true;
  while (any_left) {
    any_left = false;
    for (auto& t : threads)
      if (!t.done()) any_left |= t.resume();
    ++rounds;
  }
  return rounds;
}
