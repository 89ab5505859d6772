#include "core/positional.h"

#include <cmath>
#include <string>

#include "core/errors.h"

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

void check_positional_weight(float weight) {
  if (!(weight >= 0.0f && weight <= kMaxPositionalWeight))
    throw OptionError("positional weight must be a number from 0 to " + std::to_string(int(kMaxPositionalWeight)) +
                      ", got " + std::to_string(weight));
}

void add_positional(Matrix& x, const Matrix& pe, float weight) {
  if (pe.cols != x.cols || pe.rows < x.rows)
    throw OptionError("the positional encoding has " + std::to_string(pe.rows) + " × " + std::to_string(pe.cols) +
                      " numbers, the input " + std::to_string(x.rows) + " × " + std::to_string(x.cols));
  // row-major: x's rows are pe's first rows
  for (std::size_t i = 0; i < x.data.size(); ++i) x.data[i] += weight * pe.data[i];
}

}  // namespace al
