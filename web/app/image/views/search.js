// The search-engine analogy for pictures, bound to the same numbers: the query patch is what
// you type in the search box, the key patches are the results ranked by their weights (score →
// scaled → weight), and the answer is their pixels blended by the weights.
import { h, syncChildren } from '../../dom.js';
import { fmt, percent } from '../../format.js';
import { watch } from '../../store.js';
import { paintPatch } from '../paint.js';

const SHOWN = 8;

function resultItem() {
  return h(
    'li',
    { class: 'result image-result' },
    h('canvas', { class: 'thumb', 'aria-hidden': 'true' }),
    h('button', { type: 'button', class: 'title link-like' }),
    h('span', { class: 'numbers' }),
    h('span', { class: 'bar-track', 'aria-hidden': 'true' }, h('span', { class: 'bar' })),
  );
}

export function imageSearchView(store) {
  const query = h('canvas', { class: 'thumb', role: 'img', 'aria-label': 'The query patch' });
  const results = h('ol', {
    class: 'image-results',
    'aria-label': 'Search results: the key patches, ranked by weight',
  });
  const answer = h('canvas', { class: 'thumb', role: 'img', 'aria-label': 'The answer: the blended patch' });
  const note = h('p', { class: 'caption' });
  const root = h(
    'section',
    { class: 'image-search panel', 'aria-label': 'Attention as a search engine, on the picture' },
    h('h2', {}, 'Attention as a search engine'),
    h(
      'p',
      { class: 'caption' },
      'The query patch is what you type in the search box; each key patch is a result, ranked by how well it ' +
        'matches; the answer is the results’ contents (their pixels) blended by the weights.',
    ),
    h('div', { class: 'image-search-box' }, h('span', { class: 'magnifier', 'aria-hidden': 'true' }, '⌕'), query),
    results,
    note,
    h('h3', {}, 'The answer: Σ weight × patch'),
    answer,
  );

  const stop = watch(store, ['imageResult', 'patch'], ({ imageResult: r, patch }) => {
    root.hidden = !r;
    if (!r) return;
    const { count: n, patch: p, side } = r.grid,
      q = Math.min(patch, n - 1),
      values = p * p * 3;
    const pixels = r.view('pixels').data;
    const patchPixels = (k) => pixels.subarray(k * values, (k + 1) * values);
    paintPatch(query, patchPixels(q), p, 48);
    const weights = r.view('blendWeights').data.slice(q * n, (q + 1) * n);
    // one head's scores show how the weights came about; the mean of several heads has none
    const head = r.heads === 1 ? 0 : r.options.blendHead;
    const scores = head >= 0 ? r.view('scores', head).data.slice(q * n, (q + 1) * n) : null;
    const scaled = head >= 0 ? r.view('scaled', head).data.slice(q * n, (q + 1) * n) : null;
    // cosines of look-alike patches differ in the third decimal, which × 10 / T makes count
    const digits = r.options.similarity === 'cosine' ? 3 : 2;
    const order = Array.from({ length: n }, (_, j) => j).sort((a, b) => weights[b] - weights[a]);
    const shown = order.slice(0, SHOWN);
    syncChildren(results, shown.length, resultItem, (li, i) => {
      const j = shown[i];
      const [thumb, title, numbers, track] = li.children;
      paintPatch(thumb, patchPixels(j), p, 32);
      title.textContent = `row ${Math.floor(j / side) + 1}, column ${(j % side) + 1}${j === q ? ' (itself)' : ''}`;
      numbers.textContent = scores
        ? `score ${fmt(scores[j], digits)} → scaled ${fmt(scaled[j], 2)} → weight ${percent(weights[j])}`
        : `weight ${percent(weights[j])} (the mean of the heads)`;
      track.firstChild.style.width = percent(weights[j]);
      title.onclick = () => store.set({ patch: j, patchChosen: true }); // this result becomes the query
      title.title = 'Make this patch the query';
      li.dataset.key = String(j);
      li.dataset.weight = String(weights[j]);
    });
    note.textContent = `… and ${n - SHOWN} more patches with smaller weights.`;
    paintPatch(answer, r.view('blended').data.subarray(q * values, (q + 1) * values), p, 48);
  });
  return { root, destroy: stop };
}
