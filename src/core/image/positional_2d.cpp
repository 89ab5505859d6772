#include "core/image/positional_2d.h"

#include <algorithm>
#include <string>

#include "core/errors.h"
#include "core/positional.h"

namespace al::image {

Matrix positional_encoding_2d(int rows, int cols, int d) {
  if (d < 2) throw OptionError("a 2-D positional encoding needs at least 2 dimensions, got " + std::to_string(d));
  const int d_row = d / 2, d_col = d - d_row;
  const Matrix by_row = positional_encoding(rows, d_row), by_col = positional_encoding(cols, d_col);
  Matrix pe(rows * cols, d);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      float* out = pe.row(r * cols + c);
      std::copy(by_row.row(r), by_row.row(r) + d_row, out);
      std::copy(by_col.row(c), by_col.row(c) + d_col, out + d_row);
    }
  return pe;
}

}  // namespace al::image
