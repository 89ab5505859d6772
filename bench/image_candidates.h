// The candidate token vectors that bench/image_features.cpp compares: ways to turn a patch of
// the 224 × 224 view into the vector attention sees. Each returns n × d (one row per patch).
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "core/image/image.h"
#include "core/image/patches.h"
#include "core/matrix.h"

namespace bench {

struct Candidate {
  std::string name, description;
  std::function<al::Matrix(const al::image::Image&, const al::image::PatchGrid&)> tokens;
};

std::vector<Candidate> candidates();

}  // namespace bench
