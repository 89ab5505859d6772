// The backward pass of the attention layer (attention.h): the gradients of a scalar loss L with
// respect to W_Q, W_K, W_V and W_O, given dL/d(output), or dL/d(weights) for a loss on the
// attention weights themselves, and the forward's kept intermediates.
// Row-vector convention (Q = X·W_Q, every W is d_model × d_model, head h = columns h·d_k..):
//   dW_O  (d × d)     = Cᵀ · dOut                      C = context, dOut = dL/d(output)
//   dC    (n_q × d)   = dOut · W_Oᵀ
//   per head h, P = weights (n_q × n_k), α = 1 / divisor (score_divisor: 1 / (√d_k · T) for
//   dot products, kCosineScale / T for cosines, 1 / T without scaling):
//     dP    (n_q × n_k) = dC_h · V_hᵀ                   (or given: a loss on the weights)
//     dV_h  (n_k × d_k) = Pᵀ · dC_h
//     dS_ij = α · P_ij · (dP_ij − Σ_k P_ik · dP_ik)      softmax backward, one row at a time;
//                                                      masked keys have P_ij = 0: no gradient
//     dot:    dQ_h (n_q × d_k) = dS · K_h        dK_h (n_k × d_k) = dSᵀ · Q_h
//     cosine: S_ij = q̂_i · k̂_j with q̂ = q / |q|, k̂ = k / |k| (rows of Q_h, K_h), so
//             dQ̂ = dS · K̂,  dK̂ = dSᵀ · Q̂, and through the normalisation
//             dq_i = (dq̂_i − (q̂_i · dq̂_i) q̂_i) / |q_i|   (the same for k; 0 for a zero vector,
//             whose cosines are the constant 0; the forward's clamp to [−1, 1] only corrects
//             rounding and is not differentiated)
//   dW_Q = Xqᵀ · dQ      dW_K = Xkvᵀ · dK      dW_V = Xkvᵀ · dV
// The same code runs in float (training) and in double (checked against finite differences):
// a template on the scalar type, over al::Matrix or al::DMatrix storage.
#pragma once
#include <type_traits>
#include <vector>

#include "core/attention.h"
#include "core/dmatrix.h"

namespace al::train {

// Row-major storage for one scalar type: al::Matrix (float) or al::DMatrix (double).
template <typename T>
using MatrixOf = std::conditional_t<std::is_same_v<T, float>, Matrix, DMatrix>;

// The layer's four maps, or a loss's gradients with respect to them (each d_model × d_model).
template <typename T>
struct LayerMaps {
  MatrixOf<T> wq, wk, wv, wo;
};
using Gradients = LayerMaps<float>;

// Four d × d zero matrices.
template <typename T>
LayerMaps<T> zero_maps(int d_model);

// Throws OptionError when the options are invalid.
void validate_for_training(const AttentionOptions& options, int d_model);

// Adds dL/dW (for each of the four maps) to `grads`, so that a batch accumulates.
// xq, xkv: the forward's inputs; steps: its intermediates (query, key, value, weights, context);
// d_output: dL/d(output), n_q × d_model.
void accumulate_gradients(const Matrix& xq, const Matrix& xkv, const AttentionWeights& w, const AttentionSteps& steps,
                          const Matrix& d_output, const AttentionOptions& options, Gradients& grads);
// The double twin takes its steps from a forward in double (the tests' reference.h).
void accumulate_gradients(const DMatrix& xq, const DMatrix& xkv, const LayerMaps<double>& w, const DSteps& steps,
                          const DMatrix& d_output, const AttentionOptions& options, LayerMaps<double>& grads);

// Adds dL/dW_Q and dL/dW_K for a loss on the attention weights: d_weights[h] = dL/dP_h
// (n_q × n_k, one per head). The weights do not depend on W_V and W_O: their gradients stay.
void accumulate_weight_gradients(const Matrix& xq, const Matrix& xkv, const AttentionSteps& steps,
                                 const std::vector<Matrix>& d_weights, const AttentionOptions& options,
                                 Gradients& grads);
void accumulate_weight_gradients(const DMatrix& xq, const DMatrix& xkv, const DSteps& steps,
                                 const std::vector<DMatrix>& d_weights, const AttentionOptions& options,
                                 LayerMaps<double>& grads);

}  // namespace al::train
