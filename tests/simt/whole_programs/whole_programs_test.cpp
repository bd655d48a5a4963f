// Whole CUDA programs, unmodified, on the emulator: programs of this folder written as sample
// collections write them (a helper header with checkCudaErrors, events, pinned memory, streams,
// a C++ file calling C functions of a CUDA file, templates launched through a function pointer,
// __constant__ tables, device printf and assert, a cooperative launch, texture objects and
// half precision, launches written by a macro, kernels that launch kernels, the warp matrix
// functions). They check their own results against CPU loops; these tests run them and read what
// they print, and build one with simt-nvcc as a learner would.
#include "../../end_to_end/run_program.hpp"

#include "../../catch.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// "file:line:col" of the first occurrence of `text` in the file at `path` (columns from 1).
std::string place_in_file(const std::string& path, const std::string& text) {
  std::ifstream in(path);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number)
    if (const auto column = line.find(text); column != std::string::npos)
      return path + ":" + std::to_string(number) + ":" + std::to_string(column + 1);
  return path + ": no line holds " + text;
}

// "file.cu:LINE" (the file's name, as the emulator's reports write it) of the first line of
// WHOLE_PROGRAMS_DIR/file.cu that holds `text`.
std::string line_in_program(const std::string& file, const std::string& text) {
  const std::string place = place_in_file(std::string(WHOLE_PROGRAMS_DIR) + "/" + file, text);
  const std::string line = place.substr(0, place.rfind(':'));
  return file + line.substr(line.rfind(':'));
}

// simt-nvcc with the arguments, which link this build's emulator: in the sanitizers' build it is
// built for them, and the program then needs their runtime (one flag per -Xcompiler: nvcc splits
// its value at commas, and so does simt-nvcc).
test::ProgramResult simt_nvcc(std::vector<std::string> arguments) {
#if defined(TUTORIAL_SANITIZERS)
  arguments.insert(arguments.begin(),
                   {"-Xcompiler", "-fsanitize=address", "-Xcompiler", "-fsanitize=undefined"});
#endif
  return test::run_program(SIMT_NVCC, arguments);
}

}  // namespace

TEST_CASE("A whole program with pinned memory, a stream and events runs on the emulator") {
  const test::ProgramResult run = test::run_program(WHOLE_VECTOR_ADD, {});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  // The emulator answers as the H100 it imitates.
  CHECK(contains(run.out, "GPU Device 0: \"NVIDIA H100 80GB HBM3\" with compute capability 9.0"));
  CHECK(contains(run.out, "vectorAdd<<<4096, 256>>> on 1048576 elements: "));
  CHECK(contains(run.out, "main compiled for the host\n"));
  CHECK(contains(run.out, "Test PASSED (0 of 1048576 elements differ from the CPU's sums)"));
}

TEST_CASE("A program of a C++ file and a CUDA file launches a template through a pointer") {
  const test::ProgramResult run = test::run_program(WHOLE_SCALED_SUMS, {});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  // 100003 elements in blocks of 128 and 256; device printf from block 0's thread 0.
  CHECK(contains(run.out, "scaledSums<128>: block 0 of 782 sums to "));
  CHECK(contains(run.out, "block size 128: 0 of 782 block sums differ from the CPU's"));
  CHECK(contains(run.out, "scaledSums<256>: block 0 of 391 sums to "));
  CHECK(contains(run.out, "block size 256: 0 of 391 block sums differ from the CPU's"));
  CHECK(contains(run.out, "Test PASSED"));
}

TEST_CASE("Relocatable device code: a kernel uses another file's device function and variables") {
  const test::ProgramResult run = test::run_program(WHOLE_SEPARATE_COMPILATION, {});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  // The kernel's sum, in weights.cu's __device__ variable, beside the CPU's from the same input.
  const auto at = run.out.find("weighted sum of 65536 random values: ");
  REQUIRE(at != std::string::npos);
  unsigned long long device = 0;
  unsigned long long cpu = 0;
  REQUIRE(std::sscanf(run.out.c_str() + at,
                      "weighted sum of 65536 random values: %llu, the "
                      "CPU's %llu",
                      &device, &cpu) == 2);
  CHECK(device == cpu);
  CHECK(device > 0);
  CHECK(contains(run.out, "Test PASSED"));
}

TEST_CASE(
    "Kernels of every shape run: written by a macro, explicitly specialised, with C linkage, "
    "file-local, qualified, overloaded, with a parameter pack") {
  const test::ProgramResult run = test::run_program(WHOLE_KERNEL_SHAPES, {});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  // The values each kernel's threads write, as the program's source gives them.
  CHECK(contains(run.out, "writtenByMacro: 1\nfillWith<3>: 3\nfillWith<7>: 70\n"));
  CHECK(contains(run.out, "fillTiles<Tile>: 5\n"));
  CHECK(contains(run.out, "waits: 10\n"));
  // Each overload is the one the launch's arguments pick.
  CHECK(contains(run.out,
                 "changesItsParameter: 13\noverloaded(int*): 14\noverloaded(Tile*): 15\n"
                 "overloaded(int*, int): 16\ncountsItsPack: 3\nTest PASSED\n"));
}

TEST_CASE(
    "Without -rdc, an extern __device__ variable is the file's own, and a call of a "
    "__device__ function defined in another file stops the build at the call") {
  const test::ProgramResult run = test::run_program(WHOLE_EXTERN_VARIABLE, {});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  CHECK(contains(run.out, "launch 0 saw 0\nlaunch 1 saw 1\n"));
  CHECK(contains(run.out, "launch 4 saw 4\nTest PASSED\n"));
  // The relocatable program's file compiled on its own, as nvcc compiles it without -rdc=true.
  const std::string main = std::string(WHOLE_PROGRAMS_DIR) + "/separate_compilation/main.cu";
  const auto object = std::filesystem::temp_directory_path() / "simt_nvcc_without_rdc.o";
  const test::ProgramResult build = simt_nvcc({"-O0", "-c", main, "-o", object.string()});
  INFO(build.out << build.err);
  CHECK(build.exit_code != 0);
  CHECK(build.err.starts_with(place_in_file(main, "weightOf(values") +
                              ": error: __device__ function 'weightOf' is not defined in this "
                              "file, and without relocatable device code"));
  CHECK(contains(build.err, "Unresolved extern function '_Z8weightOfi'"));
  CHECK(!std::filesystem::exists(object));
}

TEST_CASE("A cooperative launch sized by the occupancy calculator syncs its grid") {
  const test::ProgramResult run = test::run_program(WHOLE_GRID_SUM, {});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  // 256 threads are 8 warps: 64 warps per multiprocessor hold 8 such blocks, on 132 of them.
  CHECK(contains(run.out, "gridSum<<<1056, 256>>> (cooperative, 8 blocks per multiprocessor)"));
  CHECK(contains(run.out, "Test PASSED"));
}

TEST_CASE("Texture objects over arrays, layers, a cubemap and pitched memory, through a macro") {
  const test::ProgramResult run = test::run_program(WHOLE_IMAGE_FILTERS, {});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  // 300 x 200 pixels; rows of 1200 bytes pitched to cudaMallocPitch's 512-byte multiple.
  CHECK(contains(run.out, "boxFilter (cudaArray, clamped, __half out): 0 of 60000 pixels differ"));
  CHECK(contains(run.out, "(pitched memory, pitch 1536, normalised, wrapped): 0 of 60000 differ"));
  CHECK(contains(run.out, "cudaMemcpy2DFromArray gives back the image: yes"));
  // Layers and a cubemap's faces copied in with cudaMemcpy3D; on an H100 a layer index past the
  // last reads the last, and texCubemap picks faces as the programming guide's table says.
  CHECK(contains(run.out, "layerSums (3 layers, tex2DLayered): 0 of 3072 pixels differ"));
  CHECK(contains(run.out, "a layer past the last reads the last: yes"));
  CHECK(contains(run.out, "texCubemap at every texel's centre: 0 of 1536 texels differ"));
  CHECK(contains(run.out, "Test PASSED"));
}

TEST_CASE("Graphs built node by node and captured from forked streams run as on an H100") {
  const test::ProgramResult run = test::run_program(WHOLE_GRAPHS, {});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  // What the program printed on an H100 (driver 580.159.04): node counts, the capture's status,
  // the update's result and the errors, besides its own checks against CPU sums.
  CHECK(contains(run.out, "built graph: 6 nodes, 2 root(s)"));
  for (const char* a : {"2", "3", "5"})
    CHECK(contains(run.out, std::string("built graph, a = ") + a +
                                ": 0 of 256 block sums differ from the CPU's"));
  CHECK(contains(run.out, "host node ran 3 times"));
  CHECK(contains(run.out, "capture status while capturing: 1"));
  // An allocation, a copy, a fill, two kernels, a free and a copy back; events add no node.
  CHECK(contains(run.out, "captured graph: 7 nodes, 1 root(s)"));
  CHECK(contains(run.out, "captured graph, launch 2: 0 of 256 block sums differ"));
  CHECK(contains(run.out, "cudaGraphExecUpdate: cudaSuccess, result 0"));
  CHECK(contains(run.out, "updated graph: 0 of 256 block sums differ from the CPU's"));
  CHECK(contains(run.out,
                 "launch before the graph's memory is freed: cudaErrorInvalidValue; "
                 "after: cudaSuccess"));
  CHECK(contains(run.out,
                 "cudaStreamSynchronize while capturing: "
                 "cudaErrorStreamCaptureUnsupported; status 2; cudaStreamEndCapture: "
                 "cudaErrorStreamCaptureInvalidated, graph null"));
  CHECK(contains(run.out, "Test PASSED"));
}

TEST_CASE("Conditional graph nodes loop, branch and switch as on an H200") {
  const test::ProgramResult run = test::run_program(WHOLE_CONDITIONAL_GRAPHS, {});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  // The program checks its results against the CPU's; an H200 (driver 580.159.04) printed the
  // same lines, and these error codes, node types and counts.
  CHECK(count_of(run.out, "rounds, the CPU expects") == 2);
  CHECK(count_of(run.out, "every value 0: yes") == 2);
  CHECK(contains(run.out, "a switch node's type: 13"));
  // The if adds 100 (else 200) to 10; the switch's bodies add 1, fill 7 and copy 5000.
  CHECK(contains(run.out, "if and switch on 0: result 211, the CPU expects 211"));
  CHECK(contains(run.out, "if and switch on 1: result 7, the CPU expects 7"));
  CHECK(contains(run.out, "if and switch on 2: result 5000, the CPU expects 5000"));
  CHECK(contains(run.out, "if and switch on 9: result 110, the CPU expects 110"));
  CHECK(contains(run.out, "while node with 2 bodies: cudaErrorInvalidValue"));
  CHECK(contains(run.out, "if node with 3 bodies: cudaErrorInvalidValue"));
  CHECK(contains(run.out, "node with another graph's handle: cudaErrorInvalidValue"));
  CHECK(contains(run.out, "handle with flags 2: cudaErrorInvalidValue"));
  CHECK(contains(run.out, "clone of a graph with conditional nodes: cudaErrorNotSupported"));
  // A body belongs to its node.
  CHECK(contains(run.out, "instantiate a body: cudaErrorNotSupported"));
  CHECK(contains(run.out, "a body as a child graph: cudaErrorNotSupported"));
  CHECK(
      contains(run.out, "a graph with conditional nodes as a child graph: cudaErrorNotSupported"));
  CHECK(contains(run.out, "destroy a body: cudaErrorInvalidValue"));
  CHECK(contains(run.out,
                 "host node in a body: cudaSuccess, instantiating it: "
                 "cudaErrorInvalidValue"));
  CHECK(contains(run.out,
                 "copy of pageable memory in a body: cudaSuccess, instantiating it: "
                 "cudaErrorInvalidValue"));
  // The same two refusals one step removed: a host node in a child graph of a body, and a copy
  // of pageable memory captured into a body (an H200's answers, 2026-11-29).
  CHECK(contains(run.out,
                 "child graph with a host node in a body: cudaSuccess, instantiating it: "
                 "cudaErrorInvalidValue"));
  CHECK(contains(run.out,
                 "captured copy of pageable memory in a body: cudaSuccess, ending the capture: "
                 "cudaSuccess, instantiating it: cudaErrorInvalidValue"));
  CHECK(contains(run.out,
                 "captured: the capture ends in the same graph: yes, its body's: yes; 3 "
                 "nodes, 2 in the body"));
  CHECK(contains(run.out, "captured if on 1: result 1007, the CPU expects 1007"));
  CHECK(contains(run.out, "captured if on 0: result 1000, the CPU expects 1000"));
  // The default of a body's variable is given once per launch of the graph, not per round.
  CHECK(contains(run.out, "nested, launch 1: counter 0, the inner body has run 1 times in all"));
  CHECK(contains(run.out, "nested, launch 2: counter 0, the inner body has run 2 times in all"));
  CHECK(contains(run.out,
                 "without cudaGraphCondAssignDefault, default 1: the body ran 0 times "
                 "in 2 launches"));
  // An update takes the new graph's variables: its default 0 keeps the body from running.
  CHECK(contains(run.out, "default 1: result 1, the CPU expects 1"));
  CHECK(contains(run.out, "updated from a graph whose default is 0: result 0, the CPU expects 0"));
  CHECK(contains(run.out, "Test PASSED"));
}

TEST_CASE("A kernel setting a conditional through a made-up handle is reported at its line") {
  const test::ProgramResult run = test::run_program(WHOLE_CONDITIONAL_GRAPHS, {"--bad-handle"});
  INFO(run.out << run.err);
  CHECK(run.exit_code == EXIT_FAILURE);
  CHECK(contains(
      run.err,
      "simt: cudaErrorLaunchFailure: cudaGraphSetConditional with a handle "
      "that no cudaGraphConditionalHandleCreate made (or whose graph is gone) "
      "in kernel 'setFrom' at " +
          line_in_program("conditional_graphs.cu", "cudaGraphSetConditional(handle, *value)") +
          ": thread 0 of block (0, 0, 0)"));
  CHECK(contains(run.err, "code=719(cudaErrorLaunchFailure) \"cudaStreamSynchronize(stream)\""));
  CHECK_FALSE(contains(run.out, "made-up handle"));
}

TEST_CASE("Kernels launch kernels (dynamic parallelism) from a device function, into streams") {
  const test::ProgramResult run = test::run_program(WHOLE_DYNAMIC_PARALLELISM, {});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  // 100003 values halved down to ranges of at most 256: 512 leaves and 511 inner grids, the
  // host's count; the sum is checked against the CPU's by the program itself.
  CHECK(contains(run.out, "sumRange over 100003 values: 1023 grids (the CPU counts 1023), sum "));
  CHECK(contains(run.out, "Test PASSED"));
}

TEST_CASE("The warp matrix functions multiply tiles of every type as the CPU does") {
  const test::ProgramResult run = test::run_program(WHOLE_WARP_MATRIX, {});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  // Small integers: every sum is exact, on a GPU (an H200 printed these lines) and here alike.
  for (const char* tile :
       {"half, float sums m16n16k16: 0 of 256",
        "half, float sums m16n16k16 (C and D column-major): 0 of 256",
        "half, float sums m32n8k16: 0 of 256", "half, half sums m8n32k16: 0 of 256",
        "bfloat16 m16n16k16: 0 of 256", "double m8n8k4 (C and D column-major): 0 of 64",
        "signed char m16n16k16: 0 of 256", "tf32 m16n16k8: 0 of 256",
        "half, K = 128 in steps of 16, doubled: 0 of 256"})
    CHECK(contains(run.out, std::string(tile) + " elements differ from the CPU's"));
  CHECK(contains(run.out, "Test PASSED"));
}

TEST_CASE("simt::launch in a whole program's host code runs the kernel its name stands for") {
  const test::ProgramResult run = test::run_program(WHOLE_SIMT_LAUNCH, {});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  CHECK(contains(run.out, "simt::launch squared 1000 values: 0 differ from the CPU's"));
  CHECK(contains(run.out,
                 "reported: integer division by zero in kernel 'DivideByThreadThree' at "
                 "simt_launch.cu:14: thread (3, 0, 0) of block (0, 0, 0)"));
}

TEST_CASE(
    "libcu++'s cuda::std type traits, limits, arrays, tuples, complex and atomics work in "
    "a kernel") {
  const test::ProgramResult run = test::run_program(WHOLE_LIBCU_STD, {});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  CHECK(contains(run.out, "cuda::std in a kernel: 0 of 32 values differ from the CPU's"));
  // Random values: the kernel's count of odd ones, counted by shared-memory atomics, and the
  // CPU's, which the program prints beside it.
  const std::string atomics = "cuda::std::atomic in a kernel: ";
  const auto at = run.out.find(atomics);
  REQUIRE(at != std::string::npos);
  unsigned counted = 0, expected = 1;
  CHECK(std::sscanf(run.out.c_str() + at + atomics.size(), "%u odd values (the CPU counts %u)",
                    &counted, &expected) == 2);
  CHECK(counted == expected);
  CHECK(contains(run.out, "largest equal to the CPU's"));
}

TEST_CASE("A race in a whole program is reported, and its own check sees the launch fail") {
  const test::ProgramResult run = test::run_program(WHOLE_BLOCK_SUMS, {});
  INFO(run.out << run.err);
  CHECK(run.exit_code == EXIT_FAILURE);
  // Thread 0's last step reads partial[1] (4 bytes in), which thread 1 writes in its first, both
  // at line 19, with no barrier between them.
  CHECK(contains(run.err,
                 "simt: cudaErrorLaunchFailure: shared-memory race in kernel "
                 "'blockSums', block (0, 0, 0), in barrier interval 1 (after "
                 "__syncthreads() at block_sums.cu:17): thread 0 read 'partial' + 4 "
                 "bytes"));
  CHECK(contains(run.err,
                 "block_sums.cu:36 code=719(cudaErrorLaunchFailure) "
                 "\"cudaGetLastError()\": unspecified launch failure"));
  CHECK_FALSE(contains(run.out, "block sums differ"));
}

TEST_CASE("A kernel writing past its array fails the program's own check with the GPU's error") {
  const test::ProgramResult run = test::run_program(WHOLE_OUT_OF_BOUNDS, {});
  INFO(run.out << run.err);
  CHECK(run.exit_code == EXIT_FAILURE);
  CHECK_FALSE(contains(run.out, "no error reported"));
  // 4 blocks of 256 threads over 1000 ints: thread 232 of block 3 is element 1000, the first
  // past the end; the emulator names it and the line, and returns cudaErrorIllegalAddress.
  CHECK(contains(run.err,
                 "simt: cudaErrorIllegalAddress: out-of-bounds global memory access in "
                 "kernel 'fill' at out_of_bounds.cu:12: thread (232, 0, 0) of block "
                 "(3, 0, 0) writes 4 bytes at byte 4000, just past the end of an "
                 "allocation of 4000 bytes made by cudaMalloc"));
  CHECK(contains(run.err,
                 "out_of_bounds.cu:20 code=700(cudaErrorIllegalAddress) "
                 "\"cudaDeviceSynchronize()\": an illegal memory access was encountered"));
}

TEST_CASE("The runtime API returns the H100's error codes, sticky where the GPU's are") {
  const test::ProgramResult run = test::run_program(WHOLE_RUNTIME_SEMANTICS, {});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  // What the same program printed on an H100 (nvcc 13.0, driver 580.159.04): reading the last
  // error resets it even after a kernel fault, whose error the other calls go on returning.
  const std::vector<std::string> expected = {
      "cudaMalloc of 0 bytes: cudaSuccess\n  pointer is null\n",
      "cudaFree of an address inside an allocation: cudaErrorInvalidValue\n"
      "cudaGetLastError after it: cudaErrorInvalidValue\n"
      "cudaGetLastError again: cudaSuccess\n",
      "cudaMemcpy with an invalid kind: cudaErrorInvalidMemcpyDirection\n",
      "a launch of 1025 threads per block: cudaErrorInvalidValue\n"
      "a launch of 65536 blocks along y: cudaErrorInvalidValue\n"
      "a launch of 32 threads: cudaSuccess\n",
      "64 KiB of dynamic shared memory without the attribute: cudaErrorInvalidValue\n"
      "cudaFuncSetAttribute to 64 KiB: cudaSuccess\n"
      "64 KiB of dynamic shared memory with it: cudaSuccess\n"
      "cudaFuncSetAttribute to 300 KiB: cudaErrorInvalidValue\n",
      "  the kernel wrote 255\n",
      "cudaEventElapsedTime before recording: cudaErrorInvalidResourceHandle\n"
      "cudaEventElapsedTime: cudaSuccess\n  elapsed time is not negative\n"
      "cudaEventElapsedTime with an untimed event: cudaErrorInvalidResourceHandle\n",
      "cudaSetDevice(count): cudaErrorInvalidDevice\n"
      "cudaGetLastError after it: cudaErrorInvalidDevice\n  warp size 32\n",
      // Arrays, texture objects, managed memory, pools and peers (the same lines on an H100
      // and on an H200, driver 580.159.04).
      "cudaMallocArray of 3-channel texels: cudaErrorInvalidChannelDescriptor\n"
      "cudaMallocArray of 16 x 16 floats: cudaSuccess\n"
      "cudaMemcpy2DToArray of 16 rows: cudaSuccess\n"
      "cudaMemcpy2DToArray one float to the right: cudaErrorInvalidValue\n"
      "cudaMemcpy2DToArray one row down: cudaErrorInvalidValue\n"
      "cudaMallocArray of 100 floats (height 0): cudaSuccess\n  its extent 100 0 0\n"
      "cudaCreateTextureObject: cudaSuccess\ncudaDestroyTextureObject: cudaSuccess\n"
      "cudaDestroyTextureObject again: cudaSuccess\n"
      "cudaMallocPitch of 200 rows of 1200 bytes: cudaSuccess\n"
      "  pitch 1536, start 512-byte aligned\n"
      "cudaCreateTextureObject over pitched memory not aligned: cudaErrorInvalidValue\n",
      "cudaMemPrefetchAsync of managed memory: cudaSuccess\n"
      "cudaMemPrefetchAsync past its end: cudaErrorInvalidValue\n"
      "cudaMemPrefetchAsync of cudaMalloc memory: cudaErrorInvalidValue\n"
      "cudaMemPrefetchAsync to device 3: cudaErrorInvalidDevice\n"
      "cudaMemAdvise of cudaMalloc memory: cudaErrorInvalidValue\n"
      "cudaDeviceGetDefaultMemPool: cudaSuccess\n"
      "  release threshold set and read back: 12345\n"
      "cudaMemPoolSetAttribute of the used high-water mark to 5: cudaErrorInvalidValue\n"
      "cudaDeviceCanAccessPeer(0, 0): cudaSuccess\n  can access: 0\n"
      "cudaDeviceEnablePeerAccess(0): cudaErrorPeerAccessUnsupported\n",
      "a kernel whose assert fails, then cudaDeviceSynchronize: cudaErrorAssert\n"
      "cudaGetLastError after it: cudaErrorAssert\n"
      "cudaGetLastError again (the error is sticky): cudaSuccess\n"
      "cudaMalloc after it: cudaErrorAssert\n"};
  for (const std::string& lines : expected) CHECK(contains(run.out, lines));
  CHECK(contains(run.err,
                 "device-side assertion `data[threadIdx.x] > 0` failed in kernel "
                 "'checkPositive' at runtime_semantics.cu:"));
}

TEST_CASE("The emulator reports the properties and limits of an H100") {
  const test::ProgramResult run = test::run_program(WHOLE_DEVICE_PROPERTIES, {});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  // What the same program printed on an H100 80GB HBM3 (nvcc 13.0, driver 580.159.04).
  const std::string h100 =
      "name NVIDIA H100 80GB HBM3\ntotalGlobalMem 85017493504\nsharedMemPerBlock 49152\n"
      "regsPerBlock 65536\nwarpSize 32\nmemPitch 2147483647\nmaxThreadsPerBlock 1024\n"
      "maxThreadsDim 1024 1024 64\nmaxGridSize 2147483647 65535 65535\ntotalConstMem 65536\n"
      "compute capability 9.0\ntextureAlignment 512\ntexturePitchAlignment 32\n"
      "maxTexture1D 131072\nmaxTexture2D 131072 65536\nmaxTexture2DLinear 131072 65000 2097120\n"
      "maxTexture3D 16384 16384 16384\n"
      "multiProcessorCount 132\nintegrated 0\ncanMapHostMemory 1\nconcurrentKernels 1\n"
      "asyncEngineCount 3\nunifiedAddressing 1\nmemoryBusWidth 5120\nl2CacheSize 52428800\n"
      "persistingL2CacheMaxSize 32768000\nmaxThreadsPerMultiProcessor 2048\n"
      "streamPrioritiesSupported 1\nglobalL1CacheSupported 1\nlocalL1CacheSupported 1\n"
      "sharedMemPerMultiprocessor 233472\nregsPerMultiprocessor 65536\nmanagedMemory 1\n"
      "isMultiGpuBoard 0\npageableMemoryAccess 0\nconcurrentManagedAccess 1\n"
      "computePreemptionSupported 1\ncanUseHostPointerForRegisteredMem 1\n"
      "cooperativeLaunch 1\nsharedMemPerBlockOptin 232448\n"
      "directManagedMemAccessFromHost 0\nmaxBlocksPerMultiProcessor 32\n"
      "accessPolicyMaxWindowSize 134217728\nreservedSharedMemPerBlock 1024\n"
      "hostRegisterSupported 1\nmemoryPoolsSupported 1\nclusterLaunch 1\n"
      "unifiedFunctionPointers 1\ncudaDevAttrClockRate 1980000\n"
      "cudaDevAttrMemoryClockRate 2619000\ncudaDevAttrMaxSharedMemoryPerBlockOptin 232448\n"
      "cudaDevAttrMaxPersistingL2CacheSize 32768000\ncudaDevAttrKernelExecTimeout 0\n"
      "cudaDevAttrGpuOverlap 1\ncudaDevAttrComputeMode 0\n"
      "cudaDevAttrHostNativeAtomicSupported 0\nruntime version 13000\n"
      "limits: stack 1024, printf buffer 8650752, heap 8388608\n"
      "cudaMallocPitch of 1000-byte rows: pitch 1024\n"
      "largest cluster, non-portable sizes not: 8\n"
      "largest cluster, non-portable sizes allowed: 16\n"
      "active clusters of 1..16 blocks, 0 KB each: "
      "1056 528 327 248 193 163 139 124 102 88 81 74 67 65 58 58\n"
      "active clusters of 1..16 blocks, 28 KB each: "
      "924 462 287 216 171 141 124 107 88 79 72 65 58 58 51 49\n"
      "active clusters of 1..16 blocks, 57 KB each: "
      "396 198 124 92 69 62 47 45 37 30 28 28 23 21 21 21\n"
      "active clusters of 1..16 blocks, 114 KB each: 132 66 39 30 22 17 15 15 9 7 7 7 7 7 7 7\n"
      "active clusters of 2 x 3 blocks: 163\n"
      "a grid of 15 x 3 blocks in 2 x 3 clusters: cudaErrorInvalidClusterSize\n"
      "a cluster of 9 blocks, non-portable sizes not allowed: cudaErrorInvalidClusterSize\n"
      "active clusters of 16 x 2 blocks, past the largest: 0\n"
      "active clusters of a launch without clusters: 0\n";
  CHECK(run.out == h100);
}

TEST_CASE("simt-nvcc builds a program of two sources from nvcc's command line and runs it") {
  const auto work = std::filesystem::temp_directory_path() / "simt_nvcc_test";
  std::filesystem::create_directories(work);
  const std::string program = (work / "scaled_sums").string();
  const std::string folder = WHOLE_PROGRAMS_DIR;
  // Unoptimised (-O0 compiles fastest): what is tested is the command line.
  std::vector<std::string> arguments = {"-o",
                                        program,
                                        "-O0",
                                        "-arch=sm_90",
                                        "-std=c++17",
                                        "-Xcompiler",
                                        "-Wall",
                                        "-lineinfo",
                                        folder + "/scaled_sums/main.cpp",
                                        folder + "/scaled_sums/scaled_sums.cu",
                                        "-run"};
  const test::ProgramResult build = simt_nvcc(arguments);
  INFO(build.out << build.err);
  CHECK(build.exit_code == 0);
  CHECK(contains(build.out, "block size 256: 0 of 391 block sums differ from the CPU's"));
  CHECK(contains(build.out, "Test PASSED"));
  std::filesystem::remove_all(work);
}

TEST_CASE("simt-nvcc -shared links a CUDA file into a library that a program then runs") {
  const auto work = std::filesystem::temp_directory_path() / "simt_nvcc_shared_test";
  std::filesystem::create_directories(work);
  // Linked by its path (it has no soname), the program finds the library where it was built.
  const std::string library = (work / "libscaled_sums.so").string();
  const std::string folder = std::string(WHOLE_PROGRAMS_DIR) + "/scaled_sums";
  const test::ProgramResult shared = simt_nvcc(
      {"-O0", "-shared", "-Xcompiler", "-fPIC", "-o", library, folder + "/scaled_sums.cu"});
  INFO(shared.out << shared.err);
  REQUIRE(shared.exit_code == 0);
  // The program's calls of the runtime API go to the library's runtime: one emulated device.
  const test::ProgramResult run = simt_nvcc(
      {"-O0", "-o", (work / "scaled_sums").string(), folder + "/main.cpp", library, "-run"});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  CHECK(contains(run.out, "block size 128: 0 of 782 block sums differ from the CPU's"));
  CHECK(contains(run.out, "Test PASSED"));
  std::filesystem::remove_all(work);
}

TEST_CASE("simt-nvcc with several architectures builds the kernels an H100 would run") {
  const auto work = std::filesystem::temp_directory_path() / "simt_nvcc_architectures_test";
  std::filesystem::create_directories(work);
  const std::string program = (work / "vector_add").string();
  // As CMake writes CMAKE_CUDA_ARCHITECTURES "80;120": nvcc builds both images, and an H100
  // runs the sm_80 one (it cannot run sm_120's); kernels translated for sm_120 would not launch.
  std::vector<std::string> arguments = {
      "-O0",
      "-o",
      program,
      "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
      "--generate-code=arch=compute_120,code=[compute_120,sm_120]",
      std::string(WHOLE_PROGRAMS_DIR) + "/vector_add.cu"};
  const test::ProgramResult build = simt_nvcc(arguments);
  INFO(build.out << build.err);
  REQUIRE(build.exit_code == 0);
  const test::ProgramResult run = test::run_program(program, {"1000"});
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  CHECK(contains(run.out, "Test PASSED"));
  // Only the newer architecture: no image an H100 runs, as from nvcc.
  arguments[3] = "-arch=sm_120";
  arguments.erase(arguments.begin() + 4);
  const test::ProgramResult newer = simt_nvcc(arguments);
  INFO(newer.out << newer.err);
  REQUIRE(newer.exit_code == 0);
  const test::ProgramResult refused = test::run_program(program, {"1000"});
  INFO(refused.out << refused.err);
  CHECK(refused.exit_code != 0);
  CHECK(contains(refused.out + refused.err, "no kernel image is available"));
  // The emulator's report names the error once, then the kernel and the architectures.
  CHECK(contains(refused.err,
                 "simt: cudaErrorNoKernelImageForDevice: no kernel image is "
                 "available for execution on the device: kernel vectorAdd was "
                 "translated for __CUDA_ARCH__ 1200"));
  std::filesystem::remove_all(work);
}

TEST_CASE("simt-nvcc --simt-no-checks builds kernels whose accesses go unchecked, and says so") {
  const auto work = std::filesystem::temp_directory_path() / "simt_nvcc_no_checks_test";
  std::filesystem::create_directories(work);
  const std::string program = (work / "block_sums").string();
  std::vector<std::string> arguments = {"--simt-no-checks", "-O0", "-o", program,
                                        std::string(WHOLE_PROGRAMS_DIR) + "/block_sums.cu"};
  const test::ProgramResult build = simt_nvcc(arguments);
  INFO(build.out << build.err);
  REQUIRE(build.exit_code == 0);
  // The race the checks report in this program (the test above) goes unseen, and the emulator
  // says why at the first launch, where the checks are on; with them off it has nothing to say.
  const test::ProgramResult run = test::run_program(program, {});
  INFO(run.out << run.err);
  CHECK(contains(run.err,
                 "simt: note: kernels of this program were built with --simt-no-checks: "
                 "their memory accesses go unchecked"));
  CHECK_FALSE(contains(run.err, "shared-memory race"));
  CHECK(contains(run.out, "block sums differ"));
  setenv("SIMT_CHECKS", "0", 1);
  const test::ProgramResult quiet = test::run_program(program, {});
  unsetenv("SIMT_CHECKS");
  CHECK_FALSE(contains(quiet.err, "--simt-no-checks"));
  std::filesystem::remove_all(work);
}

TEST_CASE("simt-nvcc builds a program whose header is not UTF-8 (a Latin-1 comment and string)") {
  const auto work = std::filesystem::temp_directory_path() / "simt_nvcc_latin1_test";
  std::filesystem::create_directories(work);
  // 0xe9 is Latin-1's e-acute, a byte UTF-8 does not allow there: older headers have such bytes.
  std::ofstream(work / "greeting.h", std::ios::binary)
      << "// Fran\xe7ois's helper\n#pragma once\ninline const char* greeting() { return "
         "\"caf\xe9\"; "
         "}\ntemplate <class T> void twice(T* x) { *x *= 2; }\ntemplate void twice<int>(int*);\n";
  std::ofstream(work / "main.cu", std::ios::binary)
      << "#include \"greeting.h\"\n__global__ void Kernel(int* x) { *x = 1; }\n"
         "int main() { int* x; cudaMalloc(&x, 4); Kernel<<<1, 1>>>(x); return greeting()[0] != "
         "'c'; "
         "}\n";
  const std::string object = (work / "main.o").string();
  const test::ProgramResult build =
      test::run_program(SIMT_NVCC, {"-c", "-O0", "-o", object, (work / "main.cu").string()});
  INFO(build.out << build.err);
  CHECK(build.exit_code == 0);
  CHECK_FALSE(contains(build.err, "internal error"));
  CHECK(std::filesystem::exists(object));
  std::filesystem::remove_all(work);
}

TEST_CASE("simt-nvcc names an option it does not take or takes only with another, and a library") {
  const std::string source = std::string(WHOLE_PROGRAMS_DIR) + "/vector_add.cu";
  const test::ProgramResult unknown = test::run_program(SIMT_NVCC, {"--fancy-flag", source});
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err ==
        "simt-nvcc: error: unknown option '--fancy-flag' (an nvcc option the "
        "emulator's driver does not take; simt-nvcc --help lists those it does)\n");
  const test::ProgramResult library = test::run_program(SIMT_NVCC, {source, "-lcublas"});
  CHECK(library.exit_code == 2);
  CHECK(library.err ==
        "simt-nvcc: error: '-lcublas': CUDA's libraries are not emulated (only the runtime API "
        "is)\n");
  // -MF says where -MD or -MMD writes the dependencies; alone, nvcc refuses it (nvcc 13.0: "Option
  // '--dependency-file' requires one of '-M', '-MM', '-MD' or '-MMD' to be specified").
  const test::ProgramResult depfile =
      test::run_program(SIMT_NVCC, {"-c", "-MF", "vector_add.d", source});
  CHECK(depfile.exit_code == 2);
  CHECK(depfile.err ==
        "simt-nvcc: error: option '-MF' (the dependency file) needs '-MD' or '-MMD', as nvcc's "
        "does\n");
  // -v read from an options file describes the toolkit first, as on the command line.
  const auto options = std::filesystem::temp_directory_path() / "simt_nvcc_options_test";
  std::ofstream(options) << "-v --fancy-flag\n";
  const test::ProgramResult verbose =
      test::run_program(SIMT_NVCC, {"--options-file", options.string(), source});
  std::filesystem::remove(options);
  CHECK(verbose.exit_code == 2);
  CHECK(verbose.err.starts_with("#$ _SIMT_="));
  CHECK(contains(verbose.err, "simt-nvcc: error: unknown option '--fancy-flag'"));
}

TEST_CASE("simt-nvcc -Werror all-warnings makes a warning in a kernel an error at its line") {
  const auto work = std::filesystem::temp_directory_path() / "simt_nvcc_werror_test";
  std::filesystem::create_directories(work);
  const std::string source = (work / "unused.cu").string();
  std::ofstream(source) << "__global__ void Kernel(int* x) {\n  int unused;\n  *x = 1;\n}\n"
                           "int main() { return 0; }\n";
  const std::string object = (work / "unused.o").string();
  const test::ProgramResult quiet =
      simt_nvcc({"-c", "-O0", "-Xcompiler", "-Wall", "-o", object, source});
  INFO(quiet.out << quiet.err);
  CHECK(quiet.exit_code == 0);
  CHECK(contains(quiet.err, source + ":2:7: warning: unused variable"));
  const test::ProgramResult strict = simt_nvcc(
      {"-c", "-O0", "-Xcompiler", "-Wall", "-Werror", "all-warnings", "-o", object, source});
  INFO(strict.out << strict.err);
  CHECK(strict.exit_code != 0);
  CHECK(contains(strict.err, source + ":2:7: error: unused variable"));
  const test::ProgramResult unknown = simt_nvcc({"-c", "-Werror", "loud", source});
  CHECK(unknown.exit_code == 2);
  CHECK(contains(unknown.err, "simt-nvcc: error: -Werror loud: nvcc's kinds are all-warnings"));
  std::filesystem::remove_all(work);
}

TEST_CASE("simt-nvcc takes a launch in device code only with -rdc=true or -dc, as nvcc does") {
  const auto work = std::filesystem::temp_directory_path() / "simt_nvcc_rdc_test";
  std::filesystem::create_directories(work);
  const std::string source = std::string(WHOLE_PROGRAMS_DIR) + "/dynamic_parallelism.cu";
  const std::string object = (work / "dynamic_parallelism.o").string();
  // nvcc's error, at the launch in the __device__ function (the first launch in the file).
  const test::ProgramResult refused = test::run_program(SIMT_NVCC, {"-c", "-o", object, source});
  INFO(refused.out << refused.err);
  CHECK(refused.exit_code != 0);
  CHECK(contains(refused.err, place_in_file(source, "sumRange<<<") +
                                  ": error: kernel launch from __device__ or __global__ "
                                  "functions requires separate compilation mode"));
  CHECK_FALSE(std::filesystem::exists(object));
  // -dc is -rdc=true with -c.
  const test::ProgramResult built =
      test::run_program(SIMT_NVCC, {"-dc", "-O0", "-o", object, source});
  INFO(built.out << built.err);
  CHECK(built.exit_code == 0);
  CHECK(std::filesystem::exists(object));
  const test::ProgramResult bad = test::run_program(SIMT_NVCC, {"-rdc=yes", "-c", source});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err == "simt-nvcc: error: option '-rdc=yes' takes true or false, not 'yes'\n");
  std::filesystem::remove_all(work);
}

TEST_CASE("A whole program takes the emulator's settings from the environment") {
  // One worker and no checks: the race goes unreported, and thread 0 runs its whole loop before
  // its neighbours add their halves, so the sums come out wrong (the program says so).
  setenv("SIMT_WORKERS", "1", 1);
  setenv("SIMT_CHECKS", "0", 1);
  const test::ProgramResult unchecked = test::run_program(WHOLE_BLOCK_SUMS, {});
  INFO(unchecked.out << unchecked.err);
  CHECK(unchecked.exit_code == EXIT_FAILURE);
  CHECK(contains(unchecked.out, " of 1000 block sums differ from the CPU's"));
  CHECK_FALSE(contains(unchecked.err, "race"));
  setenv("SIMT_WORKERS", "many", 1);
  const test::ProgramResult refused = test::run_program(WHOLE_BLOCK_SUMS, {});
  unsetenv("SIMT_WORKERS");
  unsetenv("SIMT_CHECKS");
  CHECK(refused.exit_code == 2);
  CHECK(refused.err ==
        "simt: SIMT_WORKERS=many: expected a number of worker threads from 0 (one "
        "per hardware thread) to 4096\n");
  CHECK(refused.out.empty());
}
