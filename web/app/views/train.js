// Watch attention learn: training runs in a Web Worker (the page stays responsive; the compute
// layer runs it: compute/training.js); the loss curve, the held-out accuracy and the filter of
// your sentence update as it learns, from random weights to trained ones. Pause, resume, reset
// with a seed.
import { TRAINING_DEFAULTS, TRAINING_SPECS } from '../../lib/options.js';
import { WEIGHT_COLORS } from '../colors.js';
import { append, h, uniqueId } from '../dom.js';
import { paintMatrix } from '../draw.js';
import { weightLegend } from '../legend.js';
import { fmt, percent } from '../format.js';
import { drawCurve, drawEmptyCurve } from '../train/curve.js';
import { followTraining } from './train-session.js';

export const TRAIN_PANEL = { name: 'train', title: 'Watch attention learn' };

// The panel's body, built into root (explain/panel.js) when first opened: its empty chart is
// drawn then, not on the first screen.
export function trainView(store, root) {
  const headsId = uniqueId('train-heads'),
    seedId = uniqueId('train-seed');
  // up to 20 heads: more make d_k so small that training in a page has little to show
  const headCounts = TRAINING_SPECS.find((s) => s.name === 'heads').values.filter((n) => n <= 20);
  const heads = h(
    'select',
    { id: headsId },
    headCounts.map((n) => h('option', { value: n }, String(n))),
  );
  heads.value = String(TRAINING_DEFAULTS.heads);
  const seed = h('input', { id: seedId, type: 'number', min: 0, step: 1, value: TRAINING_DEFAULTS.seed, size: 6 });
  const ask = (a) => store.set({ trainingAsk: a });
  const startButton = h(
    'button',
    {
      type: 'button',
      class: 'primary',
      onclick: () =>
        ask({
          type: 'toggle',
          fields: { seed: Number(seed.value) || 0, heads: Number(heads.value), sentence: store.get().text },
        }),
    },
    'Train',
  );
  const resetButton = h(
    'button',
    { type: 'button', disabled: true, onclick: () => ask({ type: 'reset', seed: Number(seed.value) || 0 }) },
    'Reset',
  );
  const status = h('p', { class: 'train-status', 'aria-live': 'polite' }, 'Not started.');
  const curve = h('canvas', {
    role: 'img',
    'aria-label': 'Training loss (blue) and held-out top-10 accuracy (orange)',
  });
  drawEmptyCurve(curve); // its frame and step axis, at its size, before training starts
  const filterCanvas = h('canvas', {
    role: 'img',
    class: 'train-filter',
    'aria-label': 'Attention weights of your sentence, head 1: drawn once training starts',
    hidden: true, // until the first weights come
  });
  const filterCaption = h('figcaption');
  const filterLabels = h('div', { class: 'stage-labels', 'aria-hidden': 'true' });
  // the weights trained so far, in the filter above (the worker sends them when asked)
  const apply = h(
    'button',
    { type: 'button', disabled: true, onclick: () => ask({ type: 'weights' }) },
    'Use these weights in the filter above',
  );
  const accuracy = h('p', { class: 'train-accuracy' });
  append(root, [
    h(
      'p',
      { class: 'hint' },
      '“At first, the weights are more or less random numbers; once training is done they take on more ' +
        'meaningful values.” Here the layer learns to fill in a hidden word of WordNet’s example sentences: the output at the ' +
        'hidden place should point to the word’s GloVe vector. Training runs in the background; your sentence’s filter ' +
        '(head 1) follows it.',
    ),
    h(
      'div',
      { class: 'train-controls' },
      h('label', { for: headsId }, 'Heads'),
      heads,
      h('label', { for: seedId }, 'Seed'),
      seed,
      startButton,
      resetButton,
      apply,
    ),
    status,
    h(
      'div',
      { class: 'matrix-row' },
      h(
        'figure',
        { class: 'small-matrix curve' },
        curve,
        h('figcaption', {}, 'loss (blue, left) and held-out top-10 (orange, right) over the steps (log scale)'),
      ),
      h(
        'figure',
        { class: 'small-matrix train-mini' },
        h('div', { class: 'stage-plot' }, filterLabels, filterCanvas),
        filterCaption,
        weightLegend(''),
      ),
    ),
    accuracy,
  ]);

  let vocabulary = 0;
  const stop = followTraining(store, 'training', {
    status,
    startButton,
    resetButton,
    startingText: 'Loading the corpus and the word vectors…',
    onStart: () => (heads.disabled = true),
    onEvent,
  });

  function onEvent(data, { losses, evals }) {
    if (data.type === 'ready') {
      vocabulary = data.vocabulary;
      status.textContent = `Training on ${data.train.toLocaleString('en-US')} sentences; ${data.heldOut.toLocaleString('en-US')} held out.`;
    } else if (data.type === 'progress') {
      status.textContent =
        `Step ${data.steps.toLocaleString('en-US')} (epoch ${data.epochs + 1}): loss ${fmt(data.loss, 3)}, ` +
        `${Math.round(data.stepsPerSecond)} steps/s.`;
      status.dataset.steps = String(data.steps);
      status.dataset.stepsPerSecond = String(data.stepsPerSecond);
      apply.disabled = false;
      drawCurve(curve, losses, evals);
    } else if (data.type === 'eval') {
      accuracy.textContent =
        `Held-out sentences, hidden word in the top 10 of ${vocabulary.toLocaleString('en-US')} words: ` +
        `${percent(data.top10)} at step ${data.steps.toLocaleString('en-US')} (first: ${percent(evals[0].top10)}).`;
      accuracy.dataset.top10 = String(data.top10);
      accuracy.dataset.firstTop10 = String(evals[0].top10);
      drawCurve(curve, losses, evals);
    } else if (data.type === 'filter') {
      const n = Math.max(data.rows, data.cols),
        cell = Math.max(2, Math.min(24, 160 / n));
      filterCanvas.hidden = false;
      paintMatrix(filterCanvas, { data: data.weights, rows: data.rows, cols: data.cols }, WEIGHT_COLORS, 0, 1, {
        width: cell * data.cols,
        height: cell * data.rows,
      });
      filterCaption.textContent = `your sentence after ${data.steps.toLocaleString('en-US')} steps`;
      filterLabels.style.setProperty('--row', `${cell}px`);
      filterLabels.replaceChildren(...(cell >= 9 ? data.tokens.map((t) => h('span', {}, t)) : []));
      filterCanvas.setAttribute(
        'aria-label',
        `Attention weights of your sentence, head 1, after ${data.steps} training steps`,
      );
      filterCanvas.dataset.steps = String(data.steps);
    } else if (data.type === 'weights') {
      // the page's lens took them as its "trained" weights, and the filter above shows them
      status.textContent = `The filter above now uses the weights of step ${data.steps.toLocaleString('en-US')}.`;
    }
  }

  return { destroy: stop };
}
