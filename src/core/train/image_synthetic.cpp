#include "core/train/image_synthetic.h"

#include <algorithm>
#include <cmath>

#include "core/image/view.h"
#include "core/random.h"

namespace al::train {

image::Image dead_leaves(std::uint64_t seed) {
  const int size = image::kViewSize;
  SplitMix64 rng(seed);
  image::Image view(size, size);
  // Drawn front to back: a pixel takes the colour of the first disk that covers it; `done` marks
  // the pixels already covered. Equivalent to dropping them back to front, and it stops early.
  std::vector<bool> done(std::size_t(size) * size, false);
  std::size_t left = done.size();
  // radius by inverting the CDF of p(r) ∝ r^-3 on [r0, r1]: r = (r0^-2 − u·(r0^-2 − r1^-2))^(-1/2)
  const double a = 1.0 / (double(kLeafMinRadius) * kLeafMinRadius), b = 1.0 / (double(kLeafMaxRadius) * kLeafMaxRadius);
  for (int leaf = 0; leaf < kLeaves && left > 0; ++leaf) {
    const double r = 1.0 / std::sqrt(a - rng.uniform_double() * (a - b));
    // the centre anywhere within r of the picture, so that edges are covered as often as the middle
    const double cx = -r + rng.uniform_double() * (size + 2 * r), cy = -r + rng.uniform_double() * (size + 2 * r);
    const float colour[3] = {rng.uniform(), rng.uniform(), rng.uniform()};
    const int y0 = std::max(0, int(std::floor(cy - r))), y1 = std::min(size - 1, int(std::ceil(cy + r)));
    const int x0 = std::max(0, int(std::floor(cx - r))), x1 = std::min(size - 1, int(std::ceil(cx + r)));
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) {
        const double dx = x + 0.5 - cx, dy = y + 0.5 - cy;  // pixel centres
        const std::size_t i = std::size_t(y) * size + x;
        if (done[i] || dx * dx + dy * dy > r * r) continue;
        done[i] = true;
        --left;
        for (int c = 0; c < 3; ++c) view.at(y, x, c) = colour[c];
      }
  }
  // what no disk covered (rare with 2000 disks) is mid grey
  for (std::size_t i = 0; i < done.size(); ++i)
    if (!done[i])
      for (int c = 0; c < 3; ++c) view.rgb[i * 3 + c] = 0.5f;
  return view;
}

}  // namespace al::train
