// Which options should the picture mode show by default? The measurement recorded in
// docs/IMAGES.md ("The default options"), for candidate similarities, masks and temperatures
// with identity weights (and, with --weights, trained ones):
//   1. self: the largest share of its weight that any patch of the four photos puts on itself;
//   2. in region: on textured regions on a plain background (tests/native/image_textures.h:
//      stripes, noise, discs, diagonals, dark on bright and bright on dark), the lowest share of
//      its weight that a query patch inside the texture keeps inside it; and the same on regions
//      of the ground's brightness told apart by colour (tests/native/image_regions.h), with the
//      lowest share (over those pictures) of the region-to-ground colour difference that filter × V keeps
//      along the colour direction that tells the region from the ground;
//   3. spread: over the photos' patches, the median effective number of patches attended
//      (exp of the entropy) and the median largest weight of a row;
//   4. filter × V: what the training panel shows: the held-out photos with Gaussian noise of
//      σ = 0.3 (two fixed draws each, as core/train/image_trainer.h scores them), the heads'
//      mean weights (4 heads, patch 16) blending the noisy pixels, PSNR against the clean ones.
// usage: image-defaults [--weights FILE] PHOTO...   (dist/images/*.jpg after npm run build:images)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_JPEG
#define STBI_ONLY_PNG
#include <stb_image.h>

#include "cli/files.h"
#include "core/image/analyze_image.h"
#include "core/image/view.h"
#include "core/train/image_trainer.h"
#include "core/weights.h"
#include "image_regions.h"
#include "image_textures.h"

using al::AttentionOptions;
using al::Mask;
using al::Similarity;
using al::image::Image;
using al::image::ImageAnalysis;

namespace {

struct Photo {
  std::string name;
  Image view;
  std::vector<std::uint8_t> rgba;
  int width, height;
};

std::vector<Photo> load_photos(const std::vector<std::string>& paths) {
  std::vector<Photo> photos;
  for (const std::string& path : paths) {
    int w = 0, h = 0, channels = 0;
    unsigned char* data = stbi_load(path.c_str(), &w, &h, &channels, 4);
    if (!data) {
      std::fprintf(stderr, "image-defaults: cannot read %s: %s\n", path.c_str(), stbi_failure_reason());
      std::exit(1);
    }
    const std::size_t n = std::size_t(w) * h * 4;
    std::string name = path.substr(path.find_last_of('/') + 1);
    photos.push_back({name.substr(0, name.find('.')), al::image::make_view(data, n, w, h),
                      std::vector<std::uint8_t>(data, data + n), w, h});
    stbi_image_free(data);
  }
  return photos;
}

struct Candidate {
  const char* name;
  AttentionOptions attention;  // one head; the filter × V column uses 4
};

std::vector<Candidate> candidates() {
  const AttentionOptions shown = al::image::ImageOptions{}.attention;
  auto make = [](Similarity s, Mask m, float t) { return AttentionOptions{1, true, t, s, m}; };
  return {
      {"dot, T 1, no mask (the text mode's defaults)", make(Similarity::Dot, Mask::None, 1.0f)},
      {"dot, T 1, self mask", make(Similarity::Dot, Mask::Self, 1.0f)},
      {"dot, T 2, self mask", make(Similarity::Dot, Mask::Self, 2.0f)},
      {"dot, T 8, no mask", make(Similarity::Dot, Mask::None, 8.0f)},
      {"cosine, T 1, no mask", make(Similarity::Cosine, Mask::None, 1.0f)},
      {"cosine, T 1, self mask", make(Similarity::Cosine, Mask::Self, 1.0f)},
      {"cosine, T 0.1, self mask", make(Similarity::Cosine, Mask::Self, 0.1f)},
      {"cosine, T 0.15, no mask", make(Similarity::Cosine, Mask::None, 0.15f)},
      {"**cosine, T 0.15, self mask (the default)**", shown},
      {"cosine, T 0.2, self mask", make(Similarity::Cosine, Mask::Self, 0.2f)},
      {"cosine, T 0.3, self mask", make(Similarity::Cosine, Mask::Self, 0.3f)},
  };
}

ImageAnalysis analyze(const Image& view, const al::PreparedWeights& w, const AttentionOptions& a, int patch) {
  al::image::ImageOptions o;
  o.attention = a;
  o.patch = patch;
  return al::image::analyze_view(view, w, o);
}

double largest_self(const ImageAnalysis& r) {
  double most = 0;
  for (int i = 0; i < r.grid.count; ++i) most = std::max(most, double(r.blend_weights(i, i)));
  return most;
}

double lowest_inside(const al::test::TexturedPicture& p, const ImageAnalysis& r) {
  const al::image::PatchGrid& g = r.grid;
  auto inside = [&](int t) { return p.region.contains(g.row(t) * g.patch, g.col(t) * g.patch); };
  double lowest = 1;
  for (int i = 0; i < g.count; ++i) {
    if (!inside(i)) continue;
    double share = 0;
    for (int j = 0; j < g.count; ++j)
      if (inside(j)) share += r.blend_weights(i, j);
    lowest = std::min(lowest, share);
  }
  return lowest;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

struct Row {
  double self[3], inside[3], colour[3], kept[3], effective[3], top[3];
};

Row measure(const al::PreparedWeights& w, const AttentionOptions& a, const std::vector<Photo>& photos,
            const std::vector<al::test::TexturedPicture>& textures,
            const std::vector<al::test::ColourRegionPicture>& regions) {
  Row row{};
  const int patches[3] = {32, 16, 8};
  for (int k = 0; k < 3; ++k) {
    std::vector<double> effective, top;
    for (const Photo& p : photos) {
      const ImageAnalysis r = analyze(p.view, w, a, patches[k]);
      row.self[k] = std::max(row.self[k], largest_self(r));
      for (int i = 0; i < r.grid.count; ++i) {
        double entropy = 0, most = 0;
        for (int j = 0; j < r.grid.count; ++j) {
          const double q = r.blend_weights(i, j);
          if (q > 0) entropy -= q * std::log(q);
          most = std::max(most, q);
        }
        effective.push_back(std::exp(entropy));
        top.push_back(most);
      }
    }
    row.effective[k] = median(effective);
    row.top[k] = median(top);
    row.inside[k] = 1;
    for (const auto& t : textures)
      row.inside[k] = std::min(row.inside[k], lowest_inside(t, analyze(t.view, w, a, patches[k])));
    row.colour[k] = row.kept[k] = 1;
    for (const auto& p : regions) {
      const al::test::RegionShares s = al::test::region_shares(p, analyze(p.view, w, a, patches[k]));
      row.colour[k] = std::min(row.colour[k], s.inside);
      row.kept[k] = std::min(row.kept[k], s.kept);
    }
  }
  return row;
}

// The training panel's held-out scoring: a trainer with no training pictures, the photos held out.
al::train::ImageTrainer held_out_scorer(const std::vector<Photo>& photos) {
  al::train::ImageTrainOptions o;
  o.synthetic = 0;
  al::train::ImageTrainer t(o);
  for (const Photo& p : photos) t.add_picture(p.rgba.data(), p.rgba.size(), p.width, p.height, true);
  return t;
}

void print_row(const char* name, const Row& r, double psnr) {
  std::printf(
      "| %s | %.1f%% / %.1f%% / %.1f%% | %.2f%% / %.2f%% / %.2f%% | %.1f%% / %.1f%% / %.1f%% | %.2f / %.2f / %.2f |",
      name, 100 * r.self[0], 100 * r.self[1], 100 * r.self[2], 100 * r.inside[0], 100 * r.inside[1], 100 * r.inside[2],
      100 * r.colour[0], 100 * r.colour[1], 100 * r.colour[2], r.kept[0], r.kept[1], r.kept[2]);
  std::printf(" %.0f / %.0f / %.0f | %.2f / %.2f / %.2f | %.2f |\n", r.effective[0], r.effective[1], r.effective[2],
              r.top[0], r.top[1], r.top[2], psnr);
}

const char* kHeader =
    "| options | largest weight on itself, photos (32 / 16 / 8 px) | lowest share inside the texture | "
    "lowest share inside the colour region | kept along the discriminant | median patches attended | median largest "
    "weight | "
    "filter × V, dB |\n|---|---|---|---|---|---|---|---|\n";

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> paths;
  std::string weights_file;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--weights" && i + 1 < argc)
      weights_file = argv[++i];
    else
      paths.push_back(argv[i]);
  }
  if (paths.empty()) {
    std::fprintf(stderr, "usage: image-defaults [--weights FILE] PHOTO...\n");
    return 2;
  }
  const std::vector<Photo> photos = load_photos(paths);
  const std::vector<al::test::TexturedPicture> textures = al::test::textured_pictures();
  const std::vector<al::test::ColourRegionPicture> regions = al::test::colour_region_pictures();
  const al::train::ImageTrainer scorer = held_out_scorer(photos);
  const al::AttentionWeights identity_w = al::identity_weights(al::image::kTokenDims);
  const al::PreparedWeights identity = al::prepare(identity_w);

  std::printf("## Identity weights, one head (filter × V: 4 heads, patch 16, noise σ 0.3)\n\n%s", kHeader);
  for (const Candidate& c : candidates()) {
    AttentionOptions four = c.attention;
    four.heads = 4;
    print_row(c.name, measure(identity, c.attention, photos, textures, regions),
              scorer.evaluate(identity_w, four).psnr);
  }

  std::printf("\n## The lowest share inside the texture, per picture, under the defaults (32 / 16 / 8 px)\n\n");
  std::printf("| picture | identity weights |%s\n|---|---|%s\n",
              weights_file.empty() ? "" : " these weights, 4 heads |", weights_file.empty() ? "" : "---|");
  const AttentionOptions shown = al::image::ImageOptions{}.attention;
  AttentionOptions shown4 = shown;
  shown4.heads = 4;
  const al::PreparedWeights trained =
      weights_file.empty() ? identity : al::prepare(al::parse_weights(al::cli::read_file(weights_file), weights_file));
  for (const auto& t : textures) {
    std::printf("| %s |", t.name.c_str());
    for (const al::PreparedWeights* w : {&identity, &trained}) {
      if (w == &trained && weights_file.empty()) break;
      for (int patch : {32, 16, 8})
        std::printf(" %.2f%%%s", 100 * lowest_inside(t, analyze(t.view, *w, w == &identity ? shown : shown4, patch)),
                    patch == 8 ? " |" : " /");
    }
    std::printf("\n");
  }

  std::printf(
      "\n## The colour regions under the defaults (32 / 16 / 8 px): lowest share inside (among whole keys), "
      "contrast kept, kept along the discriminant\n\n| picture | identity weights |%s\n|---|---|%s\n",
      weights_file.empty() ? "" : " these weights, 4 heads |", weights_file.empty() ? "" : "---|");
  for (const auto& p : regions) {
    std::printf("| %s |", p.name.c_str());
    for (const al::PreparedWeights* w : {&identity, &trained}) {
      if (w == &trained && weights_file.empty()) break;
      for (int patch : {32, 16, 8}) {
        const al::test::RegionShares s =
            al::test::region_shares(p, analyze(p.view, *w, w == &identity ? shown : shown4, patch));
        std::printf(" %.1f%% (%.1f%%), %.2f, %.2f, %.2f%s", 100 * s.inside, 100 * s.inside_whole, s.contrast, s.kept,
                    s.kept_lowest, patch == 8 ? " |" : " /");
      }
    }
    std::printf("\n");
  }

  if (!weights_file.empty()) {
    std::printf("\n## These weights, 4 heads, under the defaults\n\n%s", kHeader);
    print_row(weights_file.c_str(), measure(trained, shown4, photos, textures, regions),
              scorer.evaluate(trained.weights, shown4).psnr);
    print_row("identity, 4 heads", measure(identity, shown4, photos, textures, regions),
              scorer.evaluate(identity_w, shown4).psnr);
  }
  return 0;
}
