// Opening an explanation on request: the store's `explain` names the one asked for, from the page's
// URL (?explain=encoder-decoder, read by url-state.js) or from the tour (store.set({ explain })).
// The named <details> opens itself and, once it has drawn and the page above it has its result,
// scrolls into view and stays at the top while the page above it draws (until the reader scrolls
// or acts); opening or closing it by hand keeps `explain` in step, so that a link made afterwards
// says which one is open.
import { watch } from '../store.js';
import { keepAtTop } from './keep-at-top.js';

const ACTS = ['wheel', 'touchmove', 'keydown', 'pointerdown'];

export function openOnRequest(store, details, name) {
  let pending = false, // a request waits to be scrolled to
    drawn = false,
    stopKeeping = () => {};
  // the views above draw the result before this runs (they subscribed first); what draws later is followed
  const scroll = () => {
    if (!pending || !drawn || !store.get().result || !details.isConnected) return;
    pending = false;
    stopKeeping = keepAtTop(details, [details.getRootNode().host ?? details, details], { stopOn: ACTS, yields: true });
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
    if (!details.open) stopKeeping();
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
      stopKeeping();
      details.removeEventListener('toggle', onToggle);
    },
  };
}
