// Which token vector should a patch have? The measurement recorded in docs/IMAGES.md:
//   1. separation: on synthetic pictures of flat regions with mild noise, the share of a query
//      patch's weight that stays on its own region (identity weights, no positional encoding,
//      one head, ÷√d_k, temperature 1: the page's defaults);
//   2. content: non-local-means denoising of the built-in photos. Gaussian noise is added, the
//      token vectors are made from the noisy picture, and every patch is replaced by the
//      attention-weighted blend of the noisy patches' pixels. PSNR against the clean picture:
//      the better a candidate finds truly similar patches, the higher. Each candidate gets its
//      best temperature from one grid, chosen on one noise draw and reported on another.
//   3. time: the whole image pipeline (analyze_view) at 49, 196 and 784 tokens.
// usage: image-features [--time] PHOTO...   (e.g. dist/images/*.jpg after scripts/build-images.mjs)
//   --time: only the times (section 3); IMAGE_FEATURES_ONLY=name,name: only those candidates
#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_JPEG
#define STBI_ONLY_PNG
#include <stb_image.h>

#include "core/attention.h"
#include "core/image/analyze_image.h"
#include "core/image/blend.h"
#include "core/image/patches.h"
#include "core/image/view.h"
#include "core/kernels/kernels.h"
#include "core/random.h"
#include "image_candidates.h"

using al::Matrix;
using al::image::Image;
using al::image::PatchGrid;

namespace {

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

// ---- pictures ---------------------------------------------------------------------------

struct Photo {
  std::string name;
  Image view;
};

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

// A synthetic picture: region(y, x) says which region a pixel is in, colour(region, y, x) its
// colour; then mild Gaussian noise.
struct Synthetic {
  std::string name;
  int regions;
  int (*region)(int y, int x);
  void (*colour)(int region, int y, int x, float* rgb);
};

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

// The region a patch lies in, or -1 when it straddles two. `centre`: by its centre pixel instead.
int patch_region(const Synthetic& s, const PatchGrid& g, int t, bool centre) {
  const int y0 = g.row(t) * g.patch, x0 = g.col(t) * g.patch;
  if (centre) return s.region(y0 + g.patch / 2, x0 + g.patch / 2);
  const int r = s.region(y0, x0);
  for (int y = 0; y < g.patch; ++y)
    for (int x = 0; x < g.patch; ++x)
      if (s.region(y0 + y, x0 + x) != r) return -1;
  return r;
}

// ---- attention --------------------------------------------------------------------------

// The weights of identity-weight self-attention on these token vectors, one matrix per head.
std::vector<Matrix> attention_weights(const Matrix& tokens, float temperature, al::Similarity similarity,
                                      int heads = 1) {
  al::AttentionOptions o;
  o.temperature = temperature;
  o.similarity = similarity;
  o.heads = heads;
  return al::attention_forward(tokens, tokens, al::identity_weights(tokens.cols), o).weights;
}

// Non-local means' own kernel for comparison: weights ∝ exp(−|x_i − x_j|² / (T·m)) on the full
// patches, m the mean squared distance between patches.
Matrix nlm_weights(const Matrix& pixels, float temperature) {
  const int n = pixels.rows, k = pixels.cols;
  Matrix gram(n, n);
  al::kernels::gemm_nt(n, n, k, pixels.data.data(), k, pixels.data.data(), k, gram.data.data(), n);
  Matrix w(n, n);
  double mean = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) mean += gram(i, i) + gram(j, j) - 2.0 * gram(i, j);
  mean /= double(n) * n;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) w(i, j) = float(-(gram(i, i) + gram(j, j) - 2.0 * gram(i, j)) / (temperature * mean));
    al::kernels::softmax(w.row(i), w.row(i), n);
  }
  return w;
}

Image box_blur(const Image& in, int radius) {
  Image out(in.width, in.height);
  for (int y = 0; y < in.height; ++y)
    for (int x = 0; x < in.width; ++x)
      for (int c = 0; c < 3; ++c) {
        double s = 0;
        int count = 0;
        for (int dy = -radius; dy <= radius; ++dy)
          for (int dx = -radius; dx <= radius; ++dx) {
            const int yy = y + dy, xx = x + dx;
            if (yy < 0 || xx < 0 || yy >= in.height || xx >= in.width) continue;
            s += in.at(yy, xx, c), ++count;
          }
        out.at(y, x, c) = float(s / count);
      }
  return out;
}

// ---- the criteria -----------------------------------------------------------------------

void separation(const std::vector<bench::Candidate>& cands) {
  std::printf("## 1. Separation: share of a query patch's weight on its own region\n\n");
  std::printf(
      "Synthetic 224 × 224 pictures, noise σ = 0.03, identity weights, ÷√d_k, T = 1, no positional\n"
      "encoding, dot product. Queries: patches wholly inside a region; keys count for the\n"
      "region holding their centre. Minimum over the queries and heads (mean in brackets).\n\n");
  for (auto [patch, heads] : {std::pair{32, 1}, std::pair{16, 1}, std::pair{8, 1}, std::pair{16, 4}}) {
    const PatchGrid g = al::image::patch_grid(patch);
    std::printf("### patch %d (%d tokens), %d head%s\n\n| picture |", patch, g.count, heads, heads > 1 ? "s" : "");
    for (const auto& c : cands) std::printf(" %s |", c.name.c_str());
    std::printf("\n|---|");
    for (std::size_t i = 0; i < cands.size(); ++i) std::printf("---|");
    std::printf("\n");
    for (const Synthetic& s : synthetics()) {
      const Image picture = render(s, 0.03, 7);
      std::printf("| %s |", s.name.c_str());
      for (const auto& c : cands) {
        const Matrix tokens = c.tokens(picture, g);
        if (tokens.cols % heads) {
          std::printf(" — |");
          continue;
        }
        double lowest = 1, total = 0;
        int queries = 0;
        for (const Matrix& w : attention_weights(tokens, 1.0f, al::Similarity::Dot, heads))
          for (int i = 0; i < g.count; ++i) {
            const int r = patch_region(s, g, i, false);
            if (r < 0) continue;
            double share = 0;
            for (int j = 0; j < g.count; ++j)
              if (patch_region(s, g, j, true) == r) share += w(i, j);
            lowest = std::min(lowest, share), total += share, ++queries;
          }
        std::printf(" %.1f%% (%.1f%%) |", 100 * lowest, 100 * total / queries);
      }
      std::printf("\n");
    }
    std::printf("\n");
  }
}

std::vector<float> temperature_grid() {
  std::vector<float> t;
  for (int k = -24; k <= 8; ++k) t.push_back(float(std::pow(2.0, k / 2.0)));
  return t;
}

struct Method {
  std::string name;
  // the denoised picture of a noisy view at one setting of the method's one knob
  std::function<Image(const Image& noisy, const PatchGrid& g, float knob)> run;
  std::vector<float> knobs;
};

std::vector<Method> methods(const std::vector<bench::Candidate>& cands) {
  std::vector<Method> m;
  m.push_back({"noisy input", [](const Image& noisy, const PatchGrid&, float) { return noisy; }, {0}});
  m.push_back({"box blur (best of 3×3, 5×5, 7×7)",
               [](const Image& noisy, const PatchGrid&, float r) { return box_blur(noisy, int(r)); },
               {1, 2, 3}});
  m.push_back({"NLM kernel on full patches",
               [](const Image& noisy, const PatchGrid& g, float t) {
                 const Matrix pixels = al::image::patch_pixels(noisy, g);
                 return al::image::from_patches(al::image::blend_patches(nlm_weights(pixels, t), pixels), g);
               },
               temperature_grid()});
  for (const auto& c : cands)
    for (al::Similarity sim : {al::Similarity::Dot, al::Similarity::Cosine})
      m.push_back({c.name + (sim == al::Similarity::Dot ? " dot" : " cosine"),
                   [c, sim](const Image& noisy, const PatchGrid& g, float t) {
                     const Matrix w = attention_weights(c.tokens(noisy, g), t, sim)[0];
                     return al::image::from_patches(al::image::blend_patches(w, al::image::patch_pixels(noisy, g)), g);
                   },
                   temperature_grid()});
  return m;
}

void denoising(const std::vector<bench::Candidate>& cands, const std::vector<Photo>& photos) {
  std::printf("## 2. Non-local-means denoising of the photos: PSNR (dB) against the clean view\n\n");
  std::printf(
      "Gaussian noise σ on [0, 1] values. Knob (temperature T, or the blur size) chosen for the\n"
      "best mean PSNR over the photos on noise draw 1; PSNR reported on draw 2 with that knob.\n"
      "Photos: ");
  for (const Photo& p : photos) std::printf("%s ", p.name.c_str());
  std::printf("\n\n");
  const std::vector<Method> ms = methods(cands);
  struct Setting {
    int patch;
    double sigma;
  };
  for (Setting s :
       {Setting{8, 0.05}, Setting{8, 0.1}, Setting{8, 0.2}, Setting{16, 0.1}, Setting{16, 0.2}, Setting{32, 0.1}}) {
    const PatchGrid g = al::image::patch_grid(s.patch);
    std::printf("### patch %d (%d tokens), σ = %.2f\n\n| method | T | mean |", s.patch, g.count, s.sigma);
    for (const Photo& p : photos) std::printf(" %s |", p.name.c_str());
    std::printf("\n|---|---|---|");
    for (std::size_t i = 0; i < photos.size(); ++i) std::printf("---|");
    std::printf("\n");
    std::vector<Image> tune, test;
    for (std::size_t i = 0; i < photos.size(); ++i) {
      tune.push_back(add_noise(photos[i].view, s.sigma, 1000 + i));
      test.push_back(add_noise(photos[i].view, s.sigma, 2000 + i));
    }
    for (const Method& m : ms) {
      float best_knob = m.knobs[0];
      double best = -1e9;
      for (float knob : m.knobs) {
        double mean = 0;
        for (std::size_t i = 0; i < photos.size(); ++i) mean += psnr(m.run(tune[i], g, knob), photos[i].view);
        if (mean > best) best = mean, best_knob = knob;
      }
      std::vector<double> scores;
      double mean = 0;
      for (std::size_t i = 0; i < photos.size(); ++i) {
        scores.push_back(psnr(m.run(test[i], g, best_knob), photos[i].view));
        mean += scores.back() / double(photos.size());
      }
      std::printf("| %s | %g | **%.2f** |", m.name.c_str(), double(best_knob), mean);
      for (double v : scores) std::printf(" %.2f |", v);
      std::printf("\n");
    }
    std::printf("\n");
    std::fflush(stdout);
  }
}

void timing(const std::vector<Photo>& photos) {
  std::printf("## 3. Time of the whole pipeline (analyze_view), native, %s kernels\n\n", al::kernels::gemm_impl());
  std::printf(
      "Median of 15 runs on the first photo, seeded random weights; the forward and the pixel blend\n"
      "timed again on their own. FLOPs = 8·n·d² + 4·n²·d (forward) + 2·n²·p²·3 (blend).\n\n");
  std::printf(
      "| patch | tokens | heads | MFLOP | pipeline ms | forward ms | blend ms |\n|---|---|---|---|---|---|---|\n");
  const al::PreparedWeights w = al::prepare(al::random_weights(al::image::kTokenDims, 1));
  const Image view = photos.empty() ? Image(224, 224) : photos[0].view;
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  for (int patch : {32, 16, 8})
    for (int heads : {1, 4, 48}) {
      al::image::ImageOptions o;
      o.patch = patch;
      o.attention.heads = heads;
      std::vector<double> total, forward, blend;
      for (int r = 0; r < 15; ++r) {
        auto t0 = std::chrono::steady_clock::now();
        const al::image::ImageAnalysis a = al::image::analyze_view(view, w, o);
        auto t1 = std::chrono::steady_clock::now();
        const al::AttentionSteps s = al::attention_forward(a.input, a.input, w, o.attention);
        auto t2 = std::chrono::steady_clock::now();
        const Matrix b = al::image::blend_patches(a.blend_weights, a.pixels);
        auto t3 = std::chrono::steady_clock::now();
        total.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        forward.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
        blend.push_back(std::chrono::duration<double, std::milli>(t3 - t2).count());
      }
      const double n = al::image::patch_grid(patch).count, d = al::image::kTokenDims;
      const double mflop = (8 * n * d * d + 4 * n * n * d + 2 * n * n * patch * patch * 3) / 1e6;
      std::printf("| %d | %d | %d | %.0f | %.2f | %.2f | %.2f |\n", patch, int(n), heads, mflop, median(total),
                  median(forward), median(blend));
    }
  std::printf("\n");
}

// How far attention looks with the 2-D positional encoding added at a weight: the mean grid
// distance from a query patch to its keys (weighted by attention), and the weight on the query's
// 3 × 3 neighbourhood (itself included).
void locality(const std::vector<Photo>& photos) {
  std::printf("## 4. Positional encoding: how near attention looks\n\n");
  std::printf(
      "Shipped token vectors on the photos, identity weights, one head, ÷√d_k, T = 1, X = tokens +\n"
      "weight · PE_2d. Mean distance (in patches) from a query to what it attends to, and the\n"
      "weight on its 3 × 3 neighbourhood; mean over queries and photos.\n\n");
  std::printf("| patch | PE weight | mean distance | weight on 3 × 3 |\n|---|---|---|---|\n");
  const al::PreparedWeights w = al::prepare(al::identity_weights(al::image::kTokenDims));
  for (int patch : {16, 8})
    for (float weight : {0.0f, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 8.0f, 10.0f}) {
      al::image::ImageOptions o;
      o.patch = patch;
      o.positional = weight > 0;
      o.positional_weight = weight;
      double distance = 0, near = 0;
      for (const Photo& p : photos) {
        const al::image::ImageAnalysis a = al::image::analyze_view(p.view, w, o);
        const PatchGrid& g = a.grid;
        for (int i = 0; i < g.count; ++i)
          for (int j = 0; j < g.count; ++j) {
            const int dr = g.row(i) - g.row(j), dc = g.col(i) - g.col(j);
            distance += a.blend_weights(i, j) * std::sqrt(double(dr * dr + dc * dc));
            if (std::abs(dr) <= 1 && std::abs(dc) <= 1) near += a.blend_weights(i, j);
          }
      }
      const double queries = double(photos.size()) * al::image::patch_grid(patch).count;
      std::printf("| %d | %g | %.2f | %.1f%% |\n", patch, double(weight), distance / queries, 100 * near / queries);
    }
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  // Keep freed buffers for reuse, as WebAssembly's memory does, instead of returning them to the
  // system (whose page faults would dominate the times at 784 tokens).
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  const bool time_only = argc > 1 && std::string(argv[1]) == "--time";
  if (time_only) --argc, ++argv;
  const std::vector<Photo> photos = load_photos(argc, argv);
  if (time_only) {
    timing(photos);
    return 0;
  }
  std::vector<bench::Candidate> cands = bench::candidates();
  if (const char* only = std::getenv("IMAGE_FEATURES_ONLY")) {  // e.g. "shipped,lowres4": a quick look
    const std::string names = std::string(",") + only + ",";
    cands.erase(
        std::remove_if(cands.begin(), cands.end(),
                       [&](const bench::Candidate& c) { return names.find("," + c.name + ",") == std::string::npos; }),
        cands.end());
  }
  std::printf("# image-features: which token vector for a patch\n\nCandidates:\n\n");
  for (const auto& c : cands) std::printf("- **%s**: %s\n", c.name.c_str(), c.description.c_str());
  std::printf("\n");
  separation(cands);
  if (!photos.empty()) denoising(cands, photos);
  if (!photos.empty()) locality(photos);
  timing(photos);
  return 0;
}
