#include "image_pictures.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_JPEG
#define STBI_ONLY_PNG
#include <stb_image.h>

#include "core/image/view.h"
#include "core/random.h"

namespace bench {

using al::image::Image;
using al::image::PatchGrid;

Image add_noise(const Image& clean, double sigma, std::uint64_t seed) {
  al::SplitMix64 rng(seed);  // Gaussian noise, seeded
  Image noisy = clean;
  for (float& v : noisy.rgb) v += float(sigma * rng.gaussian());  // not clipped
  return noisy;
}

double psnr(const Image& a, const Image& b) {
  double se = 0;
  for (std::size_t i = 0; i < a.rgb.size(); ++i) se += double(a.rgb[i] - b.rgb[i]) * (a.rgb[i] - b.rgb[i]);
  return 10.0 * std::log10(double(a.rgb.size()) / se);
}

std::vector<Photo> load_photos(int argc, char** argv) {
  std::vector<Photo> photos;
  for (int i = 1; i < argc; ++i) {
    int w = 0, h = 0, channels = 0;
    unsigned char* data = stbi_load(argv[i], &w, &h, &channels, 4);
    if (!data) {
      std::fprintf(stderr, "image-features: cannot read %s: %s\n", argv[i], stbi_failure_reason());
      std::exit(1);
    }
    std::string name = argv[i];
    name = name.substr(name.find_last_of('/') + 1);
    photos.push_back({name.substr(0, name.find('.')), al::image::make_view(data, std::size_t(w) * h * 4, w, h)});
    stbi_image_free(data);
  }
  return photos;
}

std::vector<Synthetic> synthetics() {
  return {
      {"two colours (orange, blue)", 2, [](int, int x) { return x < 128 ? 0 : 1; },
       [](int r, int, int, float* c) {
         const float a[3] = {0.85f, 0.35f, 0.25f}, b[3] = {0.25f, 0.45f, 0.80f};
         std::copy(r ? b : a, (r ? b : a) + 3, c);
       }},
      {"two close greys (0.45, 0.55)", 2, [](int, int x) { return x < 128 ? 0 : 1; },
       [](int r, int, int, float* c) { std::fill(c, c + 3, r ? 0.55f : 0.45f); }},
      {"yellow disk on grey", 2,
       [](int y, int x) { return (y - 112) * (y - 112) + (x - 112) * (x - 112) < 64 * 64 ? 0 : 1; },
       [](int r, int, int, float* c) {
         const float a[3] = {0.9f, 0.8f, 0.2f}, b[3] = {0.3f, 0.3f, 0.35f};
         std::copy(r ? b : a, (r ? b : a) + 3, c);
       }},
      {"three greys (0.2, 0.5, 0.8)", 3, [](int, int x) { return x < 64    ? 0
                                                                 : x < 160 ? 1
                                                                           : 2; },
       [](int r, int, int, float* c) { std::fill(c, c + 3, 0.2f + 0.3f * r); }},
      {"stripes, horizontal and vertical, one grey", 2, [](int, int x) { return x < 128 ? 0 : 1; },
       [](int r, int y, int x, float* c) { std::fill(c, c + 3, ((r ? x : y) / 2) % 2 ? 0.7f : 0.3f); }},
  };
}

Image render(const Synthetic& s, double sigma, std::uint64_t seed) {
  Image clean(224, 224);
  for (int y = 0; y < 224; ++y)
    for (int x = 0; x < 224; ++x) s.colour(s.region(y, x), y, x, &clean.at(y, x, 0));
  return add_noise(clean, sigma, seed);
}

int patch_region(const Synthetic& s, const PatchGrid& g, int t, bool centre) {
  const int y0 = g.row(t) * g.patch, x0 = g.col(t) * g.patch;
  if (centre) return s.region(y0 + g.patch / 2, x0 + g.patch / 2);
  const int r = s.region(y0, x0);
  for (int y = 0; y < g.patch; ++y)
    for (int x = 0; x < g.patch; ++x)
      if (s.region(y0 + y, x0 + x) != r) return -1;
  return r;
}

}  // namespace bench
