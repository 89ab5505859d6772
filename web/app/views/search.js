// The search-engine analogy, bound to the same numbers as the heatmap: the selected word's
// query is what you type, the keys are the result titles ranked by score, the values are their
// contents, and the answer is the weighted blend of the contents.
import { maxAbs, signedScale } from '../colors.js';
import { clear, h } from '../dom.js';
import { paintMatrix } from '../draw.js';
import { fmt, percent } from '../format.js';
import { watch } from '../store.js';

const SHOWN = 12;

function strip(vector, extent) {
  const c = h('canvas', { class: 'strip', 'aria-hidden': 'true' });
  paintMatrix(c, { data: vector, rows: 1, cols: vector.length }, signedScale(extent), -extent, extent, { width: 160, height: 12 });
  return c;
}

export function searchView(store) {
  const box = h('input', { type: 'search', readOnly: true, 'aria-label': 'The query: the selected word' });
  const results = h('ol', { class: 'results', 'aria-label': 'Search results: the keys, ranked by score' });
  const more = h('p', { class: 'more' });
  const answerStrip = h('div', { class: 'answer-strip' });
  const about = h('p', { class: 'about' });
  const caption = h('p', { class: 'caption' },
    'The query is what you type in the search box. The keys are the result titles: the similarity of query and ' +
    'key is how well they match (the score). The softmax turns the scores into weights that add up to 1, and the ' +
    'values are the contents: the answer is the contents blended by the weights.');
  const root = h('section', { class: 'search', 'aria-label': 'Attention as a search engine' },
    h('h2', {}, 'Attention as a search engine'), caption,
    h('div', { class: 'search-box' }, h('span', { class: 'magnifier', 'aria-hidden': 'true' }, '⌕'), box),
    results, more,
    h('h3', {}, 'The answer: Σ weight × value'), answerStrip, about);

  const stop = watch(store, ['result', 'query', 'head', 'lens'], ({ result, query, head, lens }) => {
    clear(results);
    clear(answerStrip);
    const n = result?.tokens.length ?? 0;
    root.hidden = n === 0;
    if (n === 0) return;
    const { dK, tokens } = result;
    const scores = result.step('scores', head).data, scaled = result.step('scaled', head).data;
    const weights = result.step('weights', head).data;
    const values = result.step('value', head), context = result.step('context', head);
    box.value = tokens[query].text;
    const order = Array.from({ length: n }, (_, j) => j)
      .sort((a, b) => weights[query * n + b] - weights[query * n + a] || scores[query * n + b] - scores[query * n + a]);
    const extent = maxAbs(values.data);
    for (const j of order.slice(0, SHOWN)) {
      const k = query * n + j, masked = result.options.mask === 'causal' && j > query;
      const bar = h('span', { class: 'bar' });
      bar.style.width = percent(weights[k]);
      results.append(h('li', { class: `result${masked ? ' masked' : ''}`, 'data-key': j, 'data-weight': weights[k] },
        h('span', { class: 'title' }, tokens[j].text, j === query ? h('span', { class: 'self' }, ' (itself)') : null),
        h('span', { class: 'numbers' }, masked ? 'masked: after the query'
          : `score ${fmt(scores[k], 2)} → scaled ${fmt(scaled[k], 2)} → weight ${percent(weights[k])}`),
        h('span', { class: 'bar-track', 'aria-hidden': 'true' }, bar),
        h('span', { class: 'content' }, h('span', { class: 'content-label' }, 'value'),
          strip(values.data.subarray(j * dK, (j + 1) * dK), extent))));
    }
    more.textContent = n > SHOWN ? `… and ${n - SHOWN} more results with smaller weights.` : '';
    answerStrip.append(strip(context.data.subarray(query * dK, (query + 1) * dK), maxAbs(context.data) || extent));
    const full = result.step('context').data.subarray(query * 100, (query + 1) * 100);
    const near = lens.nearestWords(full, 5);
    about.textContent = near.length
      ? `What the answer is about (the nearest GloVe words to the context vector of all heads): ${near.map((w) => `${w.word} (${fmt(w.similarity, 2)})`).join(', ')}.` +
        (result.options.weights === 'identity' ? '' : ' With these weights the values are projections, so the nearest words mean less.')
      : 'The answer is the zero vector: it is about nothing.';
  });
  return { root, destroy: stop };
}
