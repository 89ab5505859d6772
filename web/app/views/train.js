// Watch attention learn: training runs in a Web Worker (the page stays responsive; the compute
// layer runs it: compute/training.js); the loss curve, the held-out accuracy and the filter of
// your sentence update as it learns, from random weights to trained ones. Pause, resume, reset
// with a seed.
import { TRAINING_DEFAULTS, TRAINING_SPECS } from '../../lib/options.js';
import { WEIGHT_COLORS } from '../colors.js';
import { append, h } from '../dom.js';
import { paintMatrix } from '../draw.js';
import { weightLegend } from '../legend.js';
import { fmtInt, percent } from '../format.js';
import { drawCurve } from '../train/curve.js';
import { trainingControls } from './train-session.js';

export const TRAIN_PANEL = { name: 'train', title: 'Watch attention learn' };
// up to 20 heads: more make d_k so small that training in a page has little to show
const HEAD_COUNTS = TRAINING_SPECS.find((s) => s.name === 'heads').values.filter((n) => n <= 20);

// The panel's body, built into root (explain/panel.js) when first opened: its empty chart is
// drawn then, not on the first screen.
export function trainView(store, root) {
  let vocabulary = 0; // the words the held-out accuracy ranks (from the 'ready' event)
  const { controls, status, curve, destroy } = trainingControls(store, 'training', {
    id: 'train',
    selects: [{ key: 'heads', label: 'Heads', values: HEAD_COUNTS }],
    defaults: TRAINING_DEFAULTS,
    start: ({ heads }) => ({ heads, sentence: store.get().text }),
    target: 'filter',
    statusClass: 'train-status',
    startingText: 'Loading the corpus and the word vectors…',
    lossDigits: 3,
    curveLabel: 'Training loss (blue) and held-out top-10 accuracy (orange)',
    onEvent,
  });
  const filterCanvas = h('canvas', {
    role: 'img',
    class: 'train-filter',
    'aria-label': 'Attention weights of your sentence, head 1: drawn once training starts',
    hidden: true, // until the first weights come
  });
  const filterCaption = h('figcaption');
  const filterLabels = h('div', { class: 'stage-labels', 'aria-hidden': 'true' });
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
    controls,
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

  function onEvent(data, { losses, evals }) {
    if (data.type === 'ready') {
      vocabulary = data.vocabulary;
      status.textContent = `Training on ${fmtInt(data.train)} sentences; ${fmtInt(data.heldOut)} held out.`;
    } else if (data.type === 'progress') drawCurve(curve, losses, evals);
    else if (data.type === 'eval') {
      accuracy.textContent =
        `Held-out sentences, hidden word in the top 10 of ${fmtInt(vocabulary)} words: ` +
        `${percent(data.top10)} at step ${fmtInt(data.steps)} (first: ${percent(evals[0].top10)}).`;
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
      filterCaption.textContent = `your sentence after ${fmtInt(data.steps)} steps`;
      filterLabels.style.setProperty('--row', `${cell}px`);
      filterLabels.replaceChildren(...(cell >= 9 ? data.tokens.map((t) => h('span', {}, t)) : []));
      filterCanvas.setAttribute(
        'aria-label',
        `Attention weights of your sentence, head 1, after ${data.steps} training steps`,
      );
      filterCanvas.dataset.steps = String(data.steps);
    }
  }

  return { destroy };
}
