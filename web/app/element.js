// <attention-lens sentence="…" heads="2">: the whole demo as one custom element. Each element
// has its own store and views; the wasm module and embeddings are shared by the page.
import { DEFAULT_OPTIONS, OPTION_SPECS, withOptionText } from '../lib/options.js';
import { h } from './dom.js';
import { assetUrl, getLens, trainedPreset } from './engine.js';
import { startCompute } from './compute.js';
import { exportButtons } from './export.js';
import { createStore } from './store.js';
import { readUrlState, writeUrlState } from './url-state.js';
import { controlsView } from './views/controls.js';
import { headsView } from './views/heads.js';
import { heatmapView } from './views/heatmap.js';
import { inputView } from './views/input.js';
import { pipelineView } from './views/pipeline.js';
import { searchView } from './views/search.js';
import { statusView } from './views/status.js';
import { trainView } from './views/train.js';
import { weightsTableView } from './views/weights-table.js';
import { positionalView } from './explain/positional.js';
import { scalingView } from './explain/scaling.js';
import { similarityView } from './explain/similarity.js';
import { tourView } from './explain/tour.js';
import { traceView } from './explain/trace.js';
import { whatIfView } from './explain/whatif.js';

const SEED_SENTENCE = 'A Lannister always pays his debts';
// every option of the core's schema is an attribute, by its flag (heads, positional-weight, …)
const OPTION_ATTRIBUTES = OPTION_SPECS.map((s) => s.flag);

class AttentionLensElement extends HTMLElement {
  static observedAttributes = ['sentence', 'document', ...OPTION_ATTRIBUTES];
  #store;
  #views = [];
  #cleanup = [];

  // options from the attributes; a bad attribute value keeps the default (and says so)
  #attributeOptions() {
    let options = { ...DEFAULT_OPTIONS };
    for (const attr of OPTION_ATTRIBUTES) {
      if (!this.hasAttribute(attr)) continue;
      const value = this.getAttribute(attr);
      const set = withOptionText(options, attr, value === '' ? 'true' : value); // <… scale> means scale="true"
      if (set.error) console.warn(`<attention-lens ${attr}="${value}">: ${set.error}`);
      options = set.options;
    }
    return options;
  }

  connectedCallback() {
    const urlState = this.hasAttribute('url-state');
    let initial = {
      text: this.getAttribute('sentence') ?? SEED_SENTENCE,
      document: this.getAttribute('document') ?? '',
      options: this.#attributeOptions(),
      query: 0,
      head: 0,
    };
    if (urlState) initial = readUrlState(location.search, initial);
    const queryChosen = urlState && new URLSearchParams(location.search).has('q');
    const store = (this.#store = createStore({
      ...initial,
      queryChosen,
      lens: null,
      result: null,
      error: null,
      loadError: null,
      focus: { i: 0, j: 0 },
      width: this.clientWidth,
      trainedAvailable: false,
      inputAt: 0,
      computeMs: 0,
    }));

    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const status = statusView(store),
      input = inputView(store),
      controls = controlsView(store);
    const heads = headsView(store),
      heatmap = heatmapView(store),
      table = weightsTableView(store);
    const search = searchView(store),
      pipeline = pipelineView(store);
    const explanations = [
      traceView(store),
      scalingView(store),
      positionalView(store),
      similarityView(store),
      whatIfView(store),
      trainView(store),
    ];
    const tour = tourView(store, shadow);
    this.#views = [status, input, controls, heads, heatmap, table, search, pipeline, ...explanations, tour];
    const exportBar = h(
      'div',
      { class: 'export', role: 'group', 'aria-label': 'Export the attention filter' },
      'Export:',
      exportButtons(shadow, store, heatmap.canvas).map(([name, run]) =>
        h('button', { type: 'button', onclick: run }, name),
      ),
    );
    const filter = h(
      'section',
      { class: 'filter', 'aria-label': 'The attention filter' },
      h('h2', {}, 'The attention filter'),
      heads.root,
      heatmap.root,
      heatmap.readout,
      heatmap.legend,
      heatmap.maskNote,
      exportBar,
      table.root,
    );
    shadow.append(
      h('link', { rel: 'stylesheet', href: assetUrl('attention-lens.css') }),
      h(
        'div',
        { class: `lens${this.hasAttribute('compact') ? ' compact' : ''}` },
        tour.root,
        status.root,
        input.root,
        controls.root,
        h('div', { class: 'main' }, filter, search.root),
        h(
          'div',
          { class: 'explanations' },
          explanations.map((v) => v.root),
        ),
        pipeline.root,
      ),
    );

    this.#cleanup.push(startCompute(store));
    // the heatmap fits the filter panel, whether it sits beside the search panel or above it
    const resize = new ResizeObserver(([entry]) => store.set({ width: Math.round(entry.contentRect.width) }));
    resize.observe(filter);
    this.#cleanup.push(() => resize.disconnect());
    this.#cleanup.push(
      store.subscribe((state, changed) => {
        if (changed.has('result')) this.#afterPaint(state);
        if (urlState && ['text', 'document', 'options', 'query', 'head'].some((k) => changed.has(k)))
          this.#writeUrl(state);
      }),
    );
    getLens().then(
      (lens) => store.set({ lens }),
      (e) => store.set({ loadError: e.message }),
    );
    trainedPreset().then(
      (preset) =>
        preset && store.set({ trainedPreset: preset, trainedAvailable: true, trainedHeads: preset.heads ?? 1 }),
    );
  }

  // Tells listeners that the views have rendered a new result (for npm run bench:page): sent
  // synchronously, in the task that rendered it (the views subscribed before this element did),
  // so that the next frame is the one that shows it; a listener that wants the time it reached
  // the screen waits for that frame itself. inputToPaintMs: from the input to this render.
  #afterPaint(state) {
    const { inputAt } = state;
    this.dispatchEvent(
      new CustomEvent('attention-lens-render', {
        detail: {
          inputToPaintMs: inputAt ? performance.now() - inputAt : null,
          computeMs: state.computeMs,
          tokens: state.result?.tokens.length ?? 0,
        },
      }),
    );
  }

  #writeUrl(state) {
    clearTimeout(this.urlTimer);
    this.urlTimer = setTimeout(() => history.replaceState(null, '', writeUrlState(state)), 250);
  }

  attributeChangedCallback(name, _old, value) {
    if (!this.#store) return;
    if (name === 'sentence') this.#store.set({ text: value ?? '' });
    else if (name === 'document') this.#store.set({ document: value ?? '' });
    else this.#store.set({ options: this.#attributeOptions() });
  }

  disconnectedCallback() {
    for (const fn of this.#cleanup) fn();
    for (const v of this.#views) v.destroy();
    this.#store?.get().result?.dispose();
    this.#cleanup = [];
    this.#views = [];
    this.#store = null;
    this.shadowRoot?.replaceChildren(); // connecting again builds afresh
  }

  // For scripts and tests: the current analysis and state.
  get state() {
    return this.#store?.get();
  }
}

if (!customElements.get('attention-lens')) customElements.define('attention-lens', AttentionLensElement);
