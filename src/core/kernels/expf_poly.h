// exp(x) for x <= 0 (softmax inputs after the maximum is subtracted), shared by the scalar
// softmax and the SIMD softmax's leftover elements, so both compute the same function.
//   x = n·ln2 + t, n = round(x·log2(e)), |t| <= ln2/2    (range reduction; ln2 in two parts
//                                                          so n·ln2_hi is exact)
//   e^t ≈ 1 + t + t²/2! + ... + t⁶/6!                    (Horner; error < 1.2e-7 relative)
//   e^x = 2^n · e^t, 2^n built from its exponent bits
//   x < -87.33 (e^x below the smallest normal float) gives 0
#pragma once
#include <cstdint>
#include <cstring>

namespace al::kernels::expf_poly {

constexpr float kLog2e = 1.44269504f;
constexpr float kLn2Hi = 0.693145751953125f;      // ln 2 rounded to 16 significant bits
constexpr float kLn2Lo = 1.428606765330187e-06f;  // ln 2 - kLn2Hi
constexpr float kC2 = 1.0f / 2, kC3 = 1.0f / 6, kC4 = 1.0f / 24, kC5 = 1.0f / 120, kC6 = 1.0f / 720;
constexpr float kDenormalCutoff = -87.33654f;  // ln(2^-126)
constexpr float kRoundMagic = 12582912.0f;     // 1.5·2^23: (v + magic) - magic rounds v to
                                               // the nearest integer (ties to even), |v| < 2^22

inline float exp_nonpositive(float x) {
  if (!(x >= kDenormalCutoff)) return 0.0f;                  // also maps -inf to 0
  const float n = (x * kLog2e + kRoundMagic) - kRoundMagic;  // = nearbyint, without a libm call
  const float t = (x - n * kLn2Hi) - n * kLn2Lo;
  float p = kC6;
  p = p * t + kC5;
  p = p * t + kC4;
  p = p * t + kC3;
  p = p * t + kC2;
  p = p * t + 1.0f;
  p = p * t + 1.0f;
  const std::int32_t bits = (std::int32_t(n) + 127) << 23;  // 2^n, n in [-126, 0]
  float s;
  std::memcpy(&s, &bits, 4);
  return p * s;
}

}  // namespace al::kernels::expf_poly
