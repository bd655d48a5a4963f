#pragma once
// Idioms of histograms: shared-memory atomics fed by 16-byte uint4 loads, and per-thread byte
// counters (each thread owns bytes of words it shares with its neighbours, which is no race),
// summed four at a time through an (unsigned*) view of the byte array.

// 256 bins of the bytes of `words` uint4 vectors; the block's counts are added to d_hist.
__global__ void HistogramSharedAtomics(unsigned* d_hist, const uint4* d_data, int words) {
  __shared__ unsigned s_hist[256];
  for (int bin = threadIdx.x; bin < 256; bin += blockDim.x) s_hist[bin] = 0;
  __syncthreads();
  for (int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < words;
       pos += blockDim.x * gridDim.x) {
    uint4 four = d_data[pos];
    const unsigned parts[4] = {four.x, four.y, four.z, four.w};
    for (int p = 0; p < 4; ++p)
      for (int shift = 0; shift < 32; shift += 8)
        atomicAdd(&s_hist[(parts[p] >> shift) & 0xFFu], 1u);
  }
  __syncthreads();
  for (int bin = threadIdx.x; bin < 256; bin += blockDim.x)
    if (s_hist[bin] != 0) atomicAdd(&d_hist[bin], s_hist[bin]);
}

// 64 bins (the top 6 bits of each byte), blocks of BYTE_COUNTER_THREADS threads: thread t
// counts bin b in byte s_counts[b * BYTE_COUNTER_THREADS + t]. A byte holds up to 255, so no
// thread may see more than 255 values (63 words per thread at most). d_partial gets 64 counts
// per block.
#define BYTE_COUNTER_THREADS 64
__device__ inline void countByte(unsigned char* s_counts, unsigned value) {
  s_counts[(value >> 2) * BYTE_COUNTER_THREADS + threadIdx.x]++;
}
__global__ void HistogramByteCounters(unsigned* d_partial, const unsigned* d_data, int words) {
  __shared__ unsigned char s_counts[64 * BYTE_COUNTER_THREADS];
  unsigned* s_words = (unsigned*)s_counts;
  for (int i = threadIdx.x; i < 64 * BYTE_COUNTER_THREADS / 4; i += blockDim.x) s_words[i] = 0;
  __syncthreads();
  for (int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < words;
       pos += blockDim.x * gridDim.x) {
    unsigned data = d_data[pos];
    countByte(s_counts, (data >> 0) & 0xFFu);
    countByte(s_counts, (data >> 8) & 0xFFu);
    countByte(s_counts, (data >> 16) & 0xFFu);
    countByte(s_counts, (data >> 24) & 0xFFu);
  }
  __syncthreads();
  if (threadIdx.x < 64) {
    const unsigned* row = (const unsigned*)(s_counts + threadIdx.x * BYTE_COUNTER_THREADS);
    unsigned sum = 0;
    for (int i = 0; i < BYTE_COUNTER_THREADS / 4; ++i) {
      unsigned four = row[i];
      sum += (four & 0xFFu) + ((four >> 8) & 0xFFu) + ((four >> 16) & 0xFFu) + (four >> 24);
    }
    d_partial[blockIdx.x * 64 + threadIdx.x] = sum;
  }
}
