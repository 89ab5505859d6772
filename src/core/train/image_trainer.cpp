#include "core/train/image_trainer.h"

#include <algorithm>
#include <string>

#include "core/errors.h"
#include "core/image/blend.h"
#include "core/image/view.h"
#include "core/train/image_synthetic.h"
#include "core/trained_with.h"

namespace al::train {
namespace {

// The data stream's seed differs from the weights' (random_weights(48, seed)), so that the two
// sequences are unrelated; and from the text trainer's.
constexpr std::uint64_t kImageDataStream = 0x8cb92ba72f3d8dd7ull;
// The held-out noise: one fixed seed, whatever the training seed.
constexpr std::uint64_t kHeldOutNoise = 0x4e015e0fu;
// The dead-leaves pictures' seeds: kSyntheticPictures + 0, 1, 2, ...
constexpr std::uint64_t kSyntheticPictures = 0x5eed1ea5ull << 16;

void check(const ImageTrainOptions& o) {
  validate_for_training(o.attention, image::kTokenDims);
  if (o.attention.mask == Mask::Causal)
    throw OptionError("image training takes no causal mask: there is no \"before\" among patches");
  if (!(o.noise > 0.0f && o.noise <= kMaxNoise))
    throw OptionError("noise must be a deviation above 0 and at most " + std::to_string(kMaxNoise) + ", got " +
                      std::to_string(o.noise));
  if (o.batch_size < 1 || o.batch_size > kMaxImageBatch)
    throw OptionError("batch size must be from 1 to " + std::to_string(kMaxImageBatch) + ", got " +
                      std::to_string(o.batch_size));
  if (o.decay_steps < 0) throw OptionError("decay steps must be 0 (a constant rate) or more");
  if (o.synthetic < 0 || o.synthetic > kMaxSynthetic)
    throw OptionError("synthetic pictures must be from 0 to " + std::to_string(kMaxSynthetic) + ", got " +
                      std::to_string(o.synthetic));
}

image::Image mirrored(const image::Image& v) {
  image::Image m(v.width, v.height);
  for (int y = 0; y < v.height; ++y)
    for (int x = 0; x < v.width; ++x)
      for (int c = 0; c < 3; ++c) m.at(y, x, c) = v.at(y, v.width - 1 - x, c);
  return m;
}

// The view of the side × side square at (x0, y0) of an RGBA picture.
image::Image crop_view(const std::uint8_t* rgba, int width, int x0, int y0, int side) {
  std::vector<std::uint8_t> square(std::size_t(side) * side * 4);
  for (int y = 0; y < side; ++y) {
    const std::uint8_t* src = rgba + (std::size_t(y0 + y) * width + x0) * 4;
    std::copy(src, src + std::size_t(side) * 4, square.begin() + std::ptrdiff_t(y) * side * 4);
  }
  return image::make_view(square.data(), square.size(), side, side);
}

// Pixel values in 8 bits, as a picture stores them: round(v · 255), clamped to [0, 255].
std::vector<std::uint8_t> to_bytes(const Matrix& pixels) {
  std::vector<std::uint8_t> out(pixels.data.size());
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = std::uint8_t(std::lround(std::clamp(pixels.data[i], 0.0f, 1.0f) * 255.0f));
  return out;
}

// The noisy picture's tokens, standardised by it as the page would: clean + noise features.
Matrix noisy_tokens(const Matrix& clean_features, const Matrix& noise_features, const image::PatchGrid& g) {
  Matrix f = clean_features;
  for (std::size_t i = 0; i < f.data.size(); ++i) f.data[i] += noise_features.data[i];
  return image::tokens_of(std::move(f), g).tokens;
}

}  // namespace

std::vector<image::Image> picture_views(const std::uint8_t* rgba, std::size_t length, int width, int height,
                                        bool augment) {
  std::vector<image::Image> views;
  views.push_back(image::make_view(rgba, length, width, height));  // validates
  if (!augment) return views;
  const int half = std::min(width, height) / 2;
  if (half >= image::kViewSize)
    for (int iy = 0; iy < 3; ++iy)
      for (int ix = 0; ix < 3; ++ix)
        views.push_back(crop_view(rgba, width, (width - half) * ix / 2, (height - half) * iy / 2, half));
  const std::size_t unmirrored = views.size();
  for (std::size_t i = 0; i < unmirrored; ++i) views.push_back(mirrored(views[i]));
  return views;
}

ImageTrainer::ImageTrainer(ImageTrainOptions options)
    : options_(options),
      objective_(options.patch, options.input),
      adam_(image::kTokenDims, AdamOptions{options.learning_rate}) {
  check(options_);
  // the same pictures whatever the training seed: the data are part of the task, not of a run
  for (int i = 0; i < options_.synthetic; ++i) add_view(dead_leaves(kSyntheticPictures + std::uint64_t(i)), false);
  initialize(options_.seed);
}

void ImageTrainer::add_picture(const std::uint8_t* rgba, std::size_t length, int width, int height, bool held_out) {
  if (held_out) return add_view(image::make_view(rgba, length, width, height), true);
  for (const image::Image& v : picture_views(rgba, length, width, height, options_.augment)) add_view(v, false);
}

void ImageTrainer::add_view(const image::Image& view, bool held_out) {
  const image::PatchGrid& g = objective_.grid();
  const Matrix clean = image::patch_features(view, g), clean_pixels = image::patch_pixels(view, g);
  if (!held_out) {
    train_.push_back({clean, to_bytes(clean_pixels)});
    cursor_ = order_.size();  // the next example starts an epoch over every view
    return;
  }
  // the noise of the k-th held-out picture's draws: the same for every run
  SplitMix64 rng(kHeldOutNoise + std::uint64_t(held_.size() / kHeldOutDraws));
  for (int draw = 0; draw < kHeldOutDraws; ++draw) {
    const image::Image noise = noise_picture(options_.noise, rng);
    HeldOut h;
    objective_.input(noisy_tokens(clean, image::patch_features(noise, g), g), h.input);
    h.clean_pixels = clean_pixels;
    h.noisy_pixels = image::patch_pixels(noise, g);
    for (std::size_t i = 0; i < h.noisy_pixels.data.size(); ++i) h.noisy_pixels.data[i] += clean_pixels.data[i];
    held_.push_back(std::move(h));
  }
}

void ImageTrainer::initialize(std::uint64_t seed) {
  options_.seed = seed;
  const int d = image::kTokenDims;
  AttentionWeights start = options_.from_identity ? identity_weights(d) : random_weights(d, seed);
  start.trained_with = trained_with(options_);  // written into the file with the weights
  prepared_ = prepare(std::move(start));
  adam_ = Adam(d, AdamOptions{options_.learning_rate});
  grads_ = zero_maps<float>(d);
  rng_ = SplitMix64(seed ^ kImageDataStream);
  bank_.clear();
  for (int i = 0; i < kNoiseBank; ++i) {
    const image::Image noise = noise_picture(options_.noise, rng_);
    bank_.push_back({image::patch_features(noise, objective_.grid()), image::patch_pixels(noise, objective_.grid())});
  }
  order_.clear();
  cursor_ = 0;
  epochs_ = 0;
}

int ImageTrainer::next_view() {
  if (cursor_ >= order_.size()) {  // a new epoch: a new order (Fisher–Yates) of every view
    if (!order_.empty() && order_.size() == train_.size()) ++epochs_;
    order_.resize(train_.size());
    for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = int(i);
    for (std::size_t i = order_.size(); i > 1; --i) std::swap(order_[i - 1], order_[rng_.below(i)]);
    cursor_ = 0;
  }
  return order_[cursor_++];
}

void ImageTrainer::next_noise(Noise& noise) {
  const Noise& from = bank_[rng_.below(bank_.size())];
  const int n = from.features.rows;
  permutation_.resize(std::size_t(n));
  for (int i = 0; i < n; ++i) permutation_[std::size_t(i)] = i;
  for (std::size_t i = permutation_.size(); i > 1; --i) std::swap(permutation_[i - 1], permutation_[rng_.below(i)]);
  const float sign = (rng_.next() & 1) ? -1.0f : 1.0f;
  // the same order and sign for a patch's features and its pixels
  for (auto [src, dst] : {std::pair{&from.features, &noise.features}, std::pair{&from.pixels, &noise.pixels}}) {
    dst->reshape(n, src->cols);
    for (int t = 0; t < n; ++t) {
      const float* a = src->row(permutation_[std::size_t(t)]);
      float* b = dst->row(t);
      for (int c = 0; c < src->cols; ++c) b[c] = sign * a[c];
    }
  }
}

double ImageTrainer::step() {
  if (train_.empty()) throw OptionError("image training needs at least one picture to train on");
  const AttentionOptions& o = options_.attention;
  const int batch = options_.batch_size;
  zero_gradients(grads_);
  double loss_sum = 0;
  for (int b = 0; b < batch; ++b) {
    const TrainingView& view = train_[std::size_t(next_view())];
    next_noise(noise_);
    // the clean pixels and the noisy ones (n × p·p·3)
    clean_.reshape(noise_.pixels.rows, noise_.pixels.cols);
    noisy_.reshape(clean_.rows, clean_.cols);
    for (std::size_t i = 0; i < clean_.data.size(); ++i) {
      clean_.data[i] = view.pixels[i] * (1.0f / 255.0f);
      noisy_.data[i] = clean_.data[i] + noise_.pixels.data[i];
    }
    objective_.input(noisy_tokens(view.features, noise_.features, objective_.grid()), x_);
    attention_forward(x_, x_, prepared_, o, steps_);
    loss_sum += blend_loss(steps_.weights, noisy_, clean_, blend_, &d_weights_, 1.0 / batch);  // the batch's mean
    accumulate_weight_gradients(x_, x_, steps_, d_weights_, o, grads_);
  }
  update_layer(adam_, prepared_, grads_, options_.learning_rate, options_.decay_steps);
  return loss_sum / batch;
}

template <typename Weights>
ImageEvaluation ImageTrainer::evaluate_with(Weights weights_of) const {
  ImageEvaluation ev;
  std::vector<Matrix> heads;
  BlendWorkspace ws;
  for (const HeldOut& h : held_) {
    weights_of(h, heads);
    ev.loss += blend_loss(heads, h.noisy_pixels, h.clean_pixels, ws);
    ++ev.pictures;
  }
  if (ev.pictures > 0) {
    ev.loss /= ev.pictures;  // every picture has as many values
    ev.psnr = psnr(ev.loss);
  }
  return ev;
}

ImageEvaluation ImageTrainer::evaluate(const AttentionWeights& w, const AttentionOptions& attention) const {
  if (w.d_model != image::kTokenDims)
    throw OptionError("the weights are for d_model " + std::to_string(w.d_model) + ", the image token vectors have " +
                      std::to_string(image::kTokenDims));
  const PreparedWeights prepared = prepare(w);
  AttentionSteps steps;
  return evaluate_with([&](const HeldOut& h, std::vector<Matrix>& heads) {
    attention_forward(h.input, h.input, prepared, attention, steps);
    heads = steps.weights;
  });
}

ImageBaselines ImageTrainer::baselines() const {
  const int n = objective_.grid().count;
  ImageBaselines b;
  b.identity = evaluate(identity_weights(image::kTokenDims));
  b.random = evaluate(random_weights(image::kTokenDims, options_.seed));
  Matrix eye(n, n), uniform(n, n);
  for (int i = 0; i < n; ++i) eye(i, i) = 1.0f;
  std::fill(uniform.data.begin(), uniform.data.end(), 1.0f / float(n));
  b.noisy = evaluate_with([&](const HeldOut&, std::vector<Matrix>& heads) { heads = {eye}; });
  b.mean_patch = evaluate_with([&](const HeldOut&, std::vector<Matrix>& heads) { heads = {uniform}; });
  return b;
}

}  // namespace al::train
