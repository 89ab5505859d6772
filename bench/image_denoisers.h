// The denoisers bench/image_features.cpp compares on noisy photos: attention with identity
// weights on a candidate's token vectors (its weights blend the noisy patches' pixels), non-local
// means' own kernel on the full patches, a box blur and the noisy input itself.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "core/attention.h"
#include "core/image/image.h"
#include "core/image/patches.h"
#include "image_candidates.h"

namespace bench {

// The weights of identity-weight self-attention on these token vectors, one matrix per head.
std::vector<al::Matrix> attention_weights(const al::Matrix& tokens, float temperature, al::Similarity similarity,
                                          int heads = 1);

// T = 2^(k/2) for k from -24 to 8: the temperatures a method is tuned over.
std::vector<float> temperature_grid();

struct Method {
  std::string name;
  // the denoised picture of a noisy view at one setting of the method's one knob
  std::function<al::image::Image(const al::image::Image& noisy, const al::image::PatchGrid& g, float knob)> run;
  std::vector<float> knobs;
};

// The noisy input, the box blur, the NLM kernel, and each candidate with each similarity.
std::vector<Method> methods(const std::vector<Candidate>& cands);

}  // namespace bench
