// What attention sees of a patch: its token vector, 48 numbers.
//   1. 24 features, a small JPEG-like thumbnail of the patch, each the mean over its cell's pixels:
//        luma  Y = 0.299 R + 0.587 G + 0.114 B   in 4 × 4 cells
//        colour differences B − Y and R − Y        in 2 × 2 cells (one per quarter of the patch)
//      ordered quarter by quarter (top-left, top-right, bottom-left, bottom-right), six each:
//        Y of its top two cells, B − Y, Y of its bottom two cells, R − Y
//      so that heads, which split the dimensions into equal runs, each see brightness and
//      colour of a part of the patch (4 heads: one quarter each; 2 heads: top and bottom half);
//   2. standardised over the picture: minus the mean patch (each feature's mean), and each of the
//      three channels (Y, B − Y, R − Y) divided by its own unit: how much neighbouring cells of
//      that channel differ across the whole picture (the root mean square difference of every
//      two cells side by side, ÷ √2, floored at kMinContrast); a colour difference's unit is
//      never smaller than the luma's;
//   3. each standardised feature z written as a point on a circle of radius g = kGain, at the
//      angle θ = atan(a·z) (a = kSlope): the pair (1, a·z) scaled to length g,
//        token[2k] = g·cos θ_k = g / √(1 + a²z_k²),   token[2k+1] = g·sin θ_k = g·a·z_k / √(1 + a²z_k²).
// Why a unit per channel, from neighbouring cells: a region of a picture is where neighbouring
// cells look alike. A texture (stripes, noise) changes from cell to cell, so its channel's unit
// is large and its pattern counts for little; a brightness or colour that fills a region changes
// only at the region's border, so its unit is small and it counts for much. A colour the whole
// picture shares is the mean, subtracted, and brightness is measured in its own unit, so on a
// ground of the same brightness a region's colour decides. With one unit for all features (the
// RMS of the centred features, before) a textured region of the ground's brightness kept as
// little as 66% of a query patch's weight inside it; each feature divided by its own deviation
// over the patches kept 67% (it amplifies a texture's pattern as much as the region's colour).
// Why the colour units are at least the luma's: in a noisy photo the colour differences barely
// change between neighbouring cells but for the noise, and their own unit would blow that noise
// up to count as much as the brightness (the trained preset's filter × V: 18.16 dB, 18.57 with
// the floor).
// docs/IMAGES.md has the measurements. The floor keeps a flat picture's noise from being
// amplified.
// Why the circle: every pair has length g, so every token vector (and every head's slice of
// whole pairs) has the same length, and the dot product of two tokens is g²·Σ_k cos(θ_k − θ'_k):
// it depends only on how different the two patches are, largest for identical patches. Plain
// centred pixels instead pull every query towards the patches farthest from the average
// (the longest vectors). Near the mean θ ≈ a·z, so g²·cos(θ − θ') ≈ g² − g²a²(z − z')²/2 and
// identity-weight attention is close to the Gaussian kernel of non-local means; far from it the
// angle saturates towards ±90° instead of wrapping around (a bright light on a dark picture stays
// the opposite of the dark, and close to other lights). docs/IMAGES.md has the measurements that
// chose this (and a and g) over other candidates.
// Decoding (V, context and output shown as pictures): angle -> feature -> thumbnail -> pixels,
// with the same mean and units: the exact inverse of steps 2 and 3.
#pragma once
#include <array>

#include "core/image/image.h"
#include "core/image/patches.h"
#include "core/matrix.h"

namespace al::image {

constexpr int kLumaCells = 4;    // luma cells per patch side
constexpr int kChromaCells = 2;  // colour-difference cells per patch side
constexpr int kFeatures = kLumaCells * kLumaCells + 2 * kChromaCells * kChromaCells;  // 24
constexpr int kTokenDims = 2 * kFeatures;                                             // 48: the image mode's d_model
constexpr float kSlope = 0.3f;  // a: the angle's slope at the mean, radians per unit (docs/IMAGES.md)
constexpr float kGain = 6.0f;   // g: each pair's length (g² = 36 puts temperature 1 at the best
                                // non-local-means denoising of σ = 0.1 noise: docs/IMAGES.md)
// The least unit of a channel: two levels of an 8-bit picture. Neighbouring cells that differ
// less than this (a flat picture's noise) are not amplified.
constexpr float kMinContrast = 2.0f / 255.0f;

// Where each feature sits (see above). ly, lx: luma cell row and column, 0..3; q: quarter, 0..3.
constexpr int luma_feature(int ly, int lx) { return ((ly / 2) * 2 + lx / 2) * 6 + (ly % 2) * 3 + lx % 2; }
constexpr int blue_feature(int q) { return q * 6 + 2; }
constexpr int red_feature(int q) { return q * 6 + 5; }
// The channel of a feature: 0 luma, 1 B − Y, 2 R − Y.
constexpr int channel_of(int feature) { return feature % 6 == 2 ? 1 : feature % 6 == 5 ? 2 : 0; }

struct PatchTokens {
  Matrix tokens;                         // n × 48
  std::array<float, kFeatures> mean{};   // the mean patch's features, subtracted
  std::array<float, kFeatures> scale{};  // each centred feature was divided by its channel's unit
};

// The 24 thumbnail features of every patch (n × 24, before standardising), in the order above.
Matrix patch_features(const Image& view, const PatchGrid& grid);

// Token vectors of every patch of the view (224 × 224): tokens_of(patch_features(view, grid), grid).
PatchTokens patch_tokens(const Image& view, const PatchGrid& grid);
// Token vectors of the features of the grid's patches (grid.count × 24, row by row): standardised
// over the picture (the mean patch; each channel's unit from neighbouring cells, which the grid
// places), then each feature put on its circle.
PatchTokens tokens_of(Matrix features, const PatchGrid& grid);
// Features (n × 24) put on the circles with another picture's standardisation (its mean and
// units): e.g. a clean picture's features in the token space of its noisy copy.
Matrix encode_features(const Matrix& features, const PatchTokens& encoding);

// The inverse, for any rows in token space (embeddings, V, context, output): each pair's angle
// θ gives back a standardised feature z = tan(θ) / a = sin / (a·cos) (for a blend of tokens,
// the angle of the weighted mean pair; a pair that no token makes, with cos ≤ 0 as random weights
// can give, reads as θ = ±1.5 rad); then the thumbnail is rebuilt and
// enlarged bilinearly within its patch to n × p·p·3 pixels. Not clipped to [0, 1] (the page
// clips when drawing).
Matrix tokens_to_pixels(const Matrix& tokens, const PatchTokens& encoding, const PatchGrid& grid);

}  // namespace al::image
