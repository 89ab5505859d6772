// One value saturated as kernels::scale and kernels::saturate promise: NaN → 0, ±inf → ±FLT_MAX.
// The scalar kernels and the SIMD kernels' leftovers both use it.
#pragma once
#include <cfloat>

namespace al::kernels {

inline float saturate(float v) { return v != v ? 0.0f : v > FLT_MAX ? FLT_MAX : v < -FLT_MAX ? -FLT_MAX : v; }

}  // namespace al::kernels
