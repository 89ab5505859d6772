// The pictures bench/image_features.cpp measures on: the built-in photos (read with stb_image)
// as 224 × 224 views, synthetic pictures of flat regions, and seeded Gaussian noise.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/image/image.h"
#include "core/image/patches.h"

namespace bench {

// clean + Gaussian noise of deviation sigma, seeded (not clipped).
al::image::Image add_noise(const al::image::Image& clean, double sigma, std::uint64_t seed);
// 10·log10(1 / mean squared difference), in dB.
double psnr(const al::image::Image& a, const al::image::Image& b);

struct Photo {
  std::string name;
  al::image::Image view;
};

// The views of the pictures named by argv[1..argc-1]; exits 1 when one cannot be read.
std::vector<Photo> load_photos(int argc, char** argv);

// A synthetic picture: region(y, x) says which region a pixel is in, colour(region, y, x) its
// colour; then mild Gaussian noise.
struct Synthetic {
  std::string name;
  int regions;
  int (*region)(int y, int x);
  void (*colour)(int region, int y, int x, float* rgb);
};

std::vector<Synthetic> synthetics();

// The 224 × 224 picture s describes, with noise sigma.
al::image::Image render(const Synthetic& s, double sigma, std::uint64_t seed);

// The region a patch lies in, or -1 when it straddles two. `centre`: by its centre pixel instead.
int patch_region(const Synthetic& s, const al::image::PatchGrid& g, int t, bool centre);

}  // namespace bench
