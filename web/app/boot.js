// attention-lens.js, the one script a page includes (its classic build, 4 kB gzip): it fetches the
// wasm module the first attention waits for (the largest file of the first screen) from where it
// runs, then loads the element itself (attention-lens-element.js, beside it), which defines
// <attention-lens> when it arrives: the two download side by side instead of one after the
// other. The element's loader then takes these responses and bytes (prefetch.js: one download
// in every engine, which a <link rel=preload as=fetch> is not in WebKit). It also asks for the
// words of each <attention-lens sentence="…"> (or the page's URL's text, for one with
// url-state) as the parser adds it. From disk (file://) it only loads the element, which brings
// its single-file module. And it gives each element, as the parser adds it, the height it will
// take once live (reserve.js), so that the page does not jump when the element arrives.
import { readBytes } from '../lib/assets.js';
import { supportsRelaxedSimd, supportsSimd } from '../lib/features.js';
import { BASE_URL_META } from './base-url.js';
import { fetchEarly, prefetchFile, prefetchWords } from './prefetch.js';
import { reserveFor } from '../lib/reserve.js';
import { SEED_SENTENCE } from '../lib/seed.js';

const ELEMENT = 'attention-lens-element.js';
const script = document.currentScript;
const here = new URL('.', script?.src ?? location.href);

// a <link rel> for path, unless the page's own first bytes hold it (the demo page preloads these)
function ask(rel, path) {
  const href = new URL(path, here).href;
  if ([...document.querySelectorAll(`link[rel="${rel}"]`)].some((l) => l.href === href)) return;
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  document.head.append(link);
}
const read = (path) => readBytes(new URL(path, here));

if (!customElements.get('attention-lens') && !document.querySelector(`script[src$="/${ELEMENT}"]`)) {
  reserveAsParsed();
  // the files sit beside this script unless the page says otherwise (where the element finds
  // them itself)
  const elsewhere = document.querySelector(BASE_URL_META);
  if (here.protocol !== 'file:' && !elsewhere && typeof WebAssembly === 'object') {
    const simd = supportsSimd();
    const build = `attention-lens-${simd ? 'simd' : 'baseline'}`;
    ask('modulepreload', `wasm/${build}.mjs`);
    fetchEarly(`wasm/${build}.wasm`, new URL(`wasm/${build}.wasm`, here));
    if (simd && supportsRelaxedSimd()) prefetchFile('wasm/kernels-relaxed.wasm', read);
    wordsAsParsed();
  }
  const element = document.createElement('script');
  element.src = new URL(ELEMENT, here).href;
  if (script?.nonce) element.nonce = script.nonce; // a CSP with nonces allows what this one loads
  // where it cannot load, each element says so in the page (as text)
  element.onerror = () => {
    const message = `attention-lens: could not load ${element.src}: copy it beside attention-lens.js (all of dist/ goes together)`;
    console.error(message);
    const say = () => {
      for (const el of document.getElementsByTagName('attention-lens')) {
        el.textContent = message;
        el.style.removeProperty('--al-reserve'); // the message, not a box for views that will not come
      }
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', say, { once: true });
    else say();
  };
  document.head.append(element);
}

// Calls fn(el) for each <attention-lens> the parser adds (and each already there), until the
// page is parsed or the element defined.
function asParsed(fn) {
  const seen = new WeakSet();
  const look = () => {
    for (const el of document.getElementsByTagName('attention-lens')) {
      if (seen.has(el)) continue;
      seen.add(el);
      fn(el);
    }
  };
  const observer = new MutationObserver(look);
  observer.observe(document, { childList: true, subtree: true });
  look();
  document.addEventListener(
    'DOMContentLoaded',
    () => {
      look();
      observer.disconnect();
    },
    { once: true },
  );
  customElements.whenDefined('attention-lens').then(() => observer.disconnect());
}

// The text an element will show first: its URL's (url-state), its sentence, or the seed.
function firstText(el) {
  const url = el.hasAttribute('url-state') ? new URLSearchParams(location.search).get('text') : null;
  return url ?? el.getAttribute('sentence') ?? SEED_SENTENCE;
}

// Each element's box at the height it will take once live (reserve.js), from the first paint: a
// block (it is an unknown element until its script comes) of that height, its poster inside
// (a stylesheet made in script: a page's CSP, which may refuse a <style>, does not apply to it).
function reserveAsParsed() {
  if (typeof CSSStyleSheet !== 'function' || !('adoptedStyleSheets' in document)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(
    'attention-lens { display: block; } ' +
      'attention-lens:not(:defined) { height: var(--al-reserve, auto); overflow: hidden; }',
  );
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  asParsed((el) => {
    if (el.style.getPropertyValue('--al-reserve')) return; // the page set it
    el.style.setProperty('--al-reserve', `${reserveFor(el, firstText(el))}px`);
  });
}

// The words of each text-mode element the parser adds, until the page is parsed or the element
// defined (an element with its files elsewhere, or its text in the URL, asks for its own).
function wordsAsParsed() {
  asParsed((el) => {
    if (el.getAttribute('mode') === 'image' || el.hasAttribute('base-url')) return;
    if (el.hasAttribute('url-state')) {
      const url = new URLSearchParams(location.search); // web/app/url-state.js's names
      if (url.get('mode') === 'image') return;
      // the seed's files, as the core names them, where the page lists them (the demo page)
      const seedFiles = document.querySelector('meta[name="attention-lens-seed-files"]');
      if (!url.has('text') && seedFiles) {
        for (const path of seedFiles.content.split(/\s+/).filter(Boolean)) prefetchFile(path, read);
        return;
      }
    }
    prefetchWords(firstText(el), read);
  });
}
