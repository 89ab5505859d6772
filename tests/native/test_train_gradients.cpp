// The backward pass against central finite differences in double, and the float backward
// against the double one: for a loss on the output and for a loss on the attention weights, with
// dot-product and cosine scores.
#include <cmath>
#include <string>

#include "compare.h"
#include "core/errors.h"
#include "core/train/backward.h"

using al::AttentionOptions;
using al::Mask;
using al::Matrix;
using al::Similarity;
using al::test::random_matrix;
using al::train::LayerMaps;
namespace ref = al::reference;

namespace {

// Weights in double: U(-1, 1), seeded.
LayerMaps<double> random_maps(int d, std::uint32_t seed) {
  return {ref::to_double(random_matrix(d, d, seed)), ref::to_double(random_matrix(d, d, seed + 1)),
          ref::to_double(random_matrix(d, d, seed + 2)), ref::to_double(random_matrix(d, d, seed + 3))};
}

al::AttentionWeights to_float(const LayerMaps<double>& w) {
  auto f = [](const ref::DMatrix& m) {
    Matrix out(m.rows, m.cols);
    for (std::size_t i = 0; i < m.data.size(); ++i) out.data[i] = float(m.data[i]);
    return out;
  };
  return {w.wo.rows, f(w.wq), f(w.wk), f(w.wv), f(w.wo), "test", {}};
}

// X = U(-1, 1) + positional encoding, as the pipeline builds it.
Matrix input(int n, int d, std::uint32_t seed) {
  Matrix x = random_matrix(n, d, seed);
  const ref::DMatrix pe = ref::positional_encoding(n, d);
  for (std::size_t i = 0; i < x.data.size(); ++i) x.data[i] += float(pe.data[i]);
  return x;
}

// The reference forward (reference.h) with the maps being checked.
ref::Steps forward(const ref::DMatrix& xq, const ref::DMatrix& xkv, const LayerMaps<double>& w,
                   const AttentionOptions& o) {
  return ref::attention_forward(xq, xkv, ref::Weights{w.wq, w.wk, w.wv, w.wo}, o);
}

// Σ G ∘ M over every value.
double dot(const ref::DMatrix& g, const ref::DMatrix& m) {
  double sum = 0;
  for (std::size_t i = 0; i < g.data.size(); ++i) sum += g.data[i] * m.data[i];
  return sum;
}

// The loss L = Σ G ∘ output, so dL/d(output) = G; or, with one G_h per head for a loss on the
// weights, L = Σ_h Σ G_h ∘ P_h, so dL/dP_h = G_h.
struct Loss {
  ref::DMatrix on_output;
  std::vector<ref::DMatrix> on_weights;  // empty: the loss is on the output
  double operator()(const ref::DMatrix& xq, const ref::DMatrix& xkv, const LayerMaps<double>& w,
                    const AttentionOptions& o) const {
    const ref::Steps s = forward(xq, xkv, w, o);
    if (on_weights.empty()) return dot(on_output, s.output);
    double sum = 0;
    for (std::size_t h = 0; h < on_weights.size(); ++h) sum += dot(on_weights[h], s.weights[h]);
    return sum;
  }
  void gradients(const ref::DMatrix& xq, const ref::DMatrix& xkv, const LayerMaps<double>& w, const AttentionOptions& o,
                 LayerMaps<double>& grads) const {
    const ref::Steps s = forward(xq, xkv, w, o);
    if (on_weights.empty())
      al::train::accumulate_gradients(xq, xkv, w, s, on_output, o, grads);
    else
      al::train::accumulate_weight_gradients(xq, xkv, s, on_weights, o, grads);
  }
};

double norm(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x * x;
  return std::sqrt(s);
}

// Checks every map's analytic gradient against central differences, norm-wise; on_weights: the
// loss is on the attention weights instead of the output.
void check_gradients(int nq, int nk, int d, const AttentionOptions& o, std::uint32_t seed, bool on_weights = false) {
  const ref::DMatrix xq = ref::to_double(input(nq, d, seed));
  const ref::DMatrix xkv = nq == nk ? xq : ref::to_double(input(nk, d, seed + 50));
  LayerMaps<double> w = random_maps(d, seed + 7);
  Loss loss{ref::to_double(random_matrix(nq, d, seed + 13)), {}};
  for (int h = 0; on_weights && h < o.heads; ++h)
    loss.on_weights.push_back(ref::to_double(random_matrix(nq, nk, seed + 17 + std::uint32_t(h))));
  LayerMaps<double> grads = al::train::zero_maps<double>(d);
  loss.gradients(xq, xkv, w, o, grads);

  const char* names[] = {"W_Q", "W_K", "W_V", "W_O"};
  ref::DMatrix* maps[] = {&w.wq, &w.wk, &w.wv, &w.wo};
  const ref::DMatrix* analytic[] = {&grads.wq, &grads.wk, &grads.wv, &grads.wo};
  const double h = 1e-5;
  for (int k = 0; k < 4; ++k) {
    std::vector<double> numeric(maps[k]->data.size()), diff(numeric.size());
    for (std::size_t i = 0; i < numeric.size(); ++i) {
      const double saved = maps[k]->data[i];
      maps[k]->data[i] = saved + h;
      const double up = loss(xq, xkv, w, o);
      maps[k]->data[i] = saved - h;
      const double down = loss(xq, xkv, w, o);
      maps[k]->data[i] = saved;
      numeric[i] = (up - down) / (2 * h);
      diff[i] = analytic[k]->data[i] - numeric[i];
    }
    const double rel = norm(diff) / std::max(norm(numeric), 1e-300);
    INFO("n_q=" << nq << " n_k=" << nk << " d=" << d << " heads=" << o.heads << " scale=" << o.scale
                << " T=" << o.temperature << " mask=" << al::to_string(o.mask) << " " << al::to_string(o.similarity)
                << (on_weights ? ", loss on the weights" : "") << " d" << names[k] << ": |analytic - numeric| = "
                << norm(diff) << ", |numeric| = " << norm(numeric) << ", relative " << rel);
    // One key (or a causal first row alone) leaves W_Q and W_K without gradient, and a loss on
    // the weights leaves W_V and W_O without: then both are 0.
    if (norm(numeric) < 1e-7)
      REQUIRE(norm(diff) <= 1e-7);
    else
      REQUIRE(rel <= 1e-3);
  }
}

}  // namespace

TEST_CASE("the backward's gradients of all four maps match central finite differences in double", "[train]") {
  int checked = 0;
  for (Similarity similarity : {Similarity::Dot, Similarity::Cosine})
    for (int n : {1, 3, 4, 5})
      for (int d : {4, 8})
        for (int heads : {1, 2})
          for (bool scale : {true, false})
            for (Mask mask : {Mask::None, Mask::Causal, Mask::Self})
              for (float temperature : {1.0f, 0.5f, 2.5f}) {
                AttentionOptions o;
                o.heads = heads;
                o.scale = scale;
                o.mask = mask;
                o.temperature = temperature;
                o.similarity = similarity;
                check_gradients(n, n, d, o, std::uint32_t(100 * n + 10 * d + heads));
                ++checked;
              }
  REQUIRE(checked == 576);  // every combination ran
}

TEST_CASE(
    "for a loss on the attention weights, the gradients of W_Q and W_K match finite differences, W_V and W_O get none",
    "[train]") {
  int checked = 0;
  for (Similarity similarity : {Similarity::Dot, Similarity::Cosine})
    for (int n : {1, 4, 5})
      for (int heads : {1, 2})
        for (Mask mask : {Mask::None, Mask::Self})
          for (float temperature : {1.0f, 0.3f}) {
            AttentionOptions o;
            o.heads = heads;
            o.mask = mask;
            o.temperature = temperature;
            o.similarity = similarity;
            check_gradients(n, n, 8, o, std::uint32_t(300 + 10 * n + heads), true);
            ++checked;
          }
  REQUIRE(checked == 48);
}

TEST_CASE("cosine gradients stay finite and zero through a query or key of length zero", "[train]") {
  // W_Q with a zero column block: head 0's queries are all zero vectors, their cosines 0
  AttentionOptions o;
  o.heads = 2;
  o.similarity = Similarity::Cosine;
  const ref::DMatrix x = ref::to_double(input(4, 8, 21));
  LayerMaps<double> w = random_maps(8, 22);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 4; ++c) w.wq(r, c) = 0;
  LayerMaps<double> grads = al::train::zero_maps<double>(8);
  const ref::DMatrix g = ref::to_double(random_matrix(4, 8, 23));
  al::train::accumulate_gradients(x, x, w, forward(x, x, w, o), g, o, grads);
  for (double v : grads.wq.data) REQUIRE(std::isfinite(v));
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 4; ++c) REQUIRE(grads.wq(r, c) == 0.0);  // head 0's queries
  check_gradients(4, 4, 8, o, 24);                               // and the rest as usual
}

TEST_CASE("cross-attention gradients (queries and keys from different texts) match finite differences", "[train]") {
  AttentionOptions o;
  o.heads = 2;
  o.temperature = 0.7f;
  check_gradients(3, 5, 8, o, 7);
  check_gradients(5, 1, 4, o, 8);
}

TEST_CASE("the float backward equals the double backward within float rounding", "[train]") {
  struct Shape {
    int n, d, heads;
  };
  for (Similarity similarity : {Similarity::Dot, Similarity::Cosine})
    for (Shape s : {Shape{1, 4, 1}, Shape{5, 8, 2}, Shape{17, 20, 4}, Shape{12, 100, 4}, Shape{30, 100, 1}})
      for (Mask mask : {Mask::None, Mask::Causal, Mask::Self}) {
        AttentionOptions o;
        o.heads = s.heads;
        o.mask = mask;
        o.temperature = 1.3f;
        o.similarity = similarity;
        const Matrix x = input(s.n, s.d, std::uint32_t(s.n + s.d));
        const LayerMaps<double> wd = random_maps(s.d, std::uint32_t(s.d));
        const al::AttentionWeights wf = to_float(wd);
        const Matrix g = random_matrix(s.n, s.d, 5);

        al::train::Gradients gf = al::train::zero_maps<float>(s.d);
        al::train::accumulate_gradients(x, x, wf, al::attention_forward(x, x, wf, o), g, o, gf);
        LayerMaps<double> gd = al::train::zero_maps<double>(s.d);
        const ref::DMatrix xd = ref::to_double(x);
        al::train::accumulate_gradients(xd, xd, wd, forward(xd, xd, wd, o), ref::to_double(g), o, gd);
        INFO("n=" << s.n << " d=" << s.d << " heads=" << s.heads << " mask=" << al::to_string(mask) << " "
                  << al::to_string(similarity));
        REQUIRE_CLOSE(gf.wq, gd.wq, 1e-4);
        REQUIRE_CLOSE(gf.wk, gd.wk, 1e-4);
        REQUIRE_CLOSE(gf.wv, gd.wv, 1e-4);
        REQUIRE_CLOSE(gf.wo, gd.wo, 1e-4);
        // and for a loss on the weights
        const al::AttentionSteps steps = al::attention_forward(x, x, wf, o);
        std::vector<Matrix> gw;
        std::vector<ref::DMatrix> gwd;
        for (int h = 0; h < s.heads; ++h) {
          gw.push_back(random_matrix(s.n, s.n, std::uint32_t(40 + h)));
          gwd.push_back(ref::to_double(gw.back()));
        }
        gf = al::train::zero_maps<float>(s.d);
        gd = al::train::zero_maps<double>(s.d);
        al::train::accumulate_weight_gradients(x, x, steps, gw, o, gf);
        al::train::accumulate_weight_gradients(xd, xd, forward(xd, xd, wd, o), gwd, o, gd);
        REQUIRE_CLOSE(gf.wq, gd.wq, 1e-4);
        REQUIRE_CLOSE(gf.wk, gd.wk, 1e-4);
        REQUIRE(gf.wv.data == std::vector<float>(gf.wv.data.size(), 0.0f));
      }
}

TEST_CASE("gradients accumulate: two calls give twice one call", "[train]") {
  AttentionOptions o;
  o.heads = 2;
  const Matrix x = input(4, 8, 1);
  const al::AttentionWeights w = al::random_weights(8, 2);
  const Matrix g = random_matrix(4, 8, 3);
  const al::AttentionSteps steps = al::attention_forward(x, x, w, o);
  al::train::Gradients once = al::train::zero_maps<float>(8), twice = al::train::zero_maps<float>(8);
  al::train::accumulate_gradients(x, x, w, steps, g, o, once);
  al::train::accumulate_gradients(x, x, w, steps, g, o, twice);
  al::train::accumulate_gradients(x, x, w, steps, g, o, twice);
  for (std::size_t i = 0; i < once.wq.data.size(); ++i) REQUIRE(twice.wq.data[i] == 2 * once.wq.data[i]);
  REQUIRE(once.wq.data != std::vector<float>(once.wq.data.size(), 0.0f));
}

TEST_CASE("with a causal mask, a loss on the first position alone gives W_Q and W_K exactly zero gradient", "[train]") {
  // Row 0 sees only key 0: its weight is 1 whatever the scores, so scores get no gradient.
  const Matrix x = input(5, 8, 4);
  const al::AttentionWeights w = al::random_weights(8, 5);
  Matrix g(5, 8);
  for (int c = 0; c < 8; ++c) g(0, c) = 1.0f + float(c);
  for (Mask mask : {Mask::Causal, Mask::None}) {
    AttentionOptions o;
    o.mask = mask;
    al::train::Gradients grads = al::train::zero_maps<float>(8);
    al::train::accumulate_gradients(x, x, w, al::attention_forward(x, x, w, o), g, o, grads);
    const bool zero = grads.wq.data == std::vector<float>(64, 0.0f) && grads.wk.data == std::vector<float>(64, 0.0f);
    REQUIRE(zero == (mask == Mask::Causal));
    REQUIRE(grads.wv.data != std::vector<float>(64, 0.0f));
  }
}

TEST_CASE("the backward refuses inputs, steps or gradients of the wrong shape", "[train]") {
  AttentionOptions o;
  o.heads = 2;
  const Matrix x = input(3, 4, 1);
  const al::AttentionWeights w = al::random_weights(4, 1);
  const al::AttentionSteps steps = al::attention_forward(x, x, w, o);
  al::train::Gradients grads = al::train::zero_maps<float>(4);
  REQUIRE_THROWS_WITH(al::train::accumulate_gradients(x, x, w, steps, Matrix(2, 4), o, grads),
                      Catch::Matchers::Contains("dL/d(output) is 2×4, expected 3×4"));
  REQUIRE_THROWS_WITH(al::train::accumulate_weight_gradients(x, x, steps, {Matrix(3, 3)}, o, grads),
                      Catch::Matchers::Contains("one matrix per head"));
  REQUIRE_THROWS_WITH(al::train::accumulate_weight_gradients(x, x, steps, {Matrix(3, 3), Matrix(3, 2)}, o, grads),
                      Catch::Matchers::Contains("dL/d(weights) is 3×2, expected 3×3"));
  o.heads = 3;
  REQUIRE_THROWS_AS(al::train::validate_for_training(o, 4), al::OptionError);
}
