#include <cmath>
#include <string>

#include "compare.h"
#include "core/bytes.h"
#include "core/errors.h"
#include "core/weights.h"

using Catch::Matchers::Contains;

TEST_CASE("identity weights are the identity matrix for all four maps", "[weights]") {
  const al::AttentionWeights w = al::identity_weights(5);
  for (const al::Matrix* m : {&w.wq, &w.wk, &w.wv, &w.wo})
    for (int i = 0; i < 5; ++i)
      for (int j = 0; j < 5; ++j) REQUIRE((*m)(i, j) == (i == j ? 1.0f : 0.0f));
}

TEST_CASE("random weights follow Xavier/Glorot uniform and depend only on the seed", "[weights]") {
  const al::AttentionWeights a = al::random_weights(100, 42), b = al::random_weights(100, 42),
                             c = al::random_weights(100, 43);
  REQUIRE(a.wq.data == b.wq.data);
  REQUIRE(a.wo.data == b.wo.data);
  REQUIRE(a.wq.data != c.wq.data);
  REQUIRE(a.wq.data != a.wk.data);
  const double limit = std::sqrt(6.0 / 200.0);
  double sum = 0, sum_sq = 0;
  for (float v : a.wq.data) {
    REQUIRE(std::abs(v) <= limit);
    sum += v;
    sum_sq += double(v) * v;
  }
  const double mean = sum / 10000, var = sum_sq / 10000 - mean * mean;
  REQUIRE(std::abs(mean) < 0.01);
  REQUIRE_THAT(var, Catch::Matchers::WithinRel(limit * limit / 3, 0.05));  // Var U(-a, a) = a²/3
}

TEST_CASE("the first random weights of seed 0 are fixed across platforms", "[weights]") {
  // splitmix64(0) -> 0xe220a8397b1dcdaf: the top 24 bits give u = 0xe220a8 / 2^24
  const double u = double(0xe220a8) / 16777216.0;
  REQUIRE_THAT(al::random_weights(100, 0).wq.data[0],
               Catch::Matchers::WithinAbs((2 * u - 1) * std::sqrt(6.0 / 200.0), 1e-7));
}

TEST_CASE("trained weights round-trip through their file format", "[weights]") {
  al::AttentionWeights w = al::random_weights(6, 9);
  const al::AttentionWeights back = al::parse_weights(al::serialize_weights(w), "t.bin");
  REQUIRE(back.preset == "trained");
  REQUIRE(back.d_model == 6);
  REQUIRE(back.wq.data == w.wq.data);
  REQUIRE(back.wk.data == w.wk.data);
  REQUIRE(back.wv.data == w.wv.data);
  REQUIRE(back.wo.data == w.wo.data);
}

TEST_CASE("a wrong or truncated weights file is refused with a clear message", "[weights]") {
  const std::string good = al::serialize_weights(al::identity_weights(4));
  REQUIRE_THROWS_WITH(al::parse_weights(good.substr(0, good.size() - 1), "w.bin"),
                      Contains("weights file 'w.bin'") && Contains("expected"));
  REQUIRE_THROWS_WITH(al::parse_weights("ALWT", "w.bin"), Contains("truncated"));
  std::string bad = good;
  bad[0] = 'X';
  REQUIRE_THROWS_WITH(al::parse_weights(bad, "w.bin"), Contains("wrong magic"));
  std::string nan = good;
  for (int i = 0; i < 4; ++i) nan[16 + i] = char(0xff);  // W_Q's first value: a NaN bit pattern
  REQUIRE_THROWS_WITH(al::parse_weights(nan, "w.bin"), Contains("outside [-1e4, 1e4]"));
}

TEST_CASE("trained weights carry the options they were trained with; version 1 files still read", "[weights]") {
  al::AttentionWeights w = al::random_weights(4, 3);
  w.trained_with = {{"heads", "2"}, {"similarity", "cosine"}};
  const std::string file = al::serialize_weights(w);
  REQUIRE(file.size() == 16 + 28 + 4 * 4 * 16);  // "heads=2\nsimilarity=cosine\n" is 26 bytes, padded to 28
  const al::AttentionWeights back = al::parse_weights(file, "t.bin");
  REQUIRE(back.trained_with == w.trained_with);
  REQUIRE(back.wo.data == w.wo.data);

  // version 1: no options, the matrices right after d_model
  std::string v1 = "ALWT";
  for (std::uint32_t v : {1u, 4u}) al::append_u32_le(v1, v);
  v1 += file.substr(16 + 28);
  const al::AttentionWeights old = al::parse_weights(v1, "v1.bin");
  REQUIRE(old.trained_with.empty());
  REQUIRE(old.wq.data == w.wq.data);

  auto with_options = [&](std::string text) {
    std::string f = "ALWT";
    for (std::uint32_t v : {2u, 4u, std::uint32_t(text.size())}) al::append_u32_le(f, v);
    text.resize((text.size() + 3) & ~std::size_t(3), '\0');
    return f + text + file.substr(16 + 28);
  };
  REQUIRE(al::parse_weights(with_options(""), "none.bin").trained_with.empty());
  for (const char* bad : {"heads", "=2\n", "heads=2", "heads=\x01\n"})
    REQUIRE_THROWS_WITH(al::parse_weights(with_options(bad), "w.bin"), Contains("name=value"));
  std::string huge = file;
  huge[13] = char(0xff);  // the options' length: 26 + 0xff00 bytes
  REQUIRE_THROWS_WITH(al::parse_weights(huge, "w.bin"), Contains("implausible options length"));
}
