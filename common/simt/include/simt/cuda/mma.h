#pragma once
/// @file
/// @brief Stands in for CUDA's `mma.h` in kernels compiled for the emulator: the warp matrix
/// functions of `nvcuda::wmma` (fragments, `fill_fragment`, `load_matrix_sync`,
/// `store_matrix_sync`, `mma_sync`) for every shape and type the guide lists except the
/// experimental sub-byte ones, and `__float_to_tf32`.
///
/// A fragment holds its tile spread over the 32 lanes of a warp, as on the GPU. Which elements a
/// lane holds is unspecified there; here lane L holds elements L * num_elements onwards of the
/// tile in row-major order, so a fill, a load and a store touch only the lane's own elements (and
/// the race and bounds checks see each of its reads and writes). `mma_sync` is a warp collective
/// (simt/detail/warp_collective.hpp): once the 32 lanes have arrived, D = A B + C is computed
/// once from every lane's fragments, each product exact and the sums in double (int for 8-bit
/// integers, with wrap-around), then rounded to D's type; tf32 operands keep the 10 bits of
/// mantissa the tensor cores read.

#include <simt/cuda/cuda_bf16.h>
#include <simt/cuda/cuda_fp16.h>

#include <cstddef>
#include <type_traits>

#if !defined(SIMT_TRANSLATING)
#include <simt/detail/access_checks.hpp>
#include <simt/detail/matrix_sums.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/warp_collective.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <source_location>
#endif

namespace nvcuda::wmma {

struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};
/// @brief How an accumulator tile lies in memory.
enum layout_t { mem_row_major, mem_col_major };
namespace precision {
/// @brief 32-bit floats of which the tensor cores read 10 bits of mantissa.
struct tf32 {};
}  // namespace precision

namespace detail {
/// @brief The rows and columns of a fragment's tile: A is M x K, B is K x N, C and D are M x N.
template <class Use, int M, int N, int K>
struct Tile;
template <int M, int N, int K>
struct Tile<matrix_a, M, N, K> {
  static constexpr int rows = M, cols = K;
};
template <int M, int N, int K>
struct Tile<matrix_b, M, N, K> {
  static constexpr int rows = K, cols = N;
};
template <int M, int N, int K>
struct Tile<accumulator, M, N, K> {
  static constexpr int rows = M, cols = N;
};
/// @brief What a fragment of T stores (tf32 values are floats).
template <class T>
struct Stored {
  using type = T;
};
template <>
struct Stored<precision::tf32> {
  using type = float;
};
/// @brief The shapes the GPU has for each type of A and B.
template <class T, int M, int N, int K>
constexpr bool valid_shape = (M == 16 && N == 16 && K == 16) || (M == 32 && N == 8 && K == 16) ||
                             (M == 8 && N == 32 && K == 16);
template <int M, int N, int K>
constexpr bool valid_shape<precision::tf32, M, N, K> = M == 16 && N == 16 && K == 8;
template <int M, int N, int K>
constexpr bool valid_shape<double, M, N, K> = M == 8 && N == 8 && K == 4;
}  // namespace detail

/// @brief A warp's share of one tile: `num_elements` values in each lane, `x`.
template <class Use, int M, int N, int K, class T, class Layout = void>
class fragment {
  static_assert(std::is_same_v<Use, accumulator> || !std::is_void_v<Layout>,
                "a matrix_a or matrix_b fragment needs a layout: row_major or col_major");

 public:
  using element_type = typename detail::Stored<T>::type;
  using storage_element_type = element_type;
  static constexpr int rows = detail::Tile<Use, M, N, K>::rows;
  static constexpr int cols = detail::Tile<Use, M, N, K>::cols;
  static constexpr int num_elements = rows * cols / 32;
  element_type x[num_elements];
};

/// @brief Rounds to tf32 (10 bits of mantissa, to nearest, ties away from zero), as a float.
inline float __float_to_tf32(float value) {
#if defined(SIMT_TRANSLATING)
  return value;
#else
  if (!std::isfinite(value)) return value;
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  return std::bit_cast<float>((bits + 0x1000u) & ~0x1fffu);
#endif
}

}  // namespace nvcuda::wmma

#if defined(SIMT_TRANSLATING)

namespace nvcuda::wmma {
template <class Use, int M, int N, int K, class T, class Layout>
void fill_fragment(fragment<Use, M, N, K, T, Layout>& f,
                   const typename fragment<Use, M, N, K, T, Layout>::element_type& value);
template <class Use, int M, int N, int K, class T, class Layout, class P>
void load_matrix_sync(fragment<Use, M, N, K, T, Layout>& f, const P* p, unsigned ldm);
template <int M, int N, int K, class T, class P>
void load_matrix_sync(fragment<accumulator, M, N, K, T>& f, const P* p, unsigned ldm,
                      layout_t layout);
template <int M, int N, int K, class T, class P>
void store_matrix_sync(P* p, const fragment<accumulator, M, N, K, T>& f, unsigned ldm,
                       layout_t layout);
template <class D, class A, class B, class C>
SIMT_SUSPENDS void mma_sync(D& d, const A& a, const B& b, const C& c, bool satf = false);
}  // namespace nvcuda::wmma

#else

namespace simt::detail {

/// @brief Where in memory the running lane's elements of a fragment F lie: the tile from `p`,
/// its rows (`row_major`) or its columns `ldm` elements apart. A lane's elements are one run of
/// a row of the tile (in every shape, a row's length is a multiple of a lane's count), so they
/// lie one element apart in a row-major tile and `ldm` apart in a column-major one: the address
/// of the first is worked out once, not one division per element.
template <class F, class P>
struct LaneElements {
  static_assert(F::cols % F::num_elements == 0, "a lane's elements lie in one row of the tile");
  P* first;
  std::size_t step;
  LaneElements(P* p, unsigned ldm, bool row_major) {
    const unsigned e = lane_of(thread_rank()) * unsigned(F::num_elements);
    const unsigned row = e / F::cols, col = e % F::cols;
    first = row_major ? p + std::size_t(row) * ldm + col : p + std::size_t(col) * ldm + row;
    step = row_major ? 1 : ldm;
  }
  /// @brief The address of the lane's i-th element.
  P* at(int i) const { return first + std::size_t(i) * step; }
};

/// @brief Loads the running lane's elements of `f` from where `lane` says. Gathered in registers
/// (unrolled), then stored at once: kernels read a fragment back a vector at a time (the tf32
/// rounding of every element, say), which the processor cannot forward from stores of single
/// elements (a stall on each load, a tenth of tf32TensorCoreGemm's time).
template <class F, class P>
void load_lane_elements(F& f, const LaneElements<F, const P>& lane,
                        const std::source_location& where) {
  typename F::element_type loaded[F::num_elements];
#pragma GCC unroll 32
  for (int i = 0; i < F::num_elements; ++i)
    loaded[i] =
        static_cast<typename F::element_type>(*load(lane.at(i), where.file_name(), where.line()));
  std::memcpy(f.x, loaded, sizeof loaded);
}

/// @brief A half, bfloat16, float or double value, exactly, as a double.
template <class X>
double exactly(const X& x) {
  if constexpr (std::is_same_v<X, double>)
    return x;
  else
    return static_cast<double>(static_cast<float>(x));
}

/// @brief An element of A or B of type T as the tensor cores read it: tf32 keeps 10 bits of
/// mantissa (the rest is ignored), 8-bit integers stay integers, the others are exact (and so
/// is an element of C, with T void).
template <class T, class X>
auto tensor_operand(const X& x) {
  if constexpr (std::is_integral_v<X>)
    return std::int32_t{x};
  else if constexpr (std::is_same_v<T, nvcuda::wmma::precision::tf32>) {
    // A NaN whose payload lies only in the ignored bits stays a NaN (a select, not a branch,
    // so that the gathering loop vectorises); infinities have none to ignore.
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(x);
    const bool nan = (bits & 0x7fffffffu) > 0x7f800000u;
    return double(std::bit_cast<float>(nan ? bits : bits & ~0x1fffu));
  } else
    return exactly(x);
}

/// @brief `nvcuda::wmma::mma_sync(d, a, b, c)`: the awaiter of each lane holds its four
/// fragments; the group's completion reads every lane's A, B and C and writes every lane's D.
template <class D, class A, class B, class C, class TypeA>
struct MatrixMultiplyAccumulate : WarpCollective {
  D* d;
  const A* a;
  const B* b;
  const C* c;
  MatrixMultiplyAccumulate(D& d_, const A& a_, const B& b_, const C& c_)
      : d(&d_), a(&a_), b(&b_), c(&c_) {
    mask = 0xffffffffu;
    complete = &run;
  }
  /// @brief What a lane gives anew at each arrival in a block loop (LoopCollective), where the
  /// operation and its place stay: its four fragments, which are the record's.
  void take_operands(const MatrixMultiplyAccumulate& from) noexcept {
    d = from.d;
    a = from.a;
    b = from.b;
    c = from.c;
  }
  static void run(const GroupView& g) { run_on(g); }
  /// @brief run() over any view of a warp's lanes (a block loop's records too).
  template <class Group>
  static void run_on(const Group& group) {
    // A copy, whose fields stay in registers while the tiles are written.
    const Group g = group;
    constexpr int M = D::rows, N = D::cols, K = A::cols;
    using Out = typename D::element_type;
    constexpr bool integer = std::is_integral_v<Out>;
    // The tiles, gathered from the lanes, row-major: lane L holds elements L * num_elements
    // onwards of each, so a lane's fragment is one run of its tile (a lane that has exited
    // contributes zeros). A and B as the tensor cores read their type, C as it is. Integers are
    // summed in unsigned 32 bits: the wrap-around the GPU's int32 accumulation has, without
    // signed overflow.
    using Sum = std::conditional_t<integer, std::uint32_t, double>;
    alignas(64) Sum at[M * K], bt[K * N], dt[M * N];
    const auto gather = [](Sum* tile, const auto& fragment, unsigned lane, auto as_read) {
      constexpr int count = std::remove_cvref_t<decltype(fragment)>::num_elements;
      Sum* run = tile + lane * count;
      for (int i = 0; i < count; ++i) run[i] = static_cast<Sum>(as_read(fragment.x[i]));
    };
    const auto operand = [](const auto& x) { return tensor_operand<TypeA>(x); };
    const auto addend = [](const auto& x) { return tensor_operand<void>(x); };
    for (unsigned lane = 0; lane < warp_size; ++lane) {
      if (!g.has(lane)) [[unlikely]] {
        std::fill_n(at + lane * A::num_elements, A::num_elements, Sum{});
        std::fill_n(bt + lane * B::num_elements, B::num_elements, Sum{});
        std::fill_n(dt + lane * C::num_elements, C::num_elements, Sum{});
        continue;
      }
      const MatrixMultiplyAccumulate& op = g.template at<MatrixMultiplyAccumulate>(lane);
      gather(at, *op.a, lane, operand);
      gather(bt, *op.b, lane, operand);
      gather(dt, *op.c, lane, addend);
    }
    // D = A B + C, each element summed from C in the order k = 0, 1, ..., K - 1 (a row of B at a
    // time, so that the processor can work on several columns at once; in double, four columns
    // to a vector instruction).
    if constexpr (integer) {
      for (int row = 0; row < M; ++row)
        for (int k = 0; k < K; ++k) {
          const Sum a = at[row * K + k];
          for (int col = 0; col < N; ++col) dt[row * N + col] += a * bt[k * N + col];
        }
    } else {
      multiply_accumulate(at, bt, dt, M, N, K);
    }
    for (unsigned lane = 0; lane < warp_size; ++lane) {
      if (!g.has(lane)) continue;
      Out* out = g.template at<MatrixMultiplyAccumulate>(lane).d->x;
      const Sum* sums = dt + lane * D::num_elements;
      for (int i = 0; i < D::num_elements; ++i) {
        if constexpr (integer)
          out[i] = static_cast<Out>(static_cast<std::int32_t>(sums[i]));
        else if constexpr (std::is_same_v<Out, __half> || std::is_same_v<Out, __nv_bfloat16>)
          out[i] = Out(static_cast<float>(sums[i]));
        else
          out[i] = static_cast<Out>(sums[i]);
      }
    }
  }
  void result() const noexcept {}
};

}  // namespace simt::detail

namespace nvcuda::wmma {

/// @brief Every element of the fragment set to `value`.
template <class Use, int M, int N, int K, class T, class Layout>
void fill_fragment(fragment<Use, M, N, K, T, Layout>& f,
                   const typename fragment<Use, M, N, K, T, Layout>::element_type& value) {
  for (auto& x : f.x) x = value;
}

/// @brief Loads the lane's elements of an A or B tile, whose rows (row_major) or columns
/// (col_major) are `ldm` elements apart from `p` on.
template <class Use, int M, int N, int K, class T, class Layout, class P>
void load_matrix_sync(fragment<Use, M, N, K, T, Layout>& f, const P* p, unsigned ldm,
                      std::source_location where = std::source_location::current()) {
  static_assert(detail::valid_shape<T, M, N, K>, "no warp matrix function has this shape");
  using F = fragment<Use, M, N, K, T, Layout>;
  const simt::detail::LaneElements<F, const P> lane(p, ldm, std::is_same_v<Layout, row_major>);
  simt::detail::load_lane_elements(f, lane, where);
}

/// @brief Loads the lane's elements of an accumulator tile laid out as `layout` says.
template <int M, int N, int K, class T, class P>
void load_matrix_sync(fragment<accumulator, M, N, K, T>& f, const P* p, unsigned ldm,
                      layout_t layout,
                      std::source_location where = std::source_location::current()) {
  using F = fragment<accumulator, M, N, K, T>;
  const simt::detail::LaneElements<F, const P> lane(p, ldm, layout == mem_row_major);
  simt::detail::load_lane_elements(f, lane, where);
}

/// @brief Stores the lane's elements of an accumulator tile, laid out as `layout` says.
template <int M, int N, int K, class T, class P>
void store_matrix_sync(P* p, const fragment<accumulator, M, N, K, T>& f, unsigned ldm,
                       layout_t layout,
                       std::source_location where = std::source_location::current()) {
  using F = fragment<accumulator, M, N, K, T>;
  const simt::detail::LaneElements<F, P> lane(p, ldm, layout == mem_row_major);
  for (int i = 0; i < F::num_elements; ++i)
    *simt::detail::store(lane.at(i), where.file_name(), where.line()) = f.x[i];
}

/// @brief D = A B + C over the warp (`satf`, which clamps float results on older GPUs, is
/// accepted and has no effect, as on compute capability 7.0 and later).
template <class Where, int M, int N, int K, class TD, class TA, class LA, class TB, class LB,
          class TC>
::simt::detail::CollectiveAt<
    Where, ::simt::detail::MatrixMultiplyAccumulate<
               fragment<accumulator, M, N, K, TD>, fragment<matrix_a, M, N, K, TA, LA>,
               fragment<matrix_b, M, N, K, TB, LB>, fragment<accumulator, M, N, K, TC>, TA> >
mma_sync(Where, fragment<accumulator, M, N, K, TD>& d, const fragment<matrix_a, M, N, K, TA, LA>& a,
         const fragment<matrix_b, M, N, K, TB, LB>& b, const fragment<accumulator, M, N, K, TC>& c,
         bool = false) {
  static_assert(std::is_same_v<TA, TB>, "A and B of an mma_sync have one type");
  static_assert(detail::valid_shape<TA, M, N, K>, "no warp matrix function has this shape");
  return {{d, a, b, c}};
}

}  // namespace nvcuda::wmma

#endif
