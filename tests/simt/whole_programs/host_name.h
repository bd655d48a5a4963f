#pragma once
// Host code's name for where it runs: included by vector_add.cu, which the device pass reads
// too, and again by compiled_for.h in a branch only the host pass reads.
inline const char* host_name() { return "the host"; }
