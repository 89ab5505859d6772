// An explanation's panel: a <details> with the explanation's name as its class and its title as
// the summary's heading, closed unless open is set; the rest are its children.
import { h } from '../dom.js';

export function explainPanel(name, title, { open = false } = {}, ...children) {
  return h(
    'details',
    { class: `explain ${name}`, ...(open && { open }) },
    h('summary', {}, h('h2', {}, title)),
    ...children,
  );
}
