// The view's state in the page URL (?text=…&heads=…), so that a link reproduces it. Options
// go by their flags in the core's schema (heads, positional-weight, …), like the attributes.
import { DEFAULT_OPTIONS, OPTION_SPECS, withOptionText } from '../lib/options.js';

// the options a link carries (not the token cap or a hidden word: those are the page's own)
const LINKED = OPTION_SPECS.filter((s) => !['maxTokens', 'maskedToken'].includes(s.name));

// { text, options, query, head } from a query string; bad values fall back to the defaults.
export function readUrlState(search, fallback) {
  const p = new URLSearchParams(search);
  let options = { ...fallback.options };
  for (const { flag } of LINKED) if (p.has(flag)) options = withOptionText(options, flag, p.get(flag)).options; // an edited link keeps the rest
  const int = (key, dflt) =>
    Number.isInteger(Number(p.get(key))) && p.has(key) ? Math.max(0, Number(p.get(key))) : dflt;
  return {
    text: p.has('text') ? p.get('text') : fallback.text,
    document: p.get('doc') ?? fallback.document ?? '',
    options,
    query: int('q', fallback.query),
    head: int('head', fallback.head),
  };
}

export function writeUrlState({ text, document, options, query, head }) {
  const p = new URLSearchParams();
  p.set('text', text);
  if (document) p.set('doc', document);
  for (const { name, flag } of LINKED) if (options[name] !== DEFAULT_OPTIONS[name]) p.set(flag, String(options[name]));
  if (query) p.set('q', String(query));
  if (head) p.set('head', String(head));
  return `?${p}`;
}
