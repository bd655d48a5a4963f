# Sourced by the tools: puts nvcc on PATH when the CUDA Toolkit sits in its default place.
if ! command -v nvcc >/dev/null 2>&1 && [[ -x /usr/local/cuda/bin/nvcc ]]; then
  export PATH="/usr/local/cuda/bin:$PATH"
fi
