// Adam against a two-step example computed by hand, and its first-step property.
#include <cmath>

#include "compare.h"
#include "core/errors.h"
#include "core/train/adam.h"

using al::Matrix;
using al::train::Adam;
using al::train::Gradients;
using Catch::Matchers::WithinAbs;

namespace {

Matrix filled(int d, float v) {
  Matrix m(d, d);
  for (float& x : m.data) x = v;
  return m;
}

al::AttentionWeights weights_of(int d, float v) {
  return {d, filled(d, v), filled(d, v), filled(d, v), filled(d, v), "test", {}};
}
Gradients gradients_of(int d, float v) { return {filled(d, v), filled(d, v), filled(d, v), filled(d, v)}; }

}  // namespace

TEST_CASE("two Adam steps on one weight give the hand-computed moments and values", "[train]") {
  // lr 0.1, w0 = 1, g1 = 0.5, g2 = -0.25, β1 0.9, β2 0.999, ε 1e-8:
  //   step 1: m = 0.1·0.5 = 0.05          v = 0.001·0.25 = 2.5e-4
  //           m̂ = 0.05 / 0.1 = 0.5         v̂ = 2.5e-4 / 0.001 = 0.25
  //           w = 1 − 0.1 · 0.5 / (0.5 + 1e-8) = 0.900000002
  //   step 2: m = 0.9·0.05 + 0.1·(−0.25) = 0.02      v = 0.999·2.5e-4 + 0.001·0.0625 = 3.1225e-4
  //           m̂ = 0.02 / (1 − 0.81) = 0.105263158    v̂ = 3.1225e-4 / (1 − 0.998001) = 0.156203102
  //           w = 0.900000002 − 0.1 · 0.105263158 / (0.395225381 + 1e-8) = 0.873366299
  Adam adam(1, {0.1f});
  al::AttentionWeights w = weights_of(1, 1.0f);
  adam.step(w, gradients_of(1, 0.5f));
  REQUIRE(adam.steps() == 1);
  CHECK_THAT(adam.first_moment().wq.data[0], Catch::Matchers::WithinRel(0.05f, 1e-6f));
  CHECK_THAT(adam.second_moment().wq.data[0], Catch::Matchers::WithinRel(2.5e-4f, 1e-6f));
  CHECK_THAT(w.wq.data[0], Catch::Matchers::WithinAbs(0.900000002, 1e-6));
  adam.step(w, gradients_of(1, -0.25f));
  REQUIRE(adam.steps() == 2);
  CHECK_THAT(adam.first_moment().wk.data[0], Catch::Matchers::WithinRel(0.02f, 1e-5f));
  CHECK_THAT(adam.second_moment().wk.data[0], Catch::Matchers::WithinRel(3.1225e-4f, 1e-6f));
  for (const Matrix* m : {&w.wq, &w.wk, &w.wv, &w.wo})
    REQUIRE_THAT(m->data[0], Catch::Matchers::WithinAbs(0.873366299, 1e-6));
}

TEST_CASE("Adam's first step moves every weight by the learning rate against its gradient's sign", "[train]") {
  // m̂ / √v̂ = g / |g| at t = 1: the step is lr whatever the gradient's size; zero gradients stay put.
  const int d = 4;
  al::AttentionWeights w = weights_of(d, 0.5f);
  Gradients g = gradients_of(d, 0.0f);
  const Matrix signs = al::test::random_matrix(d, d, 9, -3, 3);
  for (int i = 0; i < d * d; ++i) g.wv.data[std::size_t(i)] = i % 5 == 0 ? 0.0f : signs.data[std::size_t(i)] * 1e-3f;
  g.wo.data[3] = 1e4f;
  Adam adam(d, {0.01f});
  adam.step(w, g);
  for (int i = 0; i < d * d; ++i) {
    const float gi = g.wv.data[std::size_t(i)];
    const float want = gi == 0 ? 0.5f : gi > 0 ? 0.49f : 0.51f;
    REQUIRE_THAT(w.wv.data[std::size_t(i)], Catch::Matchers::WithinAbs(want, 1e-6));
  }
  REQUIRE_THAT(w.wo.data[3], Catch::Matchers::WithinAbs(0.49, 1e-6));
  REQUIRE(w.wq.data == filled(d, 0.5f).data);
}

TEST_CASE("Adam refuses a learning rate that is not a positive number, and gradients of another size", "[train]") {
  REQUIRE_THROWS_AS(Adam(4, {0.0f}), al::OptionError);
  REQUIRE_THROWS_AS(Adam(4, {-1e-3f}), al::OptionError);
  REQUIRE_THROWS_AS(Adam(4, {NAN}), al::OptionError);
  Adam adam(4, {1e-3f});
  al::AttentionWeights w = weights_of(3, 0.0f);
  REQUIRE_THROWS_AS(adam.step(w, gradients_of(3, 1.0f)), al::OptionError);
}

TEST_CASE("a new learning rate applies from the next step on", "[train]") {
  al::AttentionWeights a = weights_of(1, 1.0f), b = weights_of(1, 1.0f);
  Adam fast(1, {0.1f}), slow(1, {0.1f});
  slow.set_learning_rate(0.01f);
  fast.step(a, gradients_of(1, 0.5f));
  slow.step(b, gradients_of(1, 0.5f));
  // first step: w moves by the learning rate (m̂ / √v̂ = 1)
  REQUIRE_THAT(a.wq.data[0], WithinAbs(0.9, 1e-6));
  REQUIRE_THAT(b.wq.data[0], WithinAbs(0.99, 1e-6));
  REQUIRE_THROWS_AS(slow.set_learning_rate(0.0f), al::OptionError);
}
