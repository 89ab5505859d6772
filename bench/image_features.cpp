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
// The candidates: image_candidates.h; the pictures: image_pictures.h; the denoisers of section 2:
// image_denoisers.h.
#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/attention.h"
#include "core/image/analyze_image.h"
#include "core/image/blend.h"
#include "core/image/patches.h"
#include "core/kernels/kernels.h"
#include "image_candidates.h"
#include "image_denoisers.h"
#include "image_pictures.h"

using al::Matrix;
using al::image::Image;
using al::image::PatchGrid;
using bench::Method;
using bench::Photo;
using bench::Synthetic;

namespace {

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
    for (const Synthetic& s : bench::synthetics()) {
      const Image picture = bench::render(s, 0.03, 7);
      std::printf("| %s |", s.name.c_str());
      for (const auto& c : cands) {
        const Matrix tokens = c.tokens(picture, g);
        if (tokens.cols % heads) {
          std::printf(" — |");
          continue;
        }
        double lowest = 1, total = 0;
        int queries = 0;
        for (const Matrix& w : bench::attention_weights(tokens, 1.0f, al::Similarity::Dot, heads))
          for (int i = 0; i < g.count; ++i) {
            const int r = bench::patch_region(s, g, i, false);
            if (r < 0) continue;
            double share = 0;
            for (int j = 0; j < g.count; ++j)
              if (bench::patch_region(s, g, j, true) == r) share += w(i, j);
            lowest = std::min(lowest, share), total += share, ++queries;
          }
        std::printf(" %.1f%% (%.1f%%) |", 100 * lowest, 100 * total / queries);
      }
      std::printf("\n");
    }
    std::printf("\n");
  }
}

void denoising(const std::vector<bench::Candidate>& cands, const std::vector<Photo>& photos) {
  std::printf("## 2. Non-local-means denoising of the photos: PSNR (dB) against the clean view\n\n");
  std::printf(
      "Gaussian noise σ on [0, 1] values. Knob (temperature T, or the blur size) chosen for the\n"
      "best mean PSNR over the photos on noise draw 1; PSNR reported on draw 2 with that knob.\n"
      "Photos: ");
  for (const Photo& p : photos) std::printf("%s ", p.name.c_str());
  std::printf("\n\n");
  const std::vector<Method> ms = bench::methods(cands);
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
      tune.push_back(bench::add_noise(photos[i].view, s.sigma, 1000 + i));
      test.push_back(bench::add_noise(photos[i].view, s.sigma, 2000 + i));
    }
    for (const Method& m : ms) {
      float best_knob = m.knobs[0];
      double best = -1e9;
      for (float knob : m.knobs) {
        double mean = 0;
        for (std::size_t i = 0; i < photos.size(); ++i) mean += bench::psnr(m.run(tune[i], g, knob), photos[i].view);
        if (mean > best) best = mean, best_knob = knob;
      }
      std::vector<double> scores;
      double mean = 0;
      for (std::size_t i = 0; i < photos.size(); ++i) {
        scores.push_back(bench::psnr(m.run(test[i], g, best_knob), photos[i].view));
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
  const std::vector<Photo> photos = bench::load_photos(argc, argv);
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
