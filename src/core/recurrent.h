// Why attention: how much each word of a text can still move the last position, through a small
// recurrent network (the sequence model attention replaced) and through one attention step.
//
// The recurrent network is an Elman RNN over the same input X (n × d: embeddings + positional
// encoding) that the attention layer gets, in double:
//   h_0 = 0,   h_t = tanh(W_h h_{t−1} + W_x x_t)   (t = 1..n; H = kRecurrentHidden units)
// with seeded weights: W_x (H × d) Gaussian with variance 1/d; W_h = ρ·Q with Q a random
// orthogonal matrix (the Q of a Gaussian matrix's QR factorization), so every singular value of
// W_h is ρ = kRecurrentRadius < 1: W_h shrinks every direction alike, by ρ, and no direction
// shrinks faster than the radius says (a Gaussian W_h scaled to the same radius would).
//
// Word j's influence on the last state is the Jacobian ∂h_n/∂x_j (H × d), by the chain rule
//   ∂h_n/∂x_j = D_n W_h · D_{n−1} W_h ··· D_{j+1} W_h · D_j W_x,   D_t = diag(1 − h_t²)
// (backpropagation through time, exact), measured by its Frobenius norm: the root of the sum of
// squares of its H·d entries, how far h_n moves per unit change of x_j over all directions.
// Since 0 < 1 − h² ≤ 1, every step back multiplies the spectral norm by at most ρ:
//   ‖∂h_n/∂x_j‖₂ ≤ ρ^(n−j) · ‖W_x‖₂   (and ‖·‖_F ≤ √H · ‖·‖₂),
// so an early word's influence fades geometrically with its distance from the end (the tanh's
// slope, below 1, makes it fade faster still: about ×0.6 a step on GloVe sentences).
//
// Attention's direct influence of word j on the last position is the last query row's weight
// on key j, averaged over the heads: how much of v_j the last position's context takes, in one
// step whatever the distance (the weight itself, not a Jacobian through the softmax).
#pragma once
#include <cstdint>
#include <vector>

#include "core/analyze.h"
#include "core/dmatrix.h"

namespace al {

constexpr int kRecurrentHidden = 32;      // H: hidden units
constexpr double kRecurrentRadius = 0.9;  // every singular value of W_h

struct RecurrentNet {
  DMatrix w_h, w_x;  // H × H and H × d
};

// Seeded weights for d-dimensional inputs (core/random.h), W_h = kRecurrentRadius · orthogonal.
RecurrentNet recurrent_net(int dims, std::uint64_t seed);

// The largest singular value of m, by power iteration on mᵀm from the all-ones vector until it
// settles (at once for W_h, orthogonal times ρ; the tests hold it to an SVD's,
// reference::spectral_norm). Not the SVD itself: its code would double the module's Eigen.
double spectral_norm(const DMatrix& m);

// h_n for the input x (n × d); zeros for n = 0.
std::vector<double> recurrent_last_state(const DMatrix& x, const RecurrentNet& net);

// ∂h_n/∂x_j for every word j (n matrices, H × d each): for the tests.
std::vector<DMatrix> recurrent_jacobians(const DMatrix& x, const RecurrentNet& net);

// ‖∂h_n/∂x_j‖_F for every word j, without forming the Jacobians: with A_j = ∂h_n/∂(pre-activation
// at step j) (H × H), ‖A_j W_x‖_F² = Σ (A_j G) ∘ A_j where G = W_x W_xᵀ, so each step costs H³.
// Once A_j is below 1e−280 entrywise the earlier words' norms are left at 0 (in both functions):
// next to the last word's norm, of order 1, no share could show them.
std::vector<double> recurrent_influence(const DMatrix& x, const RecurrentNet& net);

struct InfluenceStudy {
  int hidden = 0;
  double radius = 0;                    // W_h's largest singular value
  std::vector<double> recurrent;        // ‖∂h_n/∂x_j‖_F per word j
  std::vector<double> recurrent_share;  // recurrent / Σ recurrent: sums to 1
  std::vector<double> attention_share;  // weights(n−1, j), mean over heads, / its sum: sums to 1
  int first_half = 0;                   // ⌊n/2⌋: the words counted as the first half
  double recurrent_first_half = 0;      // Σ of the first half's recurrent shares
  double attention_first_half = 0;      // and of their attention shares
};

// Both influences on a self-attention analysis (its input X and its weights), with the network
// seeded by seed. Shares are all 0 when their sum is 0. Throws OptionError for cross-attention
// (the keys would be another text's).
InfluenceStudy study_influence(const Analysis& a, std::uint64_t seed);

}  // namespace al
