// Watch the picture layer learn: the image layer trains in a Web Worker on restoring noisy
// patches (the core's seeded dead-leaves pictures), scored on the four built-in photos, which it
// never trains on. The loss curve, the held-out loss against identity weights (where it starts)
// and the noisy input, steps per second; pause, resume, reset with a seed; and the weights so
// far into the picture above.
import { IMAGE_TRAINING_DEFAULTS, IMAGE_TRAINING_SPECS } from '../../../lib/options.js';
import { h, uniqueId } from '../../dom.js';
import { fmt } from '../../format.js';
import { drawLossCurve } from '../../train/curve.js';
import { trainingSession } from '../../train/session.js';
import { trainedImageOptions } from '../trained.js';

const values = (name) => IMAGE_TRAINING_SPECS.find((s) => s.name === name).values;
const steps = (n) => n.toLocaleString('en-US');

export function imageTrainView(store) {
  const headsId = uniqueId('image-train-heads'),
    patchId = uniqueId('image-train-patch'),
    seedId = uniqueId('image-train-seed');
  const select = (id, list, value, label) => {
    const el = h(
      'select',
      { id },
      list.map((n) => h('option', { value: n }, label(n))),
    );
    el.value = String(value);
    return el;
  };
  // up to 12 heads (d_k 4); patch 8 (784 patches) trains about 10 times slower than 16
  const heads = select(
    headsId,
    values('heads').filter((n) => n <= 12),
    IMAGE_TRAINING_DEFAULTS.heads,
    String,
  );
  const patch = select(patchId, values('patch'), IMAGE_TRAINING_DEFAULTS.patch, (p) => `${p} px (${(224 / p) ** 2})`);
  const seed = h('input', {
    id: seedId,
    type: 'number',
    min: 0,
    step: 1,
    value: IMAGE_TRAINING_DEFAULTS.seed,
    size: 6,
  });
  const startButton = h('button', { type: 'button', class: 'primary', onclick: () => session.toggle() }, 'Train');
  const resetButton = h('button', { type: 'button', disabled: true, onclick: () => session.reset() }, 'Reset');
  const apply = h(
    'button',
    { type: 'button', disabled: true, onclick: () => session.post({ type: 'weights' }) },
    'Use these weights in the picture above',
  );
  const status = h('p', { class: 'image-train-status', 'aria-live': 'polite' }, 'Not started.');
  const curve = h('canvas', {
    role: 'img',
    'aria-label': 'Training loss (blue) and held-out loss (orange), with identity weights and the noisy input dashed',
  });
  const heldOut = h('p', { class: 'train-held-out' });
  const root = h(
    'details',
    { class: 'explain image-train' },
    h('summary', {}, h('h2', {}, 'Watch the picture layer learn')),
    h(
      'p',
      { class: 'hint' },
      'The layer learns to restore noisy patches: noise is added to every pixel, and the output at each patch ' +
        'should be that patch’s clean token vector. It trains on seeded “dead leaves” pictures (overlapping disks ' +
        'of random colours, made here) and is scored on the four built-in photos with fixed noise, which it never ' +
        'trains on. It starts from identity weights, the non-local means filter, and its learning rate falls over ' +
        '1,000 steps, as in the shipped preset’s training; the dashed lines are what to beat.',
    ),
    h(
      'div',
      { class: 'train-controls' },
      h('label', { for: headsId }, 'Heads'),
      heads,
      h('label', { for: patchId }, 'Patch'),
      patch,
      h('label', { for: seedId }, 'Seed'),
      seed,
      startButton,
      resetButton,
      apply,
    ),
    status,
    h(
      'figure',
      { class: 'small-matrix curve' },
      curve,
      h(
        'figcaption',
        {},
        'training loss (blue) and held-out loss (orange) over the steps (log scale); dashed: identity weights and the noisy input',
      ),
    ),
    heldOut,
  );

  let lines = [],
    ready = null;
  const session = trainingSession({
    status,
    startButton,
    resetButton,
    seed,
    start: () => {
      heads.disabled = true;
      patch.disabled = true;
      return { kind: 'image', heads: Number(heads.value), patch: Number(patch.value) };
    },
    startingText: 'Making the training pictures and decoding the photos…',
    onMessage,
  });
  const redraw = () => drawLossCurve(curve, session.losses, session.evals, lines);

  function describe(e) {
    const b = ready.baselines,
      first = session.evals[0];
    heldOut.textContent =
      `Held out (${ready.pictures.join(', ')}; ${ready.copies} noisy copies): loss ${fmt(e.loss, 4)} at step ` +
      `${steps(e.steps)} (step 0: ${fmt(first.loss, 4)}); identity weights ${fmt(b.identity.loss, 4)}, the noisy ` +
      `input ${fmt(b.noisyInput.loss, 4)}, the mean patch ${fmt(b.meanPatch.loss, 4)}. Decoded: ${fmt(e.psnr, 2)} dB ` +
      `(the noisy input ${fmt(b.noisyInput.psnr, 2)} dB); filter × V: ${fmt(e.filterTimesVPsnr, 2)} dB ` +
      `(identity ${fmt(b.identity.filterTimesVPsnr, 2)} dB).`;
    Object.assign(heldOut.dataset, {
      steps: String(e.steps),
      loss: String(e.loss),
      firstLoss: String(first.loss),
      identity: String(b.identity.loss),
      noisyInput: String(b.noisyInput.loss),
    });
  }

  function onMessage(data) {
    if (data.type === 'ready') {
      ready = data;
      lines = [
        { loss: data.baselines.identity.loss, label: 'identity' },
        { loss: data.baselines.noisyInput.loss, label: 'noisy input' },
      ];
      status.textContent = `Training on ${steps(data.trainingViews)} dead-leaves pictures; ${data.heldOut} photos held out.`;
    } else if (data.type === 'progress') {
      status.textContent =
        `Step ${steps(data.steps)} (epoch ${data.epochs + 1}): loss ${fmt(data.loss, 4)}, ` +
        `${Math.round(data.stepsPerSecond)} steps/s.`;
      status.dataset.steps = String(data.steps);
      status.dataset.stepsPerSecond = String(data.stepsPerSecond);
      status.dataset.loss = String(data.loss);
      apply.disabled = false;
      redraw();
    } else if (data.type === 'eval') {
      session.evals.push({ steps: data.steps, loss: data.loss });
      describe(data);
      redraw();
    } else if (data.type === 'weights') {
      // the page's lens takes them as the image layer's "trained" weights; the picture above shows them
      store.get().lens.setTrainedImageWeights(data.bytes);
      const source = { steps: data.steps, heads: data.heads, patch: data.patch, positional: data.positional };
      store.set({
        trainedImageSource: source,
        imageOptions: { ...store.get().imageOptions, ...trainedImageOptions(source) },
      });
      status.textContent = `The picture above now uses the weights of step ${steps(data.steps)}.`;
    }
  }

  return {
    root,
    destroy: () => session.destroy(),
  };
}
