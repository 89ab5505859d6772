#include "core/train/layer_update.h"

#include <algorithm>
#include <utility>

namespace al::train {

void zero_gradients(Gradients& g) {
  for (Matrix* m : {&g.wq, &g.wk, &g.wv, &g.wo}) std::fill(m->data.begin(), m->data.end(), 0.0f);
}

void update_layer(Adam& adam, PreparedWeights& w, const Gradients& g, float rate, int decay_steps) {
  adam.set_learning_rate(decayed_rate(rate, decay_steps, adam.steps()));
  adam.step(w.weights, g);
  w = prepare(std::move(w.weights));  // prepare() packs the maps: again after each update
}

}  // namespace al::train
