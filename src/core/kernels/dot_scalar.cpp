// Integer dot products of int8 rows with an int16 vector, scalar: the reference shape that
// dot_wasmsimd.cpp mirrors. Integer sums are exact, so every twin gives the same bits.
#include <cstddef>

#include "core/kernels/kernels.h"

namespace al::kernels {

void dot_i8_i16(int rows, int k, const std::int8_t* a, int lda, const std::int16_t* x, std::int32_t* y) noexcept {
  for (int r = 0; r < rows; ++r) {
    const std::int8_t* row = a + std::size_t(r) * std::size_t(lda);
    std::int32_t sum = 0;
    for (int i = 0; i < k; ++i) sum += std::int32_t(row[i]) * std::int32_t(x[i]);
    y[r] = sum;
  }
}

}  // namespace al::kernels
