// The view's state in the page URL (?text=…&heads=…), so that a link reproduces it. Options
// go by their flags in the core's schema (heads, positional-weight, …), like the attributes.
import {
  DEFAULT_IMAGE_OPTIONS,
  DEFAULT_OPTIONS,
  IMAGE_OPTION_SPECS,
  OPTION_SPECS,
  withOptionText,
} from '../lib/options.js';

// the options a link carries (not the token cap or a hidden word: those are the page's own); in
// image mode the image options, by the same flags
const LINKED = OPTION_SPECS.filter((s) => !['maxTokens', 'maskedToken'].includes(s.name));
const modeOf = (p) => (p.get('mode') === 'image' ? 'image' : 'text');

// { mode, text, document, options, query, head, imageOptions, pictureName, patch, explain } from a
// query string; bad values fall back to the defaults (an edited link keeps the rest). explain
// names an explanation to open (e.g. encoder-decoder: the views read it from the store).
export function readUrlState(search, fallback) {
  const p = new URLSearchParams(search);
  const mode = p.has('mode') ? modeOf(p) : fallback.mode;
  let options = { ...fallback.options },
    imageOptions = { ...fallback.imageOptions };
  const specs = mode === 'image' ? IMAGE_OPTION_SPECS : LINKED;
  for (const { flag } of specs) {
    if (!p.has(flag)) continue;
    if (mode === 'image') imageOptions = withOptionText(imageOptions, flag, p.get(flag), specs).options;
    else options = withOptionText(options, flag, p.get(flag)).options;
  }
  const int = (key, dflt) =>
    Number.isInteger(Number(p.get(key))) && p.has(key) ? Math.max(0, Number(p.get(key))) : dflt;
  return {
    mode,
    text: p.has('text') ? p.get('text') : fallback.text,
    document: p.get('doc') ?? fallback.document ?? '',
    options,
    query: int('q', fallback.query),
    head: int('head', fallback.head),
    imageOptions,
    pictureName: p.get('picture') ?? fallback.pictureName,
    patch: int('at', fallback.patch),
    explain: p.get('explain') ?? fallback.explain ?? null,
  };
}

export function writeUrlState({ mode, text, document, options, query, head, imageOptions, picture, patch, explain }) {
  const p = new URLSearchParams();
  if (mode === 'image') {
    p.set('mode', 'image');
    if (picture?.credit) p.set('picture', picture.name); // a built-in photo; your own stays in this page
    for (const { name, flag } of IMAGE_OPTION_SPECS)
      if (imageOptions[name] !== DEFAULT_IMAGE_OPTIONS[name]) p.set(flag, String(imageOptions[name]));
    if (patch) p.set('at', String(patch));
    return `?${p}`;
  }
  p.set('text', text);
  if (document) p.set('doc', document);
  for (const { name, flag } of LINKED) if (options[name] !== DEFAULT_OPTIONS[name]) p.set(flag, String(options[name]));
  if (query) p.set('q', String(query));
  if (head) p.set('head', String(head));
  if (explain) p.set('explain', explain);
  return `?${p}`;
}
