// One landmark per element: the host is a region named for what it shows (“Attention Lens: A
// Lannister always pays his debts”), unless the page named it itself (aria-label or
// aria-labelledby on the element); the element's own parts (the filter, the search, the options …)
// are named groups inside it, not landmarks, so that a page with several elements (the embed
// example has five) has no two landmarks of one name.
import { watch } from './store.js';

const labelled = new WeakSet(); // the hosts whose aria-label this module wrote

export function asOneLandmark(host, shadow, store) {
  if (!host.hasAttribute('role')) host.setAttribute('role', 'region');
  for (const s of shadow.querySelectorAll('section[aria-label], section[aria-labelledby]'))
    if (!s.hasAttribute('role')) s.setAttribute('role', 'group');
  const named = host.hasAttribute('aria-labelledby') || (host.hasAttribute('aria-label') && !labelled.has(host));
  if (named) return () => {};
  labelled.add(host);
  const short = (text) => {
    const t = text.trim().replace(/\s+/g, ' ');
    return t.length > 60 ? `${t.slice(0, 59)}…` : t || 'no sentence yet';
  };
  return watch(store, ['mode', 'text', 'picture'], ({ mode, text, picture }) =>
    host.setAttribute(
      'aria-label',
      mode === 'image' ? `Attention Lens: ${picture?.title ?? 'a picture'}` : `Attention Lens: ${short(text)}`,
    ),
  );
}
