// exp(x) for x <= 0 (softmax inputs after the maximum is subtracted), shared by the scalar
// softmax and the SIMD softmax's leftover elements, so both compute the same function; the SIMD
// twins (softmax_wasmsimd.cpp) run these steps in the same order on four lanes.
//   y = x·log2(e)                        e^x = 2^y
//   n = round(y), f = y - n ∈ [-½, ½]    round by adding kMagicBias = 1.5·2^23 + 127: the sum's
//                                        low mantissa bits are then n + 127 (XNNPACK's trick),
//                                        so one shift turns them into 2^n's exponent bits
//   2^f ≈ 1 + f·(c1 + f·(c2 + f·(c3 + f·(c4 + f·c5))))
//                                        (XNNPACK's rr2-p5 minimax for e^t, |t| ≤ ln2/2,
//                                        with t = f·ln2 folded into the coefficients: relative
//                                        error 1.2e-7 before rounding)
//   e^x = 2^n·2^f = s + (s·f)·p           s = 2^n
//   x < -87.34 (e^x below the smallest normal float), or -inf, gives exactly 0
// Accuracy: y = x·log2(e) is rounded once, which costs a relative error of |x|·6e-8; but the
// softmax only needs e^x accurate to absolute errors against its largest term e^0 = 1, and
// |x|·e^x·6e-8 ≤ 2.2e-8 for x ≤ 0. So one rounding step does, where a general expf splits ln 2
// into two parts (Cody-Waite) to keep the relative error of e^x small for large |x|.
// e^0 is exactly 1 (n = 0, f = 0), so a one-hot row stays exactly one-hot.
#pragma once
#include <cstdint>
#include <cstring>

namespace al::kernels::expf_poly {

constexpr float kLog2e = 1.44269504f;
constexpr float kMagicBias = 0x1.8000FEp23f;  // 1.5·2^23 + 127
constexpr float kC1 = 0x1.62E42Ap-1f, kC2 = 0x1.EBF9BCp-3f, kC3 = 0x1.C6B770p-5f, kC4 = 0x1.3CEA52p-7f,
                kC5 = 0x1.5BAF14p-10f;
constexpr float kDenormalCutoff = -87.33654f;  // ln(2^-126)

inline float exp_nonpositive(float x) {
  if (!(x >= kDenormalCutoff)) return 0.0f;  // also maps -inf to 0
  const float y = x * kLog2e;
  const float biased = y + kMagicBias;  // n + 127 in the low mantissa bits
  std::uint32_t bits;
  std::memcpy(&bits, &biased, 4);
  bits <<= 23;  // 2^n: n + 127 as the exponent field (the bits above it shift out), n in [-126, 0]
  float s;
  std::memcpy(&s, &bits, 4);
  const float n = biased - kMagicBias;
  const float f = y - n;
  float p = kC5;
  p = p * f + kC4;
  p = p * f + kC3;
  p = p * f + kC2;
  p = p * f + kC1;
  return (s * f) * p + s;
}

}  // namespace al::kernels::expf_poly
