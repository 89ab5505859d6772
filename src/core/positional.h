// Sinusoidal positional encoding, "Attention Is All You Need" (Vaswani et al. 2017), §3.5:
//   PE(pos, 2i)   = sin(pos / 10000^(2i/d))
//   PE(pos, 2i+1) = cos(pos / 10000^(2i/d))
#pragma once
#include "core/matrix.h"

namespace al {

// n positions (0..n-1) × d dimensions.
Matrix positional_encoding(int n, int d);

}  // namespace al
