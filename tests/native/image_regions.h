// Regions told apart by colour, not by brightness: a texture of two colours on a flat ground whose
// luma (0.299 R + 0.587 G + 0.114 B) is within 0.05 of both colours'. The pictures of the issue
// "picture patches that keep their region" (a striped green disc on flat sand kept only 82% of a
// query patch's weight inside it), written before the token vectors were measured on them and not
// tuned afterwards:
//   1. horizontal stripes of two greens (3 px each) in a rectangle, on sand;
//   2. value noise between rose and teal in a rectangle, on flat grey;
//   3. a disc of diagonal stripes of the same two greens, on sand (the picture);
//   4. a diagonal split: value noise between orange and pink below the anti-diagonal, sky above.
// The regions do not follow the patch grid (the disc, the diagonal): a key patch counts as much
// inside as the share of its pixels that are (region_share), and a query patch is inside when all
// of its pixels are. Made in memory (no files), seeded, mild noise (σ = 0.02) everywhere, so the
// same pictures come out under em++.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/image/analyze_image.h"
#include "core/image/image.h"
#include "core/image/patches.h"
#include "core/random.h"
#include "image_pictures.h"
#include "image_textures.h"

namespace al::test {

struct ColourRegionPicture {
  std::string name;
  image::Image view;
  std::vector<std::uint8_t> inside;  // 224 × 224, row-major: 1 where the pixel is in the region
  Rgb ground, a, b;                  // the ground's colour and the texture's two
  bool in(int y, int x) const { return inside[std::size_t(y) * 224 + x] != 0; }
};

inline float luma(Rgb c) { return 0.299f * c.r + 0.587f * c.g + 0.114f * c.b; }

enum class Shape { Rectangle, Disc, Diagonal };

// The texture (a pattern of image_textures.h: 0 is colour a, 1 colour b) inside the shape, the
// ground outside it.
inline ColourRegionPicture colour_region(std::string name, Shape shape, Texture texture, Rgb ground, Rgb a, Rgb b,
                                         std::uint64_t seed) {
  const Pattern pattern(texture, seed);
  ColourRegionPicture p{std::move(name), image::Image(224, 224), std::vector<std::uint8_t>(224 * 224), ground, a, b};
  SplitMix64 noise(seed ^ 0x2545f4914f6cdd1dull);
  for (int y = 0; y < 224; ++y)
    for (int x = 0; x < 224; ++x) {
      bool in = false;
      switch (shape) {
        case Shape::Rectangle: in = x >= 40 && x < 168 && y >= 56 && y < 184; break;
        case Shape::Disc: in = (x - 111.5) * (x - 111.5) + (y - 111.5) * (y - 111.5) <= 72.0 * 72.0; break;
        case Shape::Diagonal: in = x + y >= 224; break;
      }
      p.inside[std::size_t(y) * 224 + x] = in;
      Rgb c = ground;
      if (in) {
        const float t = pattern.at(y, x);
        c = {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
      }
      p.view.at(y, x, 0) = float(c.r + 0.02 * noise.gaussian());
      p.view.at(y, x, 1) = float(c.g + 0.02 * noise.gaussian());
      p.view.at(y, x, 2) = float(c.b + 0.02 * noise.gaussian());
    }
  return p;
}

inline std::vector<ColourRegionPicture> colour_region_pictures() {
  const Rgb sand{0.76f, 0.70f, 0.50f}, yellow_green{0.60f, 0.78f, 0.30f}, blue_green{0.35f, 0.82f, 0.60f};
  const Rgb grey{0.50f, 0.50f, 0.50f}, rose{0.75f, 0.40f, 0.55f}, teal{0.20f, 0.60f, 0.55f};
  const Rgb sky{0.55f, 0.70f, 0.90f}, orange{0.95f, 0.62f, 0.30f}, pink{0.90f, 0.58f, 0.75f};
  return {
      colour_region("green stripes on sand", Shape::Rectangle, Texture::Stripes, sand, yellow_green, blue_green, 401),
      colour_region("rose and teal noise on grey", Shape::Rectangle, Texture::Noise, grey, rose, teal, 402),
      colour_region("a striped green disc on sand", Shape::Disc, Texture::Diagonals, sand, yellow_green, blue_green,
                    403),
      colour_region("a diagonal split: orange and pink noise, sky", Shape::Diagonal, Texture::Noise, sky, orange, pink,
                    404),
  };
}

// The share of patch t's pixels that are inside the region (1: wholly inside; 0: wholly outside).
inline double region_share(const ColourRegionPicture& p, const image::PatchGrid& g, int t) {
  int count = 0;
  for (int y = 0; y < g.patch; ++y)
    for (int x = 0; x < g.patch; ++x) count += p.in(g.row(t) * g.patch + y, g.col(t) * g.patch + x);
  return double(count) / (g.patch * g.patch);
}

// What an analysis of one of these pictures did with the region (the blend weights: the heads'
// mean, or the one head blended).
struct RegionShares {
  double inside = 1;        // the least weight a query patch wholly inside keeps inside (a key counts by region_share)
  double inside_whole = 1;  // the same among the keys wholly inside or wholly outside only
  double self = 0;          // the most weight any patch puts on itself
  double contrast = 1;      // filter × V's region-to-ground colour difference ÷ the view's (means of whole patches)
  bool closer = true;       // filter × V's mean colour of the region is nearer the region's than the ground's
  double kept = 1;          // filter × V of the region's patches along the colour direction that tells region
                            // from ground: the share of the view's difference kept (mean over whole patches)
  double kept_lowest = 1;   // the same, the least over the region's whole patches
};

// The colour direction that tells the region's pixels from the ground's (Fisher's discriminant:
// the pooled within-class covariance⁻¹ · the difference of the means), and the two means.
struct Discriminant {
  double w[3], region[3], ground[3];
  double score(const double* c) const { return w[0] * c[0] + w[1] * c[1] + w[2] * c[2]; }
};
inline Discriminant discriminant(const ColourRegionPicture& p) {
  Discriminant d{};
  double sum[2][3] = {}, cov[3][3] = {};
  int count[2] = {0, 0};
  for (int y = 0; y < 224; ++y)
    for (int x = 0; x < 224; ++x) {
      ++count[p.in(y, x)];
      for (int c = 0; c < 3; ++c) sum[p.in(y, x)][c] += p.view.at(y, x, c);
    }
  for (int c = 0; c < 3; ++c) d.region[c] = sum[1][c] / count[1], d.ground[c] = sum[0][c] / count[0];
  for (int y = 0; y < 224; ++y)
    for (int x = 0; x < 224; ++x) {
      const double* m = p.in(y, x) ? d.region : d.ground;
      for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b)
          cov[a][b] += (p.view.at(y, x, a) - m[a]) * (p.view.at(y, x, b) - m[b]) / (224.0 * 224.0);
    }
  // w = cov⁻¹ · (region − ground), by the adjugate
  const double diff[3] = {d.region[0] - d.ground[0], d.region[1] - d.ground[1], d.region[2] - d.ground[2]};
  const double inv[3][3] = {
      {cov[1][1] * cov[2][2] - cov[1][2] * cov[2][1], cov[0][2] * cov[2][1] - cov[0][1] * cov[2][2],
       cov[0][1] * cov[1][2] - cov[0][2] * cov[1][1]},
      {cov[1][2] * cov[2][0] - cov[1][0] * cov[2][2], cov[0][0] * cov[2][2] - cov[0][2] * cov[2][0],
       cov[0][2] * cov[1][0] - cov[0][0] * cov[1][2]},
      {cov[1][0] * cov[2][1] - cov[1][1] * cov[2][0], cov[0][1] * cov[2][0] - cov[0][0] * cov[2][1],
       cov[0][0] * cov[1][1] - cov[0][1] * cov[1][0]}};
  for (int a = 0; a < 3; ++a) d.w[a] = inv[a][0] * diff[0] + inv[a][1] * diff[1] + inv[a][2] * diff[2];
  return d;  // (the determinant's positive factor is left out: only the direction matters)
}

inline RegionShares region_shares(const ColourRegionPicture& p, const image::ImageAnalysis& a) {
  const image::PatchGrid& g = a.grid;
  const Matrix& w = a.blend_weights;
  const Discriminant fisher = discriminant(p);
  const double span = fisher.score(fisher.region) - fisher.score(fisher.ground);
  double kept_sum = 0;
  std::vector<double> share(std::size_t(g.count));
  for (int t = 0; t < g.count; ++t) share[std::size_t(t)] = region_share(p, g, t);
  RegionShares r;
  double view_mean[2][3] = {}, blend_mean[2][3] = {};  // [ground, region][channel]
  int count[2] = {0, 0};
  for (int i = 0; i < g.count; ++i) {
    r.self = std::max(r.self, double(w(i, i)));
    const double s = share[std::size_t(i)];
    if (s != 0 && s != 1) continue;
    const int in = s == 1;
    ++count[in];
    for (int v = 0; v < g.values(); ++v) {
      view_mean[in][v % 3] += a.pixels(i, v) / (g.patch * g.patch);
      blend_mean[in][v % 3] += a.blended(i, v) / (g.patch * g.patch);
    }
    if (!in) continue;
    double blend_colour[3] = {};
    for (int v = 0; v < g.values(); ++v) blend_colour[v % 3] += a.blended(i, v) / (g.patch * g.patch);
    const double kept = (fisher.score(blend_colour) - fisher.score(fisher.ground)) / span;
    kept_sum += kept;
    r.kept_lowest = std::min(r.kept_lowest, kept);
    double inside = 0, whole = 0, whole_inside = 0;
    for (int j = 0; j < g.count; ++j) {
      const double sj = share[std::size_t(j)];
      inside += w(i, j) * sj;
      if (sj == 0 || sj == 1) whole += w(i, j), whole_inside += w(i, j) * sj;
    }
    r.inside = std::min(r.inside, inside);
    r.inside_whole = std::min(r.inside_whole, whole_inside / whole);
  }
  const auto distance = [](const double* x, const double* y) {
    return std::sqrt((x[0] - y[0]) * (x[0] - y[0]) + (x[1] - y[1]) * (x[1] - y[1]) + (x[2] - y[2]) * (x[2] - y[2]));
  };
  for (int in : {0, 1})
    for (int c = 0; c < 3; ++c) view_mean[in][c] /= count[in], blend_mean[in][c] /= count[in];
  r.contrast = distance(blend_mean[1], blend_mean[0]) / distance(view_mean[1], view_mean[0]);
  r.kept = kept_sum / count[1];
  r.closer = distance(blend_mean[1], view_mean[1]) < distance(blend_mean[1], view_mean[0]);
  return r;
}

}  // namespace al::test
