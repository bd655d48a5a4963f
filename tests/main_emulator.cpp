// Test programs that need no GPU: their tests always run.
#include "test_runner.hpp"

std::optional<int> test::before_running(int, char*[]) { return std::nullopt; }
