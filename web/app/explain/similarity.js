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
  let token = 0;

  async function render() {
    const { lens, result, text, options, head, focus } = store.get();
    const mine = ++token;
    if (!root.open || !lens || !result || result.cross || result.tokens.length === 0) {
      clear(body);
      return;
    }
    const o = { ...options, maskedToken: -1 };
    const [dot, cos] = await Promise.all([
      lens.analyze(text, { ...o, similarity: 'dot' }),
      lens.analyze(text, { ...o, similarity: 'cosine' }),
    ]);
    try {
      if (mine !== token) return;
      clear(body);
      const n = dot.tokens.length,
        i = Math.min(focus.i, n - 1),
        j = Math.min(focus.j, n - 1);
      const td = dot.traceCell(head, i, j),
        tc = cos.traceCell(head, i, j);
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
      for (let r = 0; r < Math.min(n, NORMS_SHOWN); r++) {
        const t = dot.traceCell(head, r, r);
        rows.append(
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, label(dot.tokens[r])),
            h('td', {}, fmt(t.queryNorm, 3)),
            h('td', {}, fmt(t.keyNorm, 3)),
          ),
        );
      }
      norms.append(rows);
      body.append(
        h(
          'div',
          { class: 'matrix-row' },
          smallMatrix('dot product (the paper)', dot.step('weights', head)),
          smallMatrix('cosine (the seed article)', cos.step('weights', head)),
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
          `“${dot.tokens[i].text}” → “${dot.tokens[j].text}”: dot product ${fmt(td.score, 3)} = |q| ${fmt(td.queryNorm, 3)} × |k| ${fmt(td.keyNorm, 3)} × cos ${fmt(tc.score, 4)}; ` +
            `weight ${fmt(td.weight, 4)} with the dot product, ${fmt(tc.weight, 4)} with the cosine.`,
        ),
      );
    } finally {
      dot.dispose();
      cos.dispose();
    }
  }
  const stop = watch(store, ['result', 'head', 'focus'], render);
  root.addEventListener('toggle', render);
  return { destroy: stop };
}
