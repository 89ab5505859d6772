#include "core/positional.h"

#include <cmath>

namespace al {

Matrix positional_encoding(int n, int d) {
  Matrix pe(n, d);
  for (int i2 = 0; i2 < d; i2 += 2) {
    // the wavelength grows geometrically from 2π to 10000·2π across the dimensions
    const double inv_freq = std::pow(10000.0, -double(i2) / d);
    for (int pos = 0; pos < n; ++pos) {
      const double angle = pos * inv_freq;
      pe(pos, i2) = float(std::sin(angle));
      if (i2 + 1 < d) pe(pos, i2 + 1) = float(std::cos(angle));
    }
  }
  return pe;
}

}  // namespace al
