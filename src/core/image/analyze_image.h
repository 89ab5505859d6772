// The whole pipeline on a picture, keeping every step (the image twin of core/analyze.h):
//   RGBA -> 224 × 224 view -> patches -> token vectors (embeddings, n × 48)
//        -> X = embeddings + weight · PE_2d -> the attention layer (the same forward as text)
//        -> filter × V as pictures: every query's weights blend the key patches' pixels
// With identity weights this is content-similarity attention on this one picture, close to
// non-local means (Buades, Coll and Morel 2005) and non-local neural networks (Wang et al.
// 2018): no pretrained network is involved.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/attention.h"
#include "core/image/blend.h"
#include "core/image/image.h"
#include "core/image/patches.h"
#include "core/image/tokens.h"

namespace al::image {

// The picture's defaults, measured in docs/IMAGES.md ("The default options"), and the text
// mode's left as they are:
// - the self mask: a patch is its own best match, and without the mask identity weights put up
//   to 100% of a patch's weight on itself (the softmax saturates), so filter × V showed the patch
//   and nothing else; masked, every patch attends to the other patches that look like it;
// - cosine similarity: a key counts by its direction only, so whatever trained or random
//   weights make of a patch's length, long (bright, contrasty) keys do not win every search;
//   with identity weights every token has the same length and cosine ranks keys as the dot
//   product does;
// - temperature 0.15 (cosines × kCosineScale / 0.15): two patches' cosines differ little (every
//   pair of a token has length kGain), so the text's T = 1 is too even (a region of the ground's
//   brightness kept under 53% of its weight); 0.15 keeps 100.00% inside the region on the eight
//   textured test pictures, is the highest temperature of the grid that keeps 95% inside the
//   colour regions at patches of 16 and 8 px, and is within 0.01 dB of the grid's best filter × V
//   for identity weights on the noisy photos (checked again with each channel in its own unit).
// The positional encoding is off by default: the picture's point is attention between patches
// that look alike wherever they are; switched on, it pulls attention towards near patches. Its
// weight defaults to kGain, so that its sin/cos pairs are as long as the token vectors' pairs and
// position and content compete evenly (at weight 1 it barely changes the weights: docs/IMAGES.md).
struct ImageOptions {
  // heads must divide 48: 1, 2, 3, 4, 6, 8, 12, 16, 24, 48
  AttentionOptions attention{1, true, 0.15f, Similarity::Cosine, Mask::Self};
  int patch = 16;                   // pixels: 32, 16 or 8 (49, 196 or 784 tokens)
  bool positional = false;          // add the 2-D sinusoidal positional encoding
  float positional_weight = kGain;  // X = embeddings + weight · PE; in [0, kMaxPositionalWeight]
  int blend_head = -1;              // whose weights blend the pixels: a head, or -1 for their mean
};

// Throws OptionError for an option outside its range.
void validate(const ImageOptions& options, int d_model);

struct ImageAnalysis {
  Image view;  // the 224 × 224 picture everything below is computed on
  PatchGrid grid;
  Matrix pixels;             // n × p·p·3: each patch's pixels, the values blended below
  PatchTokens embeddings;    // n × 48 token vectors, and the mean and units that decode them
  Matrix positional;         // n × 48 (zeros when off)
  Matrix input;              // n × 48: X = embeddings + weight · positional
  AttentionSteps attention;  // Q, K, V, scores, weights, context, output
  Matrix blend_weights;      // n × n: the chosen head's weights, or the heads' mean
  Matrix blended;            // n × p·p·3 = blend_weights · pixels
  FilteredPicture picture;   // every patch replaced by its blend, and the change
};

// From RGBA8 bytes of any size (validated: see view.h).
ImageAnalysis analyze_image(const std::uint8_t* rgba, std::size_t length, int width, int height,
                            const PreparedWeights& w, const ImageOptions& options);
// From a view already made (224 × 224).
ImageAnalysis analyze_view(Image view, const PreparedWeights& w, const ImageOptions& options);

}  // namespace al::image
