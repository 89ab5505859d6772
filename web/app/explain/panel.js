// An explanation's panel: a <details> with the explanation's name as its class and its title as
// the summary's heading, closed unless open is set. Its body is built the first time it is
// needed: when it is opened, when the store's `explain` asks for it (a link, the tour), or,
// open from the start, once the first result is shown and the page is idle. Until then the
// panel is its summary alone: the first attention neither builds nor lays out what it does not
// show. body(store, root) appends the body to root (the open <details>, or the one about to
// open) and returns { destroy }.
import { h } from '../dom.js';
import { watch } from '../store.js';

// fn when the browser is idle (soon, where it cannot say)
const whenIdle = (fn) =>
  globalThis.requestIdleCallback ? requestIdleCallback(fn, { timeout: 1000 }) : setTimeout(fn, 50);

export function explainPanel(store, { name, title, open = false }, body) {
  const root = h('details', { class: `explain ${name}`, ...(open && { open }) }, h('summary', {}, h('h2', {}, title)));
  let view = null,
    stopAsked = null,
    stopShown = null;
  function build() {
    if (view) return;
    stopWaiting();
    view = body(store, root);
  }
  // a <details> made open sends a 'toggle' of its own for that: not a reader opening it
  let madeOpen = open;
  const onToggle = () => {
    if (root.open && !madeOpen) build();
    madeOpen = false;
  };
  function stopWaiting() {
    root.removeEventListener('toggle', onToggle);
    stopAsked?.();
    stopShown?.();
  }
  root.addEventListener('toggle', onToggle);
  let shown = false;
  stopShown = watch(store, ['result'], ({ result }) => {
    if (result && !shown) whenIdle(() => root.open && root.isConnected && build());
    shown ||= Boolean(result);
  });
  stopAsked = watch(store, ['explain'], ({ explain }) => {
    if (explain === name) build();
  });
  if (view) stopWaiting(); // asked for from the start (its watch ran before stopAsked was set)
  return {
    root,
    destroy() {
      stopWaiting();
      view?.destroy();
    },
  };
}
