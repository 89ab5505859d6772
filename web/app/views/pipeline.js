// The pipeline, step by step: each stage a small labelled matrix with its shape, collapsible; the
// whole closed at first (a stage is drawn only when it is open and on screen).
import { SIGNED_COLORS, WEIGHT_COLORS } from '../colors.js';
import { h, setHidden, setText } from '../dom.js';
import { SCHEMA } from '../../lib/generated/schema.js';
import { paintMatrix } from '../draw.js';
import { scaledFormula, scaledText, weightsFormula } from '../scaling-words.js';
import { watch } from '../store.js';
import { STEP_COMPARES } from '../step-compares.js';
import { stepCompare } from './step-compare.js';
import { tokenChipsView } from './tokens.js';
import { askWaves, wavesNote, wavesOrRows } from './waves.js';

// [step, title, formula, what it is, per head?, the weight matrix drawn beside it]
const STAGES = [
  [
    'embeddings',
    '2. Word embeddings: a lookup table',
    'E = GloVe[token]',
    `Each token’s row of GloVe’s table: ${SCHEMA.wordVectorDims} numbers learned from how words co-occur. Unknown tokens get zeros; “I”, “a” and the digits, which the vectors lack, take a stand-in’s (step 1 names it).`,
  ],
  [
    'centered',
    '3. Remove the shared direction',
    'E′ = (E − μ) − Σₖ (uₖ·(E − μ)) uₖ',
    'GloVe’s vectors all lean one way, frequent words most, so under a dot product “the” is similar to everything; taking out the vocabulary’s mean μ and its top few directions uₖ leaves what sets each word apart.',
  ],
  [
    'positional',
    '4. Positional encoding',
    'PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(…)',
    'Sine and cosine waves of falling frequency, one row per position: without them attention cannot tell word order.',
  ],
  [
    'input',
    '5. × √d_model, + position: the input to the layer',
    'X = E′ + α·PE, α = 1/√d_model',
    'The paper multiplies the word vectors by √d_model before adding the positions (“Attention Is All You Need”, §3.4), so that positions nudge the words and do not drown them; here the positions are divided by √d_model instead: the same mix, with the scores kept at GloVe’s scale.',
  ],
  [
    'query',
    '6. Queries',
    'Q = X·W_Q',
    'What each word is looking for. With heads, each head uses its own d_k columns.',
    true,
    'wq',
  ],
  ['key', '6. Keys', 'K = X·W_K', 'What each word offers to be found by.', true, 'wk'],
  ['value', '6. Values', 'V = X·W_V', 'What each word hands over when it is found.', true, 'wv'],
  ['scores', '7. Scores', 'S = Q·Kᵀ', 'How well each query matches each key (dot product or cosine).', true],
  [
    'scaled',
    '8. Scaled scores',
    'S / (√d_k · T)',
    'Divided by √d_k (and the temperature T) so that the softmax does not saturate.',
    true,
  ],
  [
    'weights',
    '9. Attention filter',
    'softmax(S / √d_k)',
    'Each row turned into weights between 0 and 1 that add up to 1.',
    true,
  ],
  [
    'context',
    '10. Weighted values',
    'context = weights · V',
    'Each word’s blend of the values, by its weights; heads side by side.',
    true,
  ],
  [
    'output',
    '11. Output layer',
    'output = context · W_O',
    `The heads’ results mixed back into ${SCHEMA.wordVectorDims} numbers per word by one more linear layer, W_O (drawn on the right).`,
    false,
    'wo',
  ],
];

// The text mode's stages and how to read its state; the image mode passes its own.
const TEXT = {
  stages: STAGES,
  keys: ['result', 'head', 'wavesAnswer'],
  read: ({ result, head }) => ({ result, head, rows: result?.tokens.length ?? 0 }),
};

// a stage's labels: a token's text, or a patch's place in the grid
// (a row past the text's words: the positional encoding's waves are drawn over more positions)
const rowName = (result, i) => (result.tokens ? (result.tokens[i]?.text ?? `position ${i}`) : `patch ${i + 1}`);
const LABELS_UP_TO = 40; // rows: beyond, the labels would not be legible

export function pipelineView(store, { stages: stageList, keys, read, className = 'pipeline', tokens = true } = TEXT) {
  const chips = tokens ? tokenChipsView(store) : null;
  const root = h(
    'details',
    { class: className, part: 'pipeline', 'aria-label': 'The pipeline, step by step' },
    h('summary', {}, h('h2', {}, 'Step by step')),
    tokens
      ? h(
          'details',
          { class: 'stage', open: true, 'data-step': 'tokens' },
          h('summary', {}, h('span', { class: 'stage-title' }, '1. Tokens'), ' ', h('code', {}, 'text → tokens')),
          h(
            'p',
            {},
            'The text cut into words, numbers, punctuation and emoji; each is a row of every matrix below. Click a ' +
              'token to make it the query.',
          ),
          chips.root,
        )
      : null,
  );
  const stages = stageList.map(([step, title, formula, text, perHead, weightName]) => {
    const canvas = h('canvas', { role: 'img', 'aria-label': `${title}: drawn when this step is on screen` });
    const labels = h('div', { class: 'stage-labels', 'aria-hidden': 'true' });
    const legend = h('span', { class: 'stage-legend' });
    const weight = weightName
      ? h('canvas', {
          role: 'img',
          class: 'weight-matrix',
          'aria-label': `${weightName}: drawn when this step is on screen`,
        })
      : null;
    const weightCaption = weightName ? h('figcaption') : null;
    const shape = h('span', { class: 'shape' });
    const hover = h('p', { class: 'stage-hover', 'aria-live': 'polite' });
    const formulaText = h('code', {}, formula),
      about = h('p', {}, text);
    // the step's before/after on the reader's sentence (text mode only: its stages name them)
    const compares = (stageList === STAGES ? (STEP_COMPARES[step] ?? []) : []).map((c) => stepCompare(store, c));
    const details = h(
      'details',
      { class: 'stage', open: true, 'data-step': step },
      h('summary', {}, h('span', { class: 'stage-title' }, title), ' ', formulaText, ' ', shape),
      about,
      h(
        'div',
        { class: 'stage-matrices' },
        h(
          'figure',
          { class: 'stage-figure' },
          h('div', { class: 'stage-plot' }, labels, canvas),
          h('figcaption', {}, legend),
        ),
        weight ? h('figure', { class: 'stage-figure' }, weight, weightCaption) : null,
      ),
      hover,
      compares.map((c) => c.root),
    );
    root.append(details);
    const stage = {
      step,
      perHead,
      canvas,
      labels,
      legend,
      shape,
      details,
      title,
      formulaText,
      about,
      weight,
      weightCaption,
      weightName,
      hover,
      compares,
    };
    // the value under the pointer, with its row's word and its column
    canvas.addEventListener('mousemove', (e) => {
      const { result, head } = read(store.get());
      if (!result || !stage.size) return;
      const r = canvas.getBoundingClientRect();
      const i = Math.floor(((e.clientY - r.top) / r.height) * stage.size.rows),
        j = Math.floor(((e.clientX - r.left) / r.width) * stage.size.cols);
      if (i < 0 || j < 0 || i >= stage.size.rows || j >= stage.size.cols) return;
      const m = stage.waves ?? (perHead ? result.view(step, head) : result.view(step));
      const square = ['scores', 'scaled', 'weights'].includes(step);
      const column = square
        ? `key “${rowName({ tokens: result.cross ? result.documentTokens : result.tokens }, j)}”`
        : `column ${j + 1}`;
      hover.textContent = `“${rowName(result, i)}”, ${column}: ${m.data[i * m.cols + j].toFixed(4)}`;
    });
    canvas.addEventListener('mouseleave', () => {
      hover.textContent = '';
    });
    return stage;
  });

  function render(state) {
    const { result, head, rows: n } = read(state);
    setHidden(root, !n);
    if (!n) return;
    for (const s of stages) {
      // the scaling as these options do it: ÷ √d_k for dot products, × the cosine scale for cosines
      if (s.step === 'scaled') {
        setText(s.formulaText, scaledFormula(result.options));
        setText(s.about, scaledText(result.options));
      } else if (s.step === 'weights') setText(s.formulaText, weightsFormula(result.options));
      // a stage out of view (or closed) is painted when it comes into view, not on every keystroke
      s.stale = !(root.open && s.details.open && s.inView);
      for (const c of s.compares) c.render(state, !s.stale);
      const waves = s.step === 'positional' && stageList === STAGES; // the text's: more positions than words
      if (waves) askWaves(store, state, !s.stale);
      if (s.stale) continue;
      const isWeights = s.step === 'weights';
      // the cells the core's mask hid (the weights), asked before the view: a call into the lens
      // may grow its memory, which detaches a view taken before it
      const mask = isWeights ? result.maskTable() : null;
      const m = (waves && wavesOrRows(state)) || (s.perHead ? result.view(s.step, head) : result.view(s.step)); // painted at once
      const square = ['scores', 'scaled', 'weights'].includes(s.step); // query × key matrices
      // at most 320 px each way: a long text is drawn at the resolution shown
      const cell = Math.min(square ? 14 : 6, 320 / Math.max(m.cols, 1));
      const rowHeight = square ? cell : Math.min(12, 320 / Math.max(m.rows, 1));
      const height = Math.max(4, m.rows * rowHeight);
      const { hi: extent } = paintMatrix(
        s.canvas,
        m,
        isWeights ? WEIGHT_COLORS : SIGNED_COLORS,
        isWeights ? 0 : null,
        isWeights ? 1 : null,
        { width: cell * m.cols, height, mask },
      );
      s.size = { rows: m.rows, cols: m.cols };
      s.waves = waves && m.rows > result.tokens.length ? m : null; // the waves' table, for the hover
      // the rows' words beside the matrix, when each row is tall enough to read
      const labelled = m.rows <= LABELS_UP_TO && rowHeight >= 9;
      s.labels.replaceChildren(
        ...(labelled ? Array.from({ length: m.rows }, (_, i) => h('span', {}, rowName(result, i))) : []),
      );
      s.labels.style.setProperty('--row', `${rowHeight}px`);
      s.legend.textContent = isWeights
        ? `weights from 0 (dark) to 1 (yellow)${mask.data.includes(1) ? '; grey: masked (exactly 0)' : ''}`
        : extent > 0
          ? `blue −${extent.toFixed(2)} · white 0 · red +${extent.toFixed(2)}; hover for the values` +
            (s.waves ? wavesNote(result.tokens.length, m.rows) : '')
          : 'all 0 (white)';
      const headNote = s.perHead && result.heads > 1 ? ` (head ${head + 1} of ${result.heads})` : '';
      s.shape.textContent = `${m.rows} × ${m.cols}${headNote}`;
      s.canvas.setAttribute(
        'aria-label',
        `${s.title}: a ${m.rows} by ${m.cols} matrix${headNote}, values from ${(-extent).toFixed(2)} to ${extent.toFixed(2)}`,
      );
      if (s.weight) {
        const w = result.view(s.weightName);
        const { hi: wExtent } = paintMatrix(s.weight, w, SIGNED_COLORS, null, null, { width: 150, height: 150 });
        s.weight.setAttribute(
          'aria-label',
          `${s.weightName.toUpperCase().replace('W', 'W_')}: the ${w.rows} by ${w.cols} weight matrix (${result.options.weights})`,
        );
        s.weight.title = `W_${s.weightName[1].toUpperCase()} (${w.rows} × ${w.cols}, ${result.options.weights} weights)`;
        s.weightCaption.textContent =
          `W_${s.weightName[1].toUpperCase()}: ${w.rows} × ${w.cols}, ${result.options.weights}; ` +
          (wExtent > 0 ? `blue −${wExtent.toFixed(2)} · white 0 · red +${wExtent.toFixed(2)}` : 'all 0 (white)');
      }
    }
  }
  const stop = watch(store, keys, render);
  // closed stages are not painted; one opened later is painted then
  root.addEventListener(
    'toggle',
    (e) => {
      if (e.target.open) render(store.get());
    },
    true,
  );
  // which stages are on screen (or near it): a stage scrolled into view while stale is painted then
  const seen = new IntersectionObserver(
    (entries) => {
      let repaint = false;
      for (const e of entries) {
        const stage = stages.find((s) => s.details === e.target);
        stage.inView = e.isIntersecting;
        repaint ||= stage.inView && stage.stale;
      }
      if (repaint) render(store.get());
    },
    { rootMargin: '200px' },
  );
  for (const s of stages) seen.observe(s.details);
  return {
    root,
    destroy: () => {
      stop();
      seen.disconnect();
      chips?.destroy();
      for (const s of stages) for (const c of s.compares) c.destroy();
    },
  };
}
