// <attention-lens sentence="…" heads="2">: the whole demo as one custom element. Each element
// has its own store and views; the wasm module and embeddings are shared by the page.
import {
  DEFAULT_IMAGE_OPTIONS,
  DEFAULT_OPTIONS,
  IMAGE_OPTION_SPECS,
  OPTION_SPECS,
  withOptionText,
} from '../lib/options.js';
import { startCompute } from './compute.js';
import { h } from './dom.js';
import BASE_CSS from '../styles/attention-lens-base.css';
import MODES_CSS from '../styles/attention-lens-modes.css';
import PANELS_CSS from '../styles/attention-lens-panels.css';
import { getLens, trainedImagePreset, trainedPreset, useBaseUrl } from './engine.js';
import { tourView } from './explain/tour.js';
import { holdBox } from './hold.js';
import { imageMode } from './image-mode.js';
import { SEED_SENTENCE } from '../lib/seed.js';
import { createStore, watch } from './store.js';
import { textMode } from './text-mode.js';
import { asOneLandmark } from './landmark.js';
import { followTheme } from './theme.js';
import { reserveKind, reservedHeight, tokenCount } from '../lib/reserve.js';
import { readUrlState, writeUrlState } from './url-state.js';
import { modeTabs } from './views/mode-tabs.js';
import { statusView } from './views/status.js';

// The element's stylesheet, one for every element of the page: its text is in the script (no
// file for a bundler to move, or to take for the page's own), adopted as a constructed sheet,
// which a strict Content-Security-Policy allows (style-src 'self' refuses a <style>). Its parts,
// in this order (the cascade's), joined as scripts/build-page.mjs joins dist/attention-lens.css.
const ELEMENT_CSS = [BASE_CSS, PANELS_CSS, MODES_CSS].join('\n');
let styles = null;
function elementStyles() {
  if (!styles) {
    styles = new CSSStyleSheet();
    styles.replaceSync(ELEMENT_CSS);
  }
  return styles;
}

// every option of the core's schemas is an attribute, by its flag (heads, positional-weight, patch, …):
// the text mode's, or with mode="image" the image mode's
const OPTION_ATTRIBUTES = [...new Set([...OPTION_SPECS, ...IMAGE_OPTION_SPECS].map((s) => s.flag))];
const URL_KEYS = [
  'mode',
  'text',
  'document',
  'options',
  'query',
  'head',
  'imageOptions',
  'picture',
  'patch',
  'explain',
];

// The words an element without a poster shows until it is live.
function posterFallback({ mode, text }) {
  if (mode === 'image') return 'Self-attention on the patches of a picture: the live demo starts here.';
  const shown = [...text].length > 80 ? `${[...text].slice(0, 79).join('')}…` : text;
  return `Self-attention on “${shown}”: the live demo starts here.`;
}

// (in Node, where a server-side renderer imports this module, a plain class: nothing is defined)
export class AttentionLensElement extends (globalThis.HTMLElement ?? class {}) {
  static observedAttributes = ['sentence', 'document', 'mode', 'theme', ...OPTION_ATTRIBUTES];
  #theme = null;
  #hold = null;
  #store;
  #views = [];
  #cleanup = [];

  #mode() {
    return this.getAttribute('mode') === 'image' ? 'image' : 'text';
  }

  // a mode's options from the attributes; a bad attribute value keeps the default (and says so)
  #attributeOptions(mode) {
    const [specs, defaults] =
      mode === 'image' ? [IMAGE_OPTION_SPECS, DEFAULT_IMAGE_OPTIONS] : [OPTION_SPECS, DEFAULT_OPTIONS];
    let options = { ...defaults };
    if (mode !== this.#mode()) return options;
    for (const { flag } of specs) {
      if (!this.hasAttribute(flag)) continue;
      const value = this.getAttribute(flag);
      const set = withOptionText(options, flag, value === '' ? 'true' : value, specs); // <… scale> means scale="true"
      if (set.error) console.warn(`<attention-lens ${flag}="${value}">: ${set.error}`);
      options = set.options;
    }
    return options;
  }

  connectedCallback() {
    useBaseUrl(this.getAttribute('base-url')); // where the page's files are, if not the default
    const urlState = this.hasAttribute('url-state');
    let initial = {
      mode: this.#mode(),
      text: this.getAttribute('sentence') ?? SEED_SENTENCE,
      document: this.getAttribute('document') ?? '',
      options: this.#attributeOptions('text'),
      imageOptions: this.#attributeOptions('image'),
      pictureName: this.getAttribute('picture'),
      query: 0,
      head: 0,
      patch: 0,
    };
    if (urlState) initial = readUrlState(location.search, initial);
    const queryChosen = urlState && new URLSearchParams(location.search).has('q');
    const patchChosen = urlState && new URLSearchParams(location.search).has('at');
    const store = (this.#store = createStore({
      ...initial,
      queryChosen,
      patchChosen,
      lens: null,
      result: null,
      error: null,
      loadError: null,
      focus: { i: 0, j: 0 },
      width: 0, // the filter panel's, measured by the ResizeObserver below (read now, it would force a layout)
      // whether a view shown decodes answers to words (the search, the topic): only then does the
      // whole vocabulary (core.bin, 2.3 MB) load; view="filter" never needs it
      decodes: !this.hasAttribute('view') || /\b(search|topic)\b/.test(this.getAttribute('view')),
      // the topic model (weights/topic.bin) loads only where the topic is shown: 'unused' elsewhere
      ...(this.hasAttribute('view') && !/\btopic\b/.test(this.getAttribute('view')) ? { topicModel: 'unused' } : {}),
      trainedAvailable: false,
      inputAt: 0,
      computeMs: 0,
      picture: null,
      imageResult: null,
      imageError: null,
      trainedImagePreset: null,
      trainedImageSource: null, // { steps, heads, patch, positional, similarity, mask, temperature } once the page's own training gave its weights
    }));

    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    // where the skip link sends the keyboard: the element's last tab stop (shown when focused), so
    // that the next Tab leaves the element
    const end = h('span', { class: 'skip-end', tabindex: 0 }, 'End of the attention demo');
    shadow.adoptedStyleSheets = [elementStyles()];
    const status = statusView(store),
      tabs = modeTabs(store),
      text = textMode(store, shadow, { view: this.getAttribute('view') }),
      image = imageMode(store, this, { picture: initial.pictureName, src: this.getAttribute('src') }),
      tour = tourView(store, shadow);
    this.#views = [status, tabs, ...text.views, image, tour];
    tabs.panels(text.root, image.root);
    shadow.append(
      h(
        'div',
        {
          class: `lens${this.hasAttribute('compact') ? ' compact' : ''}`,
          'data-view': this.getAttribute('view') ?? undefined, // e.g. "filter search": only those parts
        },
        h('button', { type: 'button', class: 'skip-link', onclick: () => end.focus() }, 'Skip the attention demo'),
        // what the page wrote inside the element (its poster: attention-lens-snippet), shown until
        // the element is live, with the loading line (the status, which moves to its place then:
        // a node that moved would count as a layout shift, one put back does not)
        h(
          'div',
          { class: 'poster' },
          // what shows where the page wrote no poster
          h('slot', {}, h('p', { class: 'poster-fallback' }, posterFallback(initial))),
          status.root,
        ),
        tour.root,
        tabs.root,
        text.root,
        image.root,
        end,
      ),
    );
    const filter = text.filter;
    const box = shadow.querySelector('.lens');
    // the height the element will take, held until it can change unseen (hold.js): as the page's
    // first script reserved it (reserve.js), else reckoned now; none in the iframe twin, whose
    // host sizes the frame to it
    if (!this.hasAttribute('data-frame')) {
      const given = Number.parseFloat(this.style.getPropertyValue('--al-reserve'));
      const reserve = Number.isFinite(given)
        ? given
        : reservedHeight(
            reserveKind((name) => this.getAttribute(name)),
            this.getBoundingClientRect().width,
            tokenCount(initial.text),
          );
      this.#hold = holdBox(this, box, reserve);
      this.#cleanup.push(() => this.#hold.release());
    }
    // live with the first analysis on screen, or what failed: the views take the poster's place
    // in the frame that shows them (shown earlier, their empty frames would move as they fill)
    const LIVE = ['result', 'imageResult', 'error', 'loadError', 'imageError', 'pictureError'];
    const stopLive = watch(store, LIVE, (state) => {
      if (!LIVE.some((k) => state[k]) || box.classList.contains('live')) return;
      tabs.root.after(status.root);
      box.classList.add('live');
      // the filter's width now that it is shown, for the views to draw at in this frame (the
      // ResizeObserver's would come after it is painted)
      const style = getComputedStyle(filter);
      const content = filter.getBoundingClientRect().width;
      const pad = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'];
      store.set({ width: Math.round(pad.reduce((w, k) => w - Number.parseFloat(style[k]), content)) });
      if (state.loadError) this.#hold?.rendered(); // what failed is said in the page
    });
    this.#cleanup.push(stopLive);
    this.#cleanup.push(asOneLandmark(this, shadow, store));
    this.#theme = followTheme(this, shadow.querySelector('.lens'), store);
    this.#cleanup.push(this.#theme.stop);

    this.#cleanup.push(startCompute(store));
    // the heatmap fits the filter panel, whether it sits beside the search panel or above it
    const resize = new ResizeObserver(([entry]) => store.set({ width: Math.round(entry.contentRect.width) }));
    resize.observe(filter);
    this.#cleanup.push(() => resize.disconnect());
    this.#cleanup.push(
      store.subscribe((state, changed) => {
        // the picture's views repaint for a new analysis, and for another query patch
        if (changed.has('result') || changed.has('imageResult') || (state.mode === 'image' && changed.has('patch')))
          queueMicrotask(() => this.#afterPaint(state));
        if (urlState && URL_KEYS.some((k) => changed.has(k))) this.#writeUrl(state);
      }),
    );
    // the module and the sentence's words: what the first attention waits for, asked for when the
    // element nears the window (loading="eager": at once, as the demo page's does)
    const start = () =>
      getLens(initial.mode === 'text' ? initial.text : '').then(
        (lens) => store.set({ lens }),
        (e) => store.set({ loadError: e.message }),
      );
    if (this.getAttribute('loading') === 'eager' || typeof IntersectionObserver === 'undefined') start();
    else {
      const near = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          near.disconnect();
          start();
        },
        { rootMargin: '800px 0px' },
      );
      near.observe(this);
      this.#cleanup.push(() => near.disconnect());
    }
    trainedPreset().then((preset) => preset && store.set({ trainedPreset: preset, trainedAvailable: true }));
    trainedImagePreset().then((preset) => preset && store.set({ trainedImagePreset: preset }));
  }

  // Tells listeners that the views have rendered a new result (for npm run bench:page): sent
  // in the task that rendered it, once every view has (a microtask after the store's change:
  // the picture's views, built when its mode is first shown, subscribed after this element), so
  // that the next frame is the one that shows it; a listener that wants the time it reached the
  // screen waits for that frame itself. inputToPaintMs: from the input to this render.
  #afterPaint(state) {
    const { inputAt } = state;
    this.#hold?.rendered();
    this.dispatchEvent(
      new CustomEvent('attention-lens-render', {
        detail: {
          inputToPaintMs: inputAt ? performance.now() - inputAt : null,
          computeMs: state.computeMs,
          tokens: state.result?.tokens.length ?? 0,
          mode: state.mode,
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
    else if (name === 'mode') this.#store.set({ mode: this.#mode() });
    else if (name === 'theme') this.#theme?.update();
    else this.#store.set({ options: this.#attributeOptions('text'), imageOptions: this.#attributeOptions('image') });
  }

  disconnectedCallback() {
    for (const fn of this.#cleanup) fn();
    for (const v of this.#views) v.destroy();
    this.#store?.get().result?.dispose();
    this.#store?.get().imageResult?.dispose();
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

if (globalThis.customElements && !customElements.get('attention-lens'))
  customElements.define('attention-lens', AttentionLensElement);
