// An explanation's body that comes with a part (web/app/parts.js): the panel (panel.js) builds it
// as it would its own, and it draws once the part has arrived. Until then the panel is busy
// (aria-busy); if the part cannot be loaded, the panel says so.
import { h } from '../dom.js';

// What the page says where a part could not come: what could not be loaded, and why.
export const partFailed = (what, e) =>
  h('p', { class: 'error', role: 'alert' }, `${what} could not be loaded: ${e.message}.`);

export function partBody(load, name) {
  return (store, root) => {
    let view = null,
      gone = false;
    root.setAttribute('aria-busy', 'true');
    load().then(
      (part) => {
        if (!gone) view = part[name](store, root);
        root.removeAttribute('aria-busy');
      },
      (e) => {
        root.removeAttribute('aria-busy');
        if (!gone) root.append(partFailed('This explanation', e));
      },
    );
    return {
      destroy() {
        gone = true;
        view?.destroy();
      },
    };
  };
}
