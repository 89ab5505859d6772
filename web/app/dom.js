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

// Sets el's text only when it differs: writing the same text still replaces the text node,
// and the browser lays the panel out again for it.
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
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
