// Building DOM safely: text goes in as text nodes, never as HTML.

// h('div', { class: 'x', onclick: f, 'aria-label': 'y' }, 'text', child, ...); 'svg:line' makes SVG
export function h(tag, props = {}, ...children) {
  const svg = tag.startsWith('svg:');
  const el = svg ? document.createElementNS('http://www.w3.org/2000/svg', tag.slice(4)) : document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else if (key === 'class') el.setAttribute('class', value);
    else if (!svg && key in el && !key.includes('-') && typeof value !== 'string') el[key] = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

// Sets el's text only when it differs, and in its one text node when it has one: writing
// textContent replaces the node (even with the same text), and the browser styles and lays out
// the new one; a changed text node is only laid out again.
export function setText(el, text) {
  const node = el.firstChild;
  if (node && node === el.lastChild && node.nodeType === Node.TEXT_NODE) {
    if (node.data !== text) node.data = text;
  } else if (el.textContent !== text) el.textContent = text;
  return el;
}

// Shows or hides el, touching the attribute only when that changes (setting it to what it is
// still makes the browser check the element's style again).
export function setHidden(el, hidden) {
  if (el.hidden !== hidden) el.hidden = hidden;
  return el;
}

let ids = 0;
export const uniqueId = (prefix) => `${prefix}-${++ids}`;

// Makes parent hold exactly count children, reusing the ones it has: create(i) makes a new
// child, update(child, i) fills it in. Keeps repaints from rebuilding whole lists.
export function syncChildren(parent, count, create, update) {
  while (parent.children.length > count) parent.lastElementChild.remove();
  while (parent.children.length < count) parent.append(create(parent.children.length));
  for (let i = 0; i < count; i++) update(parent.children[i], i);
}
