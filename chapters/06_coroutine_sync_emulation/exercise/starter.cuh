#pragma once
// Exercise 06: a runner that resumes one block's GPU threads (coroutines) until every one of
// them has finished. This is the naive runner of the chapter: it listens to the last thread
// only. Make it keep going while ANY thread has work left. Returns the rounds it made.
#include "thread_task.hpp"

#include <vector>

inline int run_block(std::vector<coroutine_sync::ThreadTask>& threads) {
  int rounds = 0;
  bool flag = true;
  while (flag) {
    for (auto& t : threads) flag = t.resume();  // TODO
    ++rounds;
  }
  return rounds;
}
