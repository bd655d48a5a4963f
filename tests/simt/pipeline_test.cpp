// cuda::pipeline's diagnostics (common/simt/src/pipeline.cpp): a consumer waiting for a stage
// never committed; in a partitioned pipeline, a consumer that produces and consumers waiting for a
// stage no producer commits; a pipeline made again while threads still wait for its stages.
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/launch.hpp>

#include <string>
#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "diagnostics_kernels.emulated.hpp"
#include "planted_bug_kernels.emulated.hpp"

#include "kernel_reports.hpp"

using Catch::Matchers::Contains;

TEST_CASE("A pipeline consumer waiting for a stage never committed is reported",
          "[diagnostics][async]") {
  std::vector<float> in(64, 1.0f), out(64);
  const std::string error = error_of(
      [&] { simt::launch(1, 64, emulated::WaitForStageNeverCommitted, in.data(), out.data()); });
  INFO(error);
  CHECK_THAT(error, Contains("cuda::pipeline consumer waits for a stage never committed in "
                             "kernel 'WaitForStageNeverCommitted' at " +
                             place_of("producer_commit() missing above", kPlanted)));
  CHECK_THAT(error, Contains("thread 0 of block (0, 0, 0) calls consumer_wait() for stage 0 of "
                             "its pipeline, which has committed 0 stages"));
}

TEST_CASE("A thread that joined a partitioned pipeline as a consumer and produces is reported",
          "[diagnostics][async]") {
  std::vector<float> in(64, 1.0f), out(64);
  const std::string error =
      error_of([&] { simt::launch(1, 64, emulated::ConsumerThatProduces, in.data(), out.data()); });
  INFO(error);
  CHECK_THAT(error, Contains("cuda::pipeline consumer thread produces in kernel "
                             "'ConsumerThatProduces' at " +
                             place_of("pipe.producer_acquire();", "diagnostics_kernels.cuh",
                                      "ConsumerThatProduces")));
  // Threads 0 to 31 produce; thread 32 is the first consumer to call producer_acquire().
  CHECK_THAT(error, Contains("thread 32 of block (0, 0, 0) calls producer_acquire() on the "
                             "pipeline made at " +
                             place_of("cuda::make_pipeline(", "diagnostics_kernels.cuh",
                                      "ConsumerThatProduces") +
                             ", which it joined as pipeline_role::consumer"));
}

TEST_CASE(
    "Consumers of a partitioned pipeline waiting for a stage no producer commits are "
    "reported",
    "[diagnostics][async]") {
  std::vector<float> in(64, 1.0f), out(64);
  const std::string error = error_of(
      [&] { simt::launch(1, 64, emulated::ConsumersWaitForMissingStage, in.data(), out.data()); });
  INFO(error);
  CHECK_THAT(error, Contains("cuda::pipeline stage that never becomes ready in kernel "
                             "'ConsumersWaitForMissingStage'"));
  CHECK_THAT(error, Contains("waits for every one of its 16 producer threads to commit stage 1"));
}

TEST_CASE("A block pipeline made again while threads still wait for its stages is reported",
          "[diagnostics][async]") {
  std::vector<float> in(4 * 64, 1.0f), out(64);
  const std::string error = error_of(
      [&] { simt::launch(1, 64, emulated::PipelineMadeAgainWhileInUse, in.data(), out.data()); });
  INFO(error);
  const std::string made_at =
      place_of("cuda::make_pipeline(", "diagnostics_kernels.cuh", "PipelineMadeAgainWhileInUse");
  CHECK_THAT(error, Contains("cuda::pipeline made again while in use in kernel "
                             "'PipelineMadeAgainWhileInUse' at " +
                             made_at));
  // Threads run in rank order: thread 63 finishes the first round while threads 0 to 62 wait
  // at their first consumer_wait().
  const std::string waits_at =
      place_of("pipe.consumer_wait();", "diagnostics_kernels.cuh", "PipelineMadeAgainWhileInUse");
  CHECK_THAT(error,
             Contains("thread 63 of block (0, 0, 0) makes a pipeline on the shared state of "
                      "the pipeline made at " +
                      made_at + " while threads 0-62 wait at pipe.consumer_wait() at " + waits_at));
}
