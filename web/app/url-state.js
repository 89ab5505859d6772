// The view's state in the page URL (?text=…&heads=…), so that a link reproduces it.
import { DEFAULT_OPTIONS, normalizeOptions } from '../lib/options.js';

const KEYS = { heads: 'heads', positional: 'pe', positionalWeight: 'pw', scale: 'scale', temperature: 'temp',
  similarity: 'sim', mask: 'mask', weights: 'weights', seed: 'seed' };

function parse(name, raw) {
  const d = DEFAULT_OPTIONS[name];
  if (typeof d === 'boolean') return raw === '1' || raw === 'true';
  if (typeof d === 'number') return Number(raw);
  return raw;
}

// { text, options, query, head } from a query string; bad values fall back to the defaults.
export function readUrlState(search, fallback) {
  const p = new URLSearchParams(search);
  const options = { ...fallback.options };
  for (const [name, key] of Object.entries(KEYS)) {
    if (!p.has(key)) continue;
    const candidate = { ...options, [name]: parse(name, p.get(key)) };
    try {
      normalizeOptions(candidate);
      Object.assign(options, candidate);
    } catch {
      // an edited or stale link: keep the default for this option
    }
  }
  const int = (key, dflt) => (Number.isInteger(Number(p.get(key))) && p.has(key) ? Math.max(0, Number(p.get(key))) : dflt);
  return { text: p.has('text') ? p.get('text') : fallback.text, document: p.get('doc') ?? fallback.document ?? '',
    options, query: int('q', fallback.query), head: int('head', fallback.head) };
}

export function writeUrlState({ text, document, options, query, head }) {
  const p = new URLSearchParams();
  p.set('text', text);
  if (document) p.set('doc', document);
  for (const [name, key] of Object.entries(KEYS))
    if (options[name] !== DEFAULT_OPTIONS[name]) p.set(key, typeof options[name] === 'boolean' ? (options[name] ? '1' : '0') : String(options[name]));
  if (query) p.set('q', String(query));
  if (head) p.set('head', String(head));
  return `?${p}`;
}
