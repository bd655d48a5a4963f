#pragma once
/// @file
/// @brief What the translation writes for inline PTX that means the same on the CPU
/// (simt_translation/rewrites/inline_asm.py): the special registers, and register arithmetic in
/// the instruction's type. A register holds bits: an operand whose C++ type has the register's
/// size is read and written bit for bit (`mov.b32 %0, %1` with a float in and an unsigned out
/// copies the float's bits), other operands are converted.
///
/// What the special registers read on the emulator: %laneid, %tid, %ntid, %ctaid, %nctaid as
/// CUDA's built-in variables; %warpid is the warp's index in its block and %nwarpid the block's
/// warps (on the GPU they are the warp's slot on its multiprocessor, which may change); %smid is
/// 0 and %nsmid 1 (the emulator runs every block as on one multiprocessor); %clock and %clock64
/// count cycles at the imitated SM clock rate, as clock64() does; %globaltimer is nanoseconds of
/// the system's clock.

#include <simt/detail/sm_clock.hpp>
#include <simt/detail/thread_context.hpp>

#include <bit>
#include <chrono>
#include <cstdint>
#include <type_traits>

namespace simt::ptx {

/// @brief The value of a register of type T that holds `value`'s bits (its own type converted
/// where the sizes differ).
template <class T, class V>
T read(V value) {
  if constexpr (sizeof(T) == sizeof(V) && std::is_trivially_copyable_v<V>)
    return std::bit_cast<T>(value);
  else
    return static_cast<T>(value);
}

/// @brief Stores a register's value in an output operand.
template <class D, class T>
void write(D& destination, T value) {
  if constexpr (sizeof(D) == sizeof(T) && std::is_trivially_copyable_v<D>)
    destination = std::bit_cast<D>(value);
  else
    destination = static_cast<D>(value);
}

namespace detail {
template <class T>
using Unsigned = std::make_unsigned_t<T>;
template <class T>
constexpr unsigned bits = sizeof(T) * 8;
/// @brief The type twice as wide (mul.wide).
template <class T>
using Wide =
    std::conditional_t<sizeof(T) == 2,
                       std::conditional_t<std::is_signed_v<T>, std::int32_t, std::uint32_t>,
                       std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>>;
}  // namespace detail

// Integer arithmetic wraps, as the GPU's does (computed unsigned, then converted back).
template <class T, class A>
T mov(A a) {
  return read<T>(a);
}
template <class T, class A, class B>
T add(A a, B b) {
  if constexpr (std::is_floating_point_v<T>)
    return read<T>(a) + read<T>(b);
  else
    return static_cast<T>(static_cast<detail::Unsigned<T>>(read<T>(a)) +
                          static_cast<detail::Unsigned<T>>(read<T>(b)));
}
template <class T, class A, class B>
T sub(A a, B b) {
  if constexpr (std::is_floating_point_v<T>)
    return read<T>(a) - read<T>(b);
  else
    return static_cast<T>(static_cast<detail::Unsigned<T>>(read<T>(a)) -
                          static_cast<detail::Unsigned<T>>(read<T>(b)));
}
template <class T, class A, class B>
T mul(A a, B b) {  // floating point
  return read<T>(a) * read<T>(b);
}
template <class T, class A, class B>
T mul_lo(A a, B b) {
  return static_cast<T>(static_cast<detail::Unsigned<T>>(read<T>(a)) *
                        static_cast<detail::Unsigned<T>>(read<T>(b)));
}
template <class T, class A, class B>
T mul_hi(A a, B b) {
  if constexpr (sizeof(T) == 8) {
    using P = std::conditional_t<std::is_signed_v<T>, __int128, unsigned __int128>;
    return static_cast<T>((static_cast<P>(read<T>(a)) * static_cast<P>(read<T>(b))) >> 64);
  } else {
    using P = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    return static_cast<T>((static_cast<P>(read<T>(a)) * static_cast<P>(read<T>(b))) >>
                          detail::bits<T>);
  }
}
template <class T, class A, class B>
detail::Wide<T> mul_wide(A a, B b) {
  return static_cast<detail::Wide<T>>(read<T>(a)) * static_cast<detail::Wide<T>>(read<T>(b));
}
template <class T, class A, class B, class C>
T mad(A a, B b, C c) {  // floating point: one rounding, as mad.rn / fma
  if constexpr (std::is_same_v<T, float>)
    return __builtin_fmaf(read<T>(a), read<T>(b), read<T>(c));
  else
    return __builtin_fma(read<T>(a), read<T>(b), read<T>(c));
}
template <class T, class A, class B, class C>
T mad_lo(A a, B b, C c) {
  return add<T>(mul_lo<T>(a, b), c);
}
template <class T, class A, class B, class C>
T mad_hi(A a, B b, C c) {
  return add<T>(mul_hi<T>(a, b), c);
}
template <class T, class A, class B, class C>
detail::Wide<T> mad_wide(A a, B b, C c) {
  return add<detail::Wide<T>>(mul_wide<T>(a, b), c);
}
template <class T, class A, class B>
T and_(A a, B b) {
  return static_cast<T>(read<T>(a) & read<T>(b));
}
template <class T, class A, class B>
T or_(A a, B b) {
  return static_cast<T>(read<T>(a) | read<T>(b));
}
template <class T, class A, class B>
T xor_(A a, B b) {
  return static_cast<T>(read<T>(a) ^ read<T>(b));
}
template <class T, class A>
T not_(A a) {
  return static_cast<T>(~read<T>(a));
}
/// @brief Shifts by the count's value; a count of the width or more shifts everything out (and
/// fills with the sign bit for a signed shr), as PTX says.
template <class T, class A, class B>
T shl(A a, B b) {
  const auto count = read<std::uint32_t>(b);
  return count >= detail::bits<T>
             ? T{0}
             : static_cast<T>(static_cast<detail::Unsigned<T>>(read<T>(a)) << count);
}
template <class T, class A, class B>
T shr(A a, B b) {
  const auto count = read<std::uint32_t>(b);
  const T value = read<T>(a);
  if constexpr (std::is_signed_v<T>)
    return count >= detail::bits<T> ? static_cast<T>(value < 0 ? -1 : 0)
                                    : static_cast<T>(value >> count);
  else
    return count >= detail::bits<T> ? T{0} : static_cast<T>(value >> count);
}
/// @brief min and max; of a number and a NaN, the number (as PTX min.f32 and max.f32).
template <class T, class A, class B>
T min(A a, B b) {
  const T x = read<T>(a), y = read<T>(b);
  if constexpr (std::is_floating_point_v<T>)
    if (x != x || y != y) return x != x ? y : x;
  return y < x ? y : x;
}
template <class T, class A, class B>
T max(A a, B b) {
  const T x = read<T>(a), y = read<T>(b);
  if constexpr (std::is_floating_point_v<T>)
    if (x != x || y != y) return x != x ? y : x;
  return x < y ? y : x;
}
template <class T, class A>
T neg(A a) {
  if constexpr (std::is_floating_point_v<T>)
    return -read<T>(a);
  else
    return static_cast<T>(detail::Unsigned<T>{0} - static_cast<detail::Unsigned<T>>(read<T>(a)));
}
template <class T, class A>
T abs(A a) {
  const T x = read<T>(a);
  if constexpr (std::is_floating_point_v<T>)
    return x < 0 ? -x : (x == 0 ? T{0} : x);
  else
    return x < 0 ? neg<T>(x) : x;
}
template <class T, class A>
std::uint32_t popc(A a) {
  return static_cast<std::uint32_t>(std::popcount(static_cast<detail::Unsigned<T>>(read<T>(a))));
}
template <class T, class A>
std::uint32_t clz(A a) {
  return static_cast<std::uint32_t>(std::countl_zero(static_cast<detail::Unsigned<T>>(read<T>(a))));
}
template <class T, class A>
T brev(A a) {
  auto x = static_cast<detail::Unsigned<T>>(read<T>(a));
  detail::Unsigned<T> r = 0;
  for (unsigned i = 0; i < detail::bits<T>; ++i, x >>= 1) r = (r << 1) | (x & 1u);
  return static_cast<T>(r);
}

/// @brief `vabsdiff4.dtype.atype.btype.add d, a, b, c`: the absolute differences of the four
/// bytes of `a` and `b` (signed bytes where their type, `SA` and `SB`, is .s32), summed and added
/// to `c`, wrapping at 32 bits (one of PTX's SIMD video instructions).
template <class T, class SA, class SB, class A, class B, class C>
T vabsdiff4_add(A a, B b, C c) {
  const auto x = read<std::uint32_t>(a);
  const auto y = read<std::uint32_t>(b);
  auto sum = read<std::uint32_t>(c);
  for (unsigned byte = 0; byte < 4; ++byte) {
    const auto ux = static_cast<std::uint8_t>(x >> (8 * byte));
    const auto uy = static_cast<std::uint8_t>(y >> (8 * byte));
    const int bx = std::is_signed_v<SA> ? static_cast<std::int8_t>(ux) : ux;
    const int by = std::is_signed_v<SB> ? static_cast<std::int8_t>(uy) : uy;
    sum += static_cast<std::uint32_t>(bx > by ? bx - by : by - bx);
  }
  return read<T>(sum);
}

// The special registers.
inline std::uint32_t laneid() { return simt::detail::lane_of(simt::detail::thread_rank()); }
inline std::uint32_t warpid() { return simt::detail::warp_of(simt::detail::thread_rank()); }
inline std::uint32_t nwarpid() {
  const auto& d = simt::detail::current_thread.block_dim;
  return (d.x * d.y * d.z + simt::detail::warp_size - 1) / simt::detail::warp_size;
}
inline std::uint32_t smid() { return 0; }
inline std::uint32_t nsmid() { return 1; }
inline std::uint64_t globaltimer() {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                        std::chrono::system_clock::now().time_since_epoch())
                                        .count());
}
inline std::uint32_t globaltimer_lo() { return static_cast<std::uint32_t>(globaltimer()); }
inline std::uint32_t globaltimer_hi() { return static_cast<std::uint32_t>(globaltimer() >> 32); }
inline std::uint64_t clock64() {
  return static_cast<std::uint64_t>(::simt::detail::kernel_cycles());
}
inline std::uint32_t clock32() { return static_cast<std::uint32_t>(clock64()); }
inline std::uint32_t lanemask_eq() { return 1u << laneid(); }
inline std::uint32_t lanemask_lt() { return lanemask_eq() - 1u; }
inline std::uint32_t lanemask_le() { return lanemask_lt() | lanemask_eq(); }
inline std::uint32_t lanemask_ge() { return ~lanemask_lt(); }
inline std::uint32_t lanemask_gt() { return ~lanemask_le(); }
inline std::uint32_t tid_x() { return simt::detail::current_thread.slot->index.x; }
inline std::uint32_t tid_y() { return simt::detail::current_thread.slot->index.y; }
inline std::uint32_t tid_z() { return simt::detail::current_thread.slot->index.z; }
inline std::uint32_t ntid_x() { return simt::detail::current_thread.block_dim.x; }
inline std::uint32_t ntid_y() { return simt::detail::current_thread.block_dim.y; }
inline std::uint32_t ntid_z() { return simt::detail::current_thread.block_dim.z; }
inline std::uint32_t ctaid_x() { return simt::detail::current_thread.block_idx.x; }
inline std::uint32_t ctaid_y() { return simt::detail::current_thread.block_idx.y; }
inline std::uint32_t ctaid_z() { return simt::detail::current_thread.block_idx.z; }
inline std::uint32_t nctaid_x() { return simt::detail::current_thread.grid_dim.x; }
inline std::uint32_t nctaid_y() { return simt::detail::current_thread.grid_dim.y; }
inline std::uint32_t nctaid_z() { return simt::detail::current_thread.grid_dim.z; }

}  // namespace simt::ptx
