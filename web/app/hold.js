// The element's box holds the height reserved for it (reserve.js: what the page's first script
// gave it as the parser added it, so the box was there from the first paint) until its own height
// can change where nobody sees it move:
// - at once when its natural height is the reserved one;
// - when the change moves only what is below the window (the box's bottom is below it before and
//   after), or only what is above it in a browser that anchors scrolling (overflow-anchor);
// - when the reader acts on it (a pointer, a key or the focus: a change they asked for), or the window's
//   width changes (the whole page lays out again).
// Meanwhile a box shorter than its content shows a "show all" button over its last lines.
// Nothing here measures time: each check runs on an event (a render, a scroll, a resize).
import { h } from './dom.js';

// The height box would have unheld: the bottom of its last child's margin box, plus its own
// bottom padding and border (its scrollHeight is at least the held height).
function naturalHeight(box) {
  const top = box.getBoundingClientRect().top;
  let bottom = top;
  for (const child of box.children) {
    const r = child.getBoundingClientRect();
    if (!r.height || getComputedStyle(child).position === 'absolute') continue;
    bottom = Math.max(bottom, r.bottom + Number.parseFloat(getComputedStyle(child).marginBottom));
  }
  const style = getComputedStyle(box);
  return bottom - top + Number.parseFloat(style.paddingBottom) + Number.parseFloat(style.borderBottomWidth);
}

export function holdBox(host, box, reserve) {
  box.style.setProperty('--al-reserve', `${reserve}px`);
  box.classList.add('holding');
  const more = h(
    'button',
    { type: 'button', class: 'show-all', tabindex: -1, 'aria-hidden': 'true', onclick: () => release() },
    'Show all ▾',
  );
  box.append(more);
  const anchors = globalThis.CSS?.supports?.('overflow-anchor', 'auto') ?? false;
  let live = false,
    width = innerWidth,
    frame = 0;

  const check = () => {
    frame = 0;
    if (!live || !box.classList.contains('holding')) return;
    const natural = naturalHeight(box);
    const { top } = host.getBoundingClientRect();
    const unseen =
      Math.abs(natural - reserve) < 1 ||
      top + Math.min(natural, reserve) >= innerHeight ||
      (anchors && top + Math.max(natural, reserve) <= 0);
    if (unseen) release();
    else box.classList.toggle('clipped', natural > reserve + 1);
  };
  const later = () => {
    frame ||= requestAnimationFrame(check);
  };
  const resized = () => {
    if (innerWidth !== width) release();
    width = innerWidth;
  };
  const events = [
    [globalThis, 'scroll', later, { passive: true }],
    [globalThis, 'resize', resized],
    [host, 'pointerdown', () => release(), true],
    [host, 'keydown', () => release(), true],
    [host, 'focusin', () => release(), true], // Tab into it from outside: the focused control in view, not clipped
  ];
  for (const [target, type, fn, options] of events) target.addEventListener(type, fn, options);

  function release() {
    for (const [target, type, fn, options] of events) target.removeEventListener(type, fn, options);
    cancelAnimationFrame(frame);
    box.classList.remove('holding', 'clipped');
    more.remove();
  }
  return {
    // the element is live (its first analysis is on screen), and each render after it
    rendered() {
      live = true;
      later();
    },
    release,
    get holding() {
      return box.classList.contains('holding');
    },
  };
}
