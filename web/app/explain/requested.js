// Opening an explanation on request: the store's `explain` names the one asked for, from the page's
// URL (?explain=encoder-decoder, read by url-state.js) or from the tour (store.set({ explain })).
// The named <details> opens itself and, once it has drawn and the page above it has its result,
// scrolls into view; opening or closing it by hand keeps `explain` in step, so that a link made
// afterwards says which one is open.
import { watch } from '../store.js';

export function openOnRequest(store, details, name) {
  let pending = false, // a request waits to be scrolled to
    drawn = false;
  // the views above draw the result before this runs (they subscribed first): the layout is final
  const scroll = () => {
    if (!pending || !drawn || !store.get().result || !details.isConnected) return;
    pending = false;
    details.scrollIntoView({ block: 'start' });
  };
  const stop = watch(store, ['explain', 'result'], ({ explain }) => {
    if (explain === name && !details.open) {
      pending = true;
      drawn = false;
      details.open = true; // its 'toggle' event makes the view draw
    }
    scroll();
  });
  const onToggle = () => {
    const { explain } = store.get();
    if (details.open && explain !== name) store.set({ explain: name });
    else if (!details.open && explain === name) store.set({ explain: null });
  };
  details.addEventListener('toggle', onToggle);
  onToggle(); // a view built as its panel opened (panel.js) missed that 'toggle'
  return {
    // The view calls this when it has drawn.
    drawn() {
      drawn = true;
      scroll();
    },
    destroy() {
      stop();
      details.removeEventListener('toggle', onToggle);
    },
  };
}
