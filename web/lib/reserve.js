// The height an element will take once live, known from its attributes before it is (the page's
// first script gives it to each element as the parser adds it, so that the box is there from the
// first paint: no jump when the element arrives). Read from a table of the live element's
// heights measured in Chromium (reserve-table.js, written by scripts/measure-reserve.mjs) for
// each kind of element, at widths and sentence lengths, interpolated. The element holds that box
// until its own height can change unseen (web/app/element.js and hold.js), so an estimate off by some pixels
// shows as space or a "show all", never as a jump.
import { RESERVE } from './reserve-table.js';

// words and numbers (with inner ' - . ,), and each other character that is not a space: about
// the core's tokens (src/core/tokenizer.h)
const TOKEN = /[\p{L}\p{N}]+(?:['’\-.,][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu;
export const tokenCount = (text) => (text.match(TOKEN) ?? []).length;

// The table's kind for an element's attributes (get(name) -> value or null).
export function reserveKind(get) {
  if (get('mode') === 'image') return get('view') === null ? 'image' : 'image filter';
  const view = get('view');
  if (view === null) return get('compact') === null ? 'full' : 'compact';
  const has = (part) => new RegExp(`\\b${part}\\b`).test(view);
  if (has('search')) return 'filter search'; // the search shows its filter too: the same height
  if (has('filter')) return 'filter';
  return has('topic') ? 'topic' : 'filter';
}

// Linear interpolation in a sorted list of points xs with values ys, clamped at the ends.
function lerp(xs, ys, x) {
  if (x <= xs[0]) return ys[0];
  for (let i = 1; i < xs.length; i++)
    if (x <= xs[i]) return ys[i - 1] + ((ys[i] - ys[i - 1]) * (x - xs[i - 1])) / (xs[i] - xs[i - 1]);
  return ys.at(-1);
}

// Pixels for kind at width (CSS px) with tokens tokens.
export function reservedHeight(kind, width, tokens) {
  const t = RESERVE.kinds[kind] ?? RESERVE.kinds.filter;
  const atWidth = t.map((row) => lerp(RESERVE.widths, row, width)); // one per token count
  return Math.round(t.length === 1 ? atWidth[0] : lerp(RESERVE.tokens, atWidth, tokens));
}

// For an element (its attributes and its width now).
export function reserveFor(el, fallbackText) {
  const get = (name) => el.getAttribute(name);
  const kind = reserveKind(get);
  return reservedHeight(kind, el.getBoundingClientRect().width, tokenCount(get('sentence') ?? fallbackText));
}
