// Cosine or dot product: the seed article explains similarity as the cosine, the paper uses a
// scaled dot product. Both filters side by side, with the vector lengths that make them differ.
import { append, clear, h } from '../dom.js';
import { fmt, label } from '../format.js';
import { watch } from '../store.js';
import { smallMatrix } from './diff.js';

const NORMS_SHOWN = 16;

export const SIMILARITY_PANEL = { name: 'similarity', title: 'Cosine similarity or dot product?' };

// The panel's body, built into root (panel.js) when first needed.
export function similarityView(store, root) {
  const body = h('div', { class: 'similarity-body' });
  append(root, [
    h(
      'p',
      { class: 'hint' },
      'q·k = |q| |k| cos θ. The cosine only asks whether two vectors point the same way; ' +
        'the dot product also grows with their lengths, so long vectors get more attention.',
    ),
    body,
  ]);
  // asks for both filters (compute/explanations.js) when open on one text's result
  function render() {
    const { result, text, options, head, focus } = store.get();
    if (!root.open || !result || result.cross || result.tokens.length === 0) {
      store.set({ similarityAsk: null });
      clear(body);
      return;
    }
    const o = { ...options, maskedToken: -1 };
    store.set({ similarityAsk: { text, options: o, head, focus, rows: NORMS_SHOWN } });
  }

  function draw({ ask: { head }, error, tokens, i, j, dot: td, cos: tc, norms: lengths, dotWeights, cosWeights }) {
    if (error) return console.error(`attention-lens: ${error}`);
    clear(body);
    const norms = h(
      'table',
      { class: 'norms' },
      h('caption', {}, `Vector lengths in head ${head + 1}`),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'word'),
          h('th', { scope: 'col' }, '|q|'),
          h('th', { scope: 'col' }, '|k|'),
        ),
      ),
    );
    const rows = h('tbody');
    lengths.forEach((t, r) =>
      rows.append(
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, label(tokens[r])),
          h('td', {}, fmt(t.queryNorm, 3)),
          h('td', {}, fmt(t.keyNorm, 3)),
        ),
      ),
    );
    norms.append(rows);
    body.append(
      h(
        'div',
        { class: 'matrix-row' },
        smallMatrix('dot product (the paper)', dotWeights),
        smallMatrix('cosine (the seed article)', cosWeights),
        norms,
      ),
      h(
        'p',
        {
          class: 'similarity-cell',
          'data-dot': String(td.score),
          'data-cos': String(tc.score),
          'data-qn': String(td.queryNorm),
          'data-kn': String(td.keyNorm),
        },
        `“${tokens[i].text}” → “${tokens[j].text}”: dot product ${fmt(td.score, 3)} = |q| ${fmt(td.queryNorm, 3)} × |k| ${fmt(td.keyNorm, 3)} × cos ${fmt(tc.score, 4)}; ` +
          `weight ${fmt(td.weight, 4)} with the dot product, ${fmt(tc.weight, 4)} with the cosine.`,
      ),
    );
  }
  const stop = watch(store, ['result', 'head', 'focus'], render);
  const stopAnswers = store.subscribe(({ similarityAsk, similarityAnswer }, changed) => {
    if (changed.has('similarityAnswer') && similarityAnswer.ask === similarityAsk) draw(similarityAnswer);
  });
  root.addEventListener('toggle', render);
  return {
    destroy() {
      stop();
      stopAnswers();
    },
  };
}
