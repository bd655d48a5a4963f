#pragma once
// The threads per block scale.cu launches (a header, so that a change to it rebuilds scale.cu).
constexpr int kBlockSize = 128;
