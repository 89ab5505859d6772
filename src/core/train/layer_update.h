// The update both trainers of the attention layer (trainer.h, image_trainer.h) make of a
// mini-batch: its gradients start at zero and the batch adds into them; then Adam steps at the
// schedule's rate and the weights are prepared (packed) again for the next forward.
//   zero_gradients(grads);             // before the batch
//   ... accumulate_gradients(..., grads) for each example
//   update_layer(adam, prepared, grads, options.learning_rate, options.decay_steps);
#pragma once
#include "core/attention.h"
#include "core/train/adam.h"
#include "core/train/backward.h"

namespace al::train {

// The trainers' schedule: a rate falling linearly from `rate` at step 1 to 0.1% of it at step
// decay_steps and staying there; decay_steps = 0 keeps it constant. steps_done: updates so far.
inline float decayed_rate(float rate, int decay_steps, int steps_done) {
  if (decay_steps <= 0) return rate;
  const double left = 1.0 - double(steps_done) / decay_steps;
  return float(rate * (left > 1e-3 ? left : 1e-3));
}

// Sets the four maps of g to zero, keeping their sizes.
void zero_gradients(Gradients& g);

// One update of the weights w from the batch's gradients g: Adam's rate for this step from the
// schedule (decayed_rate of rate over decay_steps), Adam's step, and w prepared again.
void update_layer(Adam& adam, PreparedWeights& w, const Gradients& g, float rate, int decay_steps);

}  // namespace al::train
