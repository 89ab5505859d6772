// frame.html: the element made from the page's URL parameters (each an attribute of the same name:
// sentence, view, compact, theme, heads, mask …), started at once, and its height sent to the page
// that holds the iframe whenever it changes, for a host script to size the iframe (README).
const params = new URLSearchParams(location.search);
const lens = document.createElement('attention-lens');
for (const [name, value] of params)
  if (/^[a-z][a-z-]*$/.test(name) && name !== 'url-state') lens.setAttribute(name, value);
lens.setAttribute('loading', 'eager'); // an iframe is loaded when it is near the window already
lens.setAttribute('data-frame', ''); // no box held at a reserved height: the host sizes the frame to it
document.getElementById('frame').append(lens);

let sent = 0;
const tell = () => {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height === sent || window.parent === window) return;
  sent = height;
  window.parent.postMessage({ type: 'attention-lens-resize', height }, '*');
};
new ResizeObserver(tell).observe(document.documentElement);
