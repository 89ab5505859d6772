// Watch the picture layer learn: the image layer trains in a Web Worker as learned non-local
// means (its filter × V of noisy dead-leaves pictures, made by the core, against the clean ones),
// scored on the four built-in photos, which it never trains on. The loss curve, the held-out
// filter × V against identity weights (where it starts) and the noisy input, steps per second;
// pause, resume, reset with a seed; and the weights so far into the picture above.
import { IMAGE_TRAINING_DEFAULTS, IMAGE_TRAINING_SPECS } from '../../../lib/options.js';
import { h } from '../../dom.js';
import { fmt, fmtInt } from '../../format.js';
import { drawCurve } from '../../train/curve.js';
import { trainingControls } from '../../views/train-session.js';
import { patchCount } from '../sizes.js';

const values = (name) => IMAGE_TRAINING_SPECS.find((s) => s.name === name).values;
const { similarity, mask, temperature } = IMAGE_TRAINING_DEFAULTS;
const COMPARISON = `${similarity}, ${mask === 'self' ? 'the self mask' : `mask ${mask}`}, temperature ${temperature}`;
// what the panel suggests: enough steps to beat identity weights, and how long they took in
// Chromium on 2 cores (docs/IMAGES.md; tests/browser/image-train.test.mjs runs them)
const SUGGESTED_STEPS = 300;
const SUGGESTED_TIME = 'about 15 seconds in Chromium on 2 cores';

export function imageTrainView(store) {
  let ready = null; // the 'ready' event: the held-out pictures and the baselines' scores
  const { controls, status, curve, destroy } = trainingControls(store, 'imageTraining', {
    id: 'image-train',
    // up to 12 heads (d_k 4); patch 8 (784 patches) trains about 10 times slower than 16
    selects: [
      { key: 'heads', label: 'Heads', values: values('heads').filter((n) => n <= 12) },
      { key: 'patch', label: 'Patch', values: values('patch'), text: (p) => `${p} px (${patchCount(p)})` },
    ],
    defaults: IMAGE_TRAINING_DEFAULTS,
    start: ({ heads, patch }) => ({ kind: 'image', heads, patch }),
    target: 'picture',
    statusClass: 'image-train-status',
    startingText: 'Making the training pictures and decoding the photos…',
    lossDigits: 4,
    curveLabel: 'Training loss (blue) and the held-out filter × V in dB (orange), with identity weights’ dashed',
    onEvent,
  });
  const heldOut = h('p', { class: 'train-held-out' });
  const root = h(
    'details',
    { class: 'explain image-train', 'data-suggested-steps': SUGGESTED_STEPS },
    h('summary', {}, h('h2', {}, 'Watch the picture layer learn')),
    h(
      'p',
      { class: 'hint' },
      'The layer learns what the picture above shows: noise is added to every pixel, and its filter × V, the ' +
        'attention weights blending the noisy patches, should give back the clean picture (learned non-local ' +
        'means). It trains on seeded “dead leaves” pictures (overlapping disks of random colours, made here) and is ' +
        `scored on the four built-in photos with fixed noise, which it never trains on. It starts from identity ` +
        `weights, the non-local means filter, compares patches as the picture does (${COMPARISON}), and its ` +
        'learning rate falls over 1,000 steps, as in the shipped preset’s training. ' +
        `Give it ${fmtInt(SUGGESTED_STEPS)} steps (${SUGGESTED_TIME}): by then its filter × V beats identity weights’ ` +
        'on the held-out photos. The dashed line is identity weights’ score: what to beat.',
    ),
    controls,
    status,
    h(
      'figure',
      { class: 'small-matrix curve' },
      curve,
      h(
        'figcaption',
        {},
        'over the steps (log scale): the training loss, filter × V’s mean squared error (blue, left), and the held-out filter × V in dB (orange, right); dashed: identity weights’',
      ),
    ),
    heldOut,
  );

  // the held-out filter × V (dB) on the right axis, zoomed to it and identity's
  const redraw = ({ losses, evals }) => {
    const identity = ready?.baselines.identity.psnr;
    const psnrs = [...evals.map((e) => e.psnr), ...(identity === undefined ? [] : [identity])];
    drawCurve(curve, losses, evals, {
      value: (e) => e.psnr,
      range: () => (psnrs.length ? { lo: Math.min(...psnrs) - 0.1, hi: Math.max(...psnrs) + 0.1 } : { lo: 0, hi: 1 }),
      label: (v) => v.toFixed(1),
      lines: identity === undefined ? [] : [{ value: identity, label: 'identity' }],
    });
  };

  function describe(e, evals) {
    const b = ready.baselines,
      first = evals[0],
      gain = e.psnr - b.identity.psnr;
    heldOut.textContent =
      `Held out (${ready.pictures.join(', ')}; ${ready.copies} noisy copies): filter × V ${fmt(e.psnr, 2)} dB at ` +
      `step ${fmtInt(e.steps)}, ${gain >= 0 ? '+' : '−'}${fmt(Math.abs(gain), 2)} dB against identity weights ` +
      `(${fmt(b.identity.psnr, 2)} dB, step 0: ${fmt(first.psnr, 2)} dB); the noisy input ${fmt(b.noisyInput.psnr, 2)} ` +
      `dB, the mean patch ${fmt(b.meanPatch.psnr, 2)} dB.`;
    Object.assign(heldOut.dataset, {
      steps: String(e.steps),
      psnr: String(e.psnr),
      firstPsnr: String(first.psnr),
      identity: String(b.identity.psnr),
      noisyInput: String(b.noisyInput.psnr),
    });
  }

  function onEvent(data, run) {
    if (data.type === 'ready') {
      ready = data;
      status.textContent = `Training on ${fmtInt(data.trainingViews)} dead-leaves pictures; ${data.heldOut} photos held out.`;
    } else if (data.type === 'progress') {
      status.dataset.loss = String(data.loss);
      redraw(run);
    } else if (data.type === 'eval') {
      describe(data, run.evals);
      redraw(run);
    }
  }

  return { root, destroy };
}
