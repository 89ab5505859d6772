// Keeps el at the top of the window now and whenever what it is laid out in changes size (panels
// above it draw lazily and push it down), until the reader scrolls by hand (or acts: stopOn).
// One element at a time is kept: a call replaces the one before, unless it says `yields` (a deep
// link's panel gives way to the tour's figure, which may sit inside it). Returns what stops it.
const SCROLLS = ['wheel', 'touchmove'];
let current = null; // the stop function of the element kept now

export function keepAtTop(el, watched, { stopOn = SCROLLS, yields = false } = {}) {
  if (current && yields) return () => {};
  current?.();
  if (typeof ResizeObserver === 'undefined') {
    el.scrollIntoView?.({ block: 'start' });
    return () => {};
  }
  const observer = new ResizeObserver(() => el.scrollIntoView?.({ block: 'start' })); // at once, then on each change
  for (const box of watched) observer.observe(box);
  const stop = () => {
    observer.disconnect();
    for (const type of stopOn) removeEventListener(type, stop, true);
    if (current === stop) current = null;
  };
  for (const type of stopOn) addEventListener(type, stop, { passive: true, capture: true });
  current = stop;
  return stop;
}
