// Why divide by √d_k: the input projected to d_k dimensions, each row's score spread, largest
// weight and entropy with and without the scaling (from the core); the switch flips the real
// heatmap between scaled and unscaled scores; the temperature slider acts on both.
import { append, clear, h, setText, uniqueId } from '../dom.js';
import { fmt, label, percent } from '../format.js';
import { watch } from '../store.js';

const DKS = [1, 2, 4, 8, 16, 32, 64, 100, 128, 256, 512];
const ROWS_SHOWN = 12;
const mean = (a) => a.reduce((s, x) => s + x, 0) / (a.length || 1);

export const SCALING_PANEL = { name: 'scaling', title: 'Why divide by √d_k?' };

// The panel's body, built into root (panel.js) when first needed.
export function scalingView(store, root) {
  const id = uniqueId('dk');
  const slider = h('input', {
    id,
    type: 'range',
    min: 0,
    max: DKS.length - 1,
    step: 1,
    value: 2,
    oninput: () => render(store.get()),
  });
  const dkOut = h('output', { for: id });
  const toggle = h('button', {
    type: 'button',
    class: 'switch',
    onclick: () => store.set({ options: { ...store.get().options, scale: !store.get().options.scale } }),
  });
  const summary = h('p', { class: 'scaling-summary', 'aria-live': 'polite' });
  const table = h('table', { class: 'scaling-table' });
  append(root, [
    h(
      'p',
      { class: 'hint' },
      'A dot product of d_k numbers grows with d_k. Here the input is projected to d_k ' +
        'dimensions by random maps: without ÷√d_k the scores spread further as d_k grows and the softmax ' +
        'saturates (one word takes all the weight); with it they stay comparable. The temperature divides the scores too.',
    ),
    h('div', { class: 'field' }, h('label', { for: id }, 'd_k'), slider, dkOut, toggle),
    summary,
    table,
  ]);

  // asks for the study (compute/explanations.js) when open on a result
  function render({ result, options }) {
    setText(
      toggle,
      options.scale ? 'The heatmap is scaled: show it unscaled' : 'The heatmap is unscaled: show it scaled',
    );
    toggle.setAttribute('aria-pressed', options.scale ? 'true' : 'false');
    if (!root.open || !result || result.tokens.length === 0) {
      store.set({ scalingAsk: null });
      clear(table);
      return;
    }
    const dk = DKS[Number(slider.value)];
    dkOut.textContent = String(dk);
    store.set({ scalingAsk: { result, dK: dk, seed: 1, temperature: options.temperature } });
  }

  function draw({ ask: { dK: dk, temperature }, error, tokens, study: s }) {
    clear(table);
    if (error) return console.error(`attention-lens: ${error}`);
    summary.textContent =
      `At d_k = ${dk}${temperature !== 1 ? ` and temperature ${temperature}` : ''}: ` +
      `without ÷√d_k the scores spread ${fmt(mean(s.spreadRaw), 2)} on average and the largest weight is ${percent(mean(s.maxRaw))}; ` +
      `with it, ${fmt(mean(s.spreadScaled), 2)} and ${percent(mean(s.maxScaled))}. ` +
      `Entropy: ${fmt(mean(s.entropyRaw), 2)} bits without, ${fmt(mean(s.entropyScaled), 2)} with (${fmt(Math.log2(tokens.length), 2)} is uniform).`;
    summary.dataset.spreadRaw = String(mean(s.spreadRaw));
    summary.dataset.spreadScaled = String(mean(s.spreadScaled));
    summary.dataset.maxRaw = String(mean(s.maxRaw));
    summary.dataset.maxScaled = String(mean(s.maxScaled));
    table.append(
      h('caption', {}, 'Per query word: without → with ÷√d_k'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['word', 'score spread', 'largest weight', 'entropy (bits)'].map((c) => h('th', { scope: 'col' }, c)),
        ),
      ),
    );
    const body = h('tbody');
    tokens
      .slice(0, ROWS_SHOWN)
      .forEach((t, i) =>
        body.append(
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, label(t)),
            h('td', {}, `${fmt(s.spreadRaw[i], 2)} → ${fmt(s.spreadScaled[i], 2)}`),
            h('td', {}, `${percent(s.maxRaw[i])} → ${percent(s.maxScaled[i])}`),
            h('td', {}, `${fmt(s.entropyRaw[i], 2)} → ${fmt(s.entropyScaled[i], 2)}`),
          ),
        ),
      );
    table.append(body);
  }
  const stop = watch(store, ['result', 'options'], render);
  const stopAnswers = store.subscribe(({ scalingAsk, scalingAnswer }, changed) => {
    if (changed.has('scalingAnswer') && scalingAnswer.ask === scalingAsk) draw(scalingAnswer);
  });
  root.addEventListener('toggle', () => render(store.get()));
  return {
    destroy() {
      stop();
      stopAnswers();
    },
  };
}
