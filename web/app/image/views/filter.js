// The attention filter on the picture: the query patch's weights over every patch, as colours
// on an absolute scale (multiples of the uniform weight 1/N, never stretched), over the view;
// how many patches the weight is spread over and the top five's share, from the core. The
// query patch is chosen by a click, by hovering, or with the arrow keys.
import { h } from '../../dom.js';
import { fmt, percent } from '../../format.js';
import { watch } from '../../store.js';
import { paintPicture, paintWeightGrid, SCALE_TICKS, weightColor } from '../paint.js';

const SIZE = 448; // CSS pixels of the picture at most

// the colour bar: one stop per tick of the log scale, labelled in multiples of 1/N
function colourBar() {
  const stops = [];
  for (let i = 0; i <= 16; i++) {
    const times = SCALE_TICKS[0] * (SCALE_TICKS.at(-1) / SCALE_TICKS[0]) ** (i / 16);
    const c = weightColor(times, 1);
    stops.push(`rgb(${c & 255} ${(c >> 8) & 255} ${(c >> 16) & 255}) ${(100 * i) / 16}%`);
  }
  const ramp = h('span', { class: 'ramp' });
  ramp.style.background = `linear-gradient(90deg, ${stops.join(', ')})`;
  return h(
    'div',
    { class: 'image-scale', 'aria-hidden': 'true' },
    ramp,
    h(
      'div',
      { class: 'ticks' },
      SCALE_TICKS.map((t) => h('span', {}, t === 0.25 ? '¼×' : `${t}×`)),
    ),
    h('p', { class: 'scale-title' }, 'weight, in multiples of an equal share 1/N (log scale; ≥ 64× at the top)'),
  );
}

export function imageFilterView(store) {
  const view = h('canvas', { class: 'picture' });
  const overlay = h('canvas', { class: 'weights-overlay' });
  const cursor = h('div', { class: 'patch-cursor', 'aria-hidden': 'true' });
  const stack = h('div', { class: 'picture-stack', tabindex: 0, role: 'img' }, view, overlay, cursor);
  const readout = h('p', { class: 'focus-readout', 'aria-live': 'polite' });
  const root = h(
    'section',
    { class: 'image-filter', 'aria-label': 'The attention filter on the picture' },
    h('h2', {}, 'The attention filter of one patch'),
    h(
      'p',
      { class: 'hint' },
      'Choose a patch (click, hover, or the arrow keys): the colours are its weights over every patch. ' +
        'The query patch is outlined.',
    ),
    stack,
    colourBar(),
    readout,
  );

  const side = () => store.get().imageResult?.grid.side ?? 1;
  const choose = (patch) => store.set({ patch, patchChosen: true });
  const patchAt = (e) => {
    const r = stack.getBoundingClientRect(),
      s = side();
    const col = Math.min(s - 1, Math.max(0, Math.floor(((e.clientX - r.left) / r.width) * s)));
    const row = Math.min(s - 1, Math.max(0, Math.floor(((e.clientY - r.top) / r.height) * s)));
    return row * s + col;
  };
  stack.addEventListener('click', (e) => choose(patchAt(e)));
  stack.addEventListener('mousemove', (e) => {
    const p = patchAt(e);
    if (p !== store.get().patch) choose(p);
  });
  stack.addEventListener('keydown', (e) => {
    const s = side(),
      { patch } = store.get();
    const moves = {
      ArrowUp: -s,
      ArrowDown: s,
      ArrowLeft: -1,
      ArrowRight: 1,
      Home: -(patch % s),
      End: s - 1 - (patch % s),
    };
    if (!(e.key in moves)) return;
    e.preventDefault();
    const to = patch + moves[e.key];
    const sameRow =
      e.key === 'ArrowLeft' || e.key === 'ArrowRight' ? Math.floor(to / s) === Math.floor(patch / s) : true;
    if (to >= 0 && to < s * s && sameRow) choose(to);
  });

  const stopPicture = watch(store, ['imageResult'], ({ imageResult: r }) => {
    root.hidden = !r;
    if (!r) return;
    paintPicture(view, r.view('view'), SIZE);
    stack.style.setProperty('--side', String(r.grid.side));
  });
  const stopWeights = watch(store, ['imageResult', 'patch'], ({ imageResult: r, patch }) => {
    if (!r) return;
    const { side: s, count: n } = r.grid;
    const q = Math.min(patch, n - 1);
    const mask = r.maskRow(q); // the patches the core's mask hid from q; before the view
    const row = r.view('blendWeights').data.subarray(q * n, (q + 1) * n);
    paintWeightGrid(overlay, row, s, SIZE, { mask });
    cursor.style.left = `${(100 * (q % s)) / s}%`;
    cursor.style.top = `${(100 * Math.floor(q / s)) / s}%`;
    cursor.style.width = cursor.style.height = `${100 / s}%`;
    let largest = 0;
    for (const w of row) largest = Math.max(largest, w);
    // how spread the query's weights are: the core's answer (image/compute.js)
    store.set({ patchFocusAsk: { result: r, patch: q, top: 5, largest } });
    stack.setAttribute(
      'aria-label',
      `The picture in ${s} × ${s} patches, coloured by the weights of the patch in row ${Math.floor(q / s) + 1}, ` +
        `column ${(q % s) + 1}. Arrow keys choose another patch.`,
    );
  });
  const stopReadout = store.subscribe(({ patchFocusAsk, patchFocusAnswer }, changed) => {
    if (!changed.has('patchFocusAnswer') || patchFocusAnswer.ask !== patchFocusAsk) return;
    const {
      ask: { result: r, patch: q, largest },
      error,
      focus: f,
    } = patchFocusAnswer;
    if (error) return console.error(`attention-lens: ${error}`);
    const { side: s, count: n } = r.grid;
    const whose =
      r.heads === 1 ? '' : r.options.blendHead < 0 ? ' (the mean of the heads)' : ` (head ${r.options.blendHead + 1})`;
    readout.textContent =
      `Patch (row ${Math.floor(q / s) + 1}, column ${(q % s) + 1}) of ${n}${whose}: its weight is spread over ` +
      `${fmt(f.effective, 1)} patches (exp of the entropy; ${n} would be an equal share each), the top ${f.top} ` +
      `hold ${percent(f.topShare)}, and the largest weight is ${fmt(largest * n, 1)}× an equal share.`;
    readout.dataset.effective = String(f.effective);
    readout.dataset.topShare = String(f.topShare);
    readout.dataset.patch = String(q);
  });
  return {
    root,
    destroy: () => {
      stopPicture();
      stopWeights();
      stopReadout();
    },
  };
}
