// Encoder and decoder, the seed article's translation example: reading "Hi, How are you?", the
// decoder writes "I am fine". Each output word attends to itself and the output words before it
// (causal self-attention: lens.analyze(output, mask causal)) and to the input's words
// (cross-attention: lens.crossAnalyze(output, input)), both computed by compute/explanations.js
// for the view's ask; a chosen output word's cross-attention is the search analogy: its query,
// the input words as results ranked by weight, the answer (and its nearest words, the store's
// encoderDecoderNear for the chosen encoderDecoderRow).
import { append, clear, h, uniqueId } from '../dom.js';
import { fmt, percent } from '../format.js';
import { watch } from '../store.js';
import { openOnRequest } from './requested.js';
import { weightGrid } from './weight-grid.js';
import { vocabularyNote } from '../vocabulary.js';

export const ENCODER_DECODER = 'encoder-decoder'; // its name in the store's `explain` (and ?explain=)
export const ENCODER_DECODER_PANEL = { name: ENCODER_DECODER, title: 'Encoder and decoder' };
export const ENCODER_DECODER_SELECTOR = 'details.encoder-decoder';
const INPUT = 'Hi, How are you?',
  OUTPUT = 'I am fine';

// The search analogy for output word i: its query, the input words ranked, the answer (near:
// its nearest words, or null while the vocabulary loads).
function searchFor(d, i, near, vocabulary) {
  const m = d.inputTokens.length,
    row = (s) => s.data.subarray(i * m, (i + 1) * m);
  const weights = row(d.cross),
    scores = row(d.scores);
  const order = [...weights.keys()].sort((a, b) => weights[b] - weights[a] || scores[b] - scores[a]);
  const word = d.outputTokens[i].text;
  const results = h('ol', { class: 'results', 'aria-label': `Search results for “${word}”: the input words` });
  for (const j of order) {
    const fill = h('span', { class: 'bar' });
    fill.style.width = percent(weights[j]);
    results.append(
      h(
        'li',
        { class: 'result', 'data-key': j, 'data-weight': String(weights[j]) },
        h('span', { class: 'title' }, d.inputTokens[j].text),
        h('span', { class: 'numbers' }, `score ${fmt(scores[j], 2)} → weight ${percent(weights[j])}`),
        h('span', { class: 'bar-track', 'aria-hidden': 'true' }, fill),
      ),
    );
  }
  return h(
    'div',
    { class: 'ed-search', 'data-query': i },
    h('h3', {}, `“${word}” searches the input`),
    h(
      'div',
      { class: 'search-box' },
      h('span', { class: 'magnifier', 'aria-hidden': 'true' }, '⌕'),
      h('input', { type: 'search', readOnly: true, value: word, 'aria-label': 'The query: the chosen output word' }),
    ),
    results,
    h(
      'p',
      { class: 'about' },
      !near
        ? vocabularyNote(vocabulary)
        : near.length
          ? `The answer, the input words’ values blended by these weights, is about: ${near.map((w) => w.word).join(', ')}.`
          : 'The answer is the zero vector: it is about nothing.',
    ),
  );
}

// The panel's body, built into root (panel.js) when first needed.
export function encoderDecoderView(store, root) {
  const inId = uniqueId('ed-in'),
    outId = uniqueId('ed-out');
  const input = h('input', { id: inId, type: 'text', value: INPUT, oninput: () => render() });
  const output = h('input', { id: outId, type: 'text', value: OUTPUT, oninput: () => render() });
  const body = h('div', { class: 'ed-body', 'aria-live': 'polite' });
  const search = h('div', { class: 'ed-search-slot' });
  append(root, [
    h(
      'p',
      { class: 'hint' },
      'A translation model has two parts: the encoder reads the input sentence, the decoder writes the output one ' +
        'word at a time. Each output word looks back at the output written so far (causal self-attention: no word ' +
        'may look ahead at words not yet written) and at every input word (cross-attention: its query searches the ' +
        'input’s keys). Both are this page’s attention layer with your options; it is not trained to translate.',
    ),
    h(
      'div',
      { class: 'ed-fields' },
      h('label', { for: inId }, 'Input sentence (the encoder reads it)'),
      input,
      h('label', { for: outId }, 'Output so far (the decoder writes it)'),
      output,
    ),
    body,
    search,
  ]);
  const request = openOnRequest(store, root, ENCODER_DECODER);
  let data = null; // the answer drawn

  // the chosen output word (the store's encoderDecoderRow) and its search
  function choose(i) {
    body.querySelectorAll('.choose').forEach((b) => b.setAttribute('aria-pressed', String(Number(b.value) === i)));
    store.set({ encoderDecoderRow: i });
    drawSearch(store.get());
  }
  function drawSearch({ encoderDecoderAnswer: answer, encoderDecoderRow: i, encoderDecoderNear: near, vocabulary }) {
    if (!data || answer !== data) return;
    const words = near?.answer === answer && near.row === i ? near.words : null;
    clear(search).append(searchFor(data, i, words, vocabulary));
  }

  // asks for the two analyses of the fields (compute/explanations.js) when open
  function render() {
    const { options, head } = store.get();
    if (!root.open) return;
    if (!input.value.trim() || !output.value.trim()) {
      store.set({ encoderDecoderAsk: null });
      clear(body).append(h('p', {}, 'Type an input sentence and an output.'));
      clear(search);
      return;
    }
    const o = { ...options, maskedToken: -1 };
    store.set({ encoderDecoderAsk: { output: output.value, input: input.value, options: o, head } });
  }

  // the answer to the latest ask: both grids, and the chosen word's search
  function draw(answer) {
    if (answer.error) {
      data = null;
      clear(body).append(h('p', { class: 'error' }, answer.error));
      clear(search);
      return;
    }
    data = answer;
    const n = data.outputTokens.length;
    if (n === 0 || data.inputTokens.length === 0) {
      data = null;
      clear(body).append(h('p', {}, 'The input or the output has no words.'));
      clear(search);
      return;
    }
    const heads = data.heads > 1 ? `, head ${data.head + 1} of ${data.heads}` : '';
    clear(body).append(
      h(
        'div',
        { class: 'ed-grids' },
        weightGrid({
          className: 'ed-self',
          caption: `The decoder looks back: causal self-attention${heads}`,
          rows: data.outputTokens,
          cols: data.outputTokens,
          weights: data.self,
          masked: (i, j) => data.selfMask.data[i * data.selfMask.cols + j] === 1,
          onChoose: choose,
        }),
        weightGrid({
          className: 'ed-cross',
          caption: `The decoder looks at the input: cross-attention${heads}`,
          rows: data.outputTokens,
          cols: data.inputTokens,
          weights: data.cross,
          onChoose: choose,
        }),
      ),
      h('p', { class: 'hint' }, 'Choose an output word (its row) to see its search of the input.'),
    );
    choose(Math.min(store.get().encoderDecoderRow ?? 0, n - 1));
    request.drawn();
  }

  const stop = watch(store, ['options', 'head'], () => render());
  const stopAnswers = store.subscribe((state, changed) => {
    const answer = state.encoderDecoderAnswer;
    if (changed.has('encoderDecoderAnswer') && answer?.ask === state.encoderDecoderAsk) draw(answer);
    else if (changed.has('encoderDecoderNear') || changed.has('vocabulary')) drawSearch(state);
  });
  const onToggle = () => render();
  root.addEventListener('toggle', onToggle);
  return {
    destroy() {
      stop();
      stopAnswers();
      request.destroy();
      root.removeEventListener('toggle', onToggle);
    },
  };
}

// For the tour: opens this explanation and scrolls to it once drawn (the same as
// store.set({ explain: ENCODER_DECODER }), or the tour's own step with ENCODER_DECODER_SELECTOR).
export function openEncoderDecoder(store) {
  store.set({ explain: ENCODER_DECODER });
}
