// Filter × V as pictures. The article: "when we would have multiplied the attention filter with
// the value matrix … all the unnecessary information would have been thrown away." Here the
// values are the patches' pixels: each patch dimmed by its weight (what the query keeps of it),
// the query patch beside its blend (the answer), and the blend of every patch at once (the
// attention-filtered picture) with what changed.
import { h } from '../../dom.js';
import { fmt } from '../../format.js';
import { watch } from '../../store.js';
import { paintDifference, paintDimmed, paintPatch, paintPicture } from '../paint.js';

const figure = (canvas, caption) => h('figure', { class: 'picture-figure' }, canvas, h('figcaption', {}, caption));

export function blendView(store) {
  const dimmed = h('canvas', { role: 'img', 'aria-label': 'Each patch dimmed by its weight' });
  const original = h('canvas', { role: 'img', 'aria-label': 'The query patch' });
  const answer = h('canvas', { role: 'img', 'aria-label': 'The blend of the patches by the query’s weights' });
  const filtered = h('canvas', { role: 'img', 'aria-label': 'Every patch replaced by its blend' });
  const difference = h('canvas', { role: 'img', 'aria-label': 'The filtered picture minus the view' });
  const change = h('p', { class: 'blend-change' });
  const root = h(
    'section',
    { class: 'blend', 'aria-label': 'Filter times V' },
    h('h2', {}, 'Filter × V: what the patch takes from the others'),
    h(
      'p',
      { class: 'hint' },
      'The values here are the patches’ pixels. Each patch is dimmed by its weight (the brightest keeps the most); ' +
        'the weighted sum of all of them is the answer for the query patch. Under the self mask (the default) the ' +
        'query takes nothing from itself: its answer is what the patches that look like it hold.',
    ),
    h(
      'div',
      { class: 'picture-row' },
      figure(dimmed, 'each patch × its weight (÷ the largest); the query patch framed'),
      figure(original, 'the query patch'),
      figure(answer, 'its blend: Σ weight × patch'),
    ),
    h('h3', {}, 'Every patch at once: the attention-filtered picture'),
    h(
      'div',
      { class: 'picture-row' },
      figure(filtered, 'each patch replaced by its blend'),
      figure(difference, 'what changed (grey = nothing)'),
    ),
    change,
  );

  const stopAll = watch(store, ['imageResult'], ({ imageResult: r }) => {
    root.hidden = !r;
    if (!r) return;
    paintPicture(filtered, r.view('filtered'), 224);
    paintDifference(difference, r.view('difference'), 224);
    const d = r.view('difference').data;
    let sum = 0;
    for (const v of d) sum += Math.abs(v);
    change.textContent = `On average each value moved by ${fmt(sum / d.length, 3)} (of 1).`;
  });
  const stopQuery = watch(store, ['imageResult', 'patch'], ({ imageResult: r, patch }) => {
    if (!r) return;
    const { count: n, patch: p } = r.grid,
      q = Math.min(patch, n - 1),
      values = p * p * 3;
    const row = r.view('blendWeights').data.subarray(q * n, (q + 1) * n);
    let largest = 0;
    for (const w of row) largest = Math.max(largest, w);
    paintDimmed(
      dimmed,
      r.view('view'),
      r.grid,
      Float32Array.from(row, (w) => (largest > 0 ? w / largest : 0)),
      224,
      { outline: q },
    );
    paintPatch(original, r.view('pixels').data.subarray(q * values, (q + 1) * values), p, 112);
    paintPatch(answer, r.view('blended').data.subarray(q * values, (q + 1) * values), p, 112);
  });
  return {
    root,
    destroy: () => {
      stopAll();
      stopQuery();
    },
  };
}
