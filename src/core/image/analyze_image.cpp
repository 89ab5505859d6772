#include "core/image/analyze_image.h"

#include <string>

#include "core/analyze.h"
#include "core/errors.h"
#include "core/image/positional_2d.h"
#include "core/image/view.h"
#include "core/positional.h"

namespace al::image {

void validate(const ImageOptions& o, int d_model) {
  if (d_model != kTokenDims)
    throw OptionError("the image mode's token vectors have " + std::to_string(kTokenDims) +
                      " dimensions, but the weights are for d_model " + std::to_string(d_model));
  validate(o.attention, d_model);
  patch_grid(o.patch);
  check_positional_weight(o.positional_weight);
  if (o.blend_head < -1 || o.blend_head >= o.attention.heads)
    throw OptionError("blend head must be -1 (the mean of the heads) or a head from 0 to " +
                      std::to_string(o.attention.heads - 1) + ", got " + std::to_string(o.blend_head));
}

ImageAnalysis analyze_image(const std::uint8_t* rgba, std::size_t length, int width, int height,
                            const PreparedWeights& w, const ImageOptions& o) {
  validate(o, w.weights.d_model);
  return analyze_view(make_view(rgba, length, width, height), w, o);
}

ImageAnalysis analyze_view(Image view, const PreparedWeights& w, const ImageOptions& o) {
  validate(o, w.weights.d_model);
  ImageAnalysis a;
  a.view = std::move(view);
  a.grid = patch_grid(o.patch);
  a.pixels = patch_pixels(a.view, a.grid);
  a.embeddings = patch_tokens(a.view, a.grid);
  const int n = a.grid.count, d = kTokenDims;
  a.positional = o.positional ? positional_encoding_2d(a.grid.side, a.grid.side, d) : Matrix(n, d);
  a.input = a.embeddings.tokens;
  add_positional(a.input, a.positional, o.positional_weight);
  a.attention = attention_forward(a.input, a.input, w, o.attention);  // the same layer as text
  blend_weights(a.attention.weights, o.blend_head, a.blend_weights);
  a.blended = blend_patches(a.blend_weights, a.pixels);
  a.picture = filtered_picture(a.blended, a.view, a.grid);
  return a;
}

}  // namespace al::image
