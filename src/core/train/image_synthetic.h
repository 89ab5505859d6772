// Procedural training pictures: the "dead leaves" model (Matheron 1968; Lee, Mumford and Huang,
// "Occlusion models for natural images", 2001): opaque disks of random colours fall on the
// picture one after another, each hiding what lies below. With radii drawn from p(r) ∝ 1/r³ the
// pictures are scale invariant and have the edge and flat-region statistics of natural photos
// (Achddou, Gousseau and Ladjal, 2021, trained restoration networks on them alone); and they are
// stationary: no place of the picture differs from another, so a layer trained on them can only
// learn where to look relative to a patch, not what tends to be at an absolute position.
#pragma once
#include <cstdint>

#include "core/image/image.h"

namespace al::train {

constexpr float kLeafMinRadius = 3.0f, kLeafMaxRadius = 120.0f;  // pixels of the 224 × 224 view
constexpr int kLeaves = 2000;  // disks per picture: the first (lowest) ones are all covered

// A 224 × 224 dead-leaves picture, the same for a seed on every platform (SplitMix64).
image::Image dead_leaves(std::uint64_t seed);

}  // namespace al::train
