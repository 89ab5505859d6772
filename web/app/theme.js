// The element's colours: theme="light", "dark" or "auto" (the default). Auto is dark where the host
// page shows dark: its color-scheme lists dark and the reader prefers it (or lists dark alone), or
// the page around the element is dark. The colours themselves are CSS custom properties
// (attention-lens-base.css); what a canvas draws in them is read here, once per theme.

// the relative luminance (WCAG) of an rgb(…) or rgba(…) colour, or null for a transparent one
function luminance(css) {
  const m = css.match(/rgba?\(([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+%?))?\)/);
  if (!m || (m[4] !== undefined && Number.parseFloat(m[4]) === 0)) return null;
  const channel = (v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(m[1]) + 0.7152 * channel(m[2]) + 0.0722 * channel(m[3]);
}

// the first opaque background behind the element, dark or not
function darkAround(host) {
  for (let el = host.parentElement; el; el = el.parentElement) {
    const l = luminance(getComputedStyle(el).backgroundColor);
    if (l !== null) return l < 0.18;
  }
  return false;
}

export function resolveTheme(host) {
  const asked = host.getAttribute('theme');
  if (asked === 'light' || asked === 'dark') return asked;
  const scheme = getComputedStyle(host).colorScheme ?? '';
  const prefersDark = Boolean(globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches);
  if (/\bdark\b/.test(scheme) && (prefersDark || !/\blight\b/.test(scheme))) return 'dark';
  return darkAround(host) ? 'dark' : 'light';
}

// Keeps .lens's data-theme (and the store's `theme`) the resolved theme: now, when the reader's
// preference changes, and when the host's theme attribute does (call the returned update).
export function followTheme(host, lens, store) {
  const update = () => {
    const theme = resolveTheme(host);
    if (lens.dataset.theme !== theme) lens.dataset.theme = theme;
    store.set({ theme });
  };
  update();
  const media = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
  media?.addEventListener?.('change', update);
  return { update, stop: () => media?.removeEventListener?.('change', update) };
}

// The theme's colours a canvas draws with: { text, muted, accent } from the custom properties.
const cache = new WeakMap(); // root node -> { theme, colours }
export function canvasColours(el, theme) {
  const root = el.getRootNode();
  const hit = cache.get(root);
  if (hit?.theme === theme) return hit.colours;
  const style = getComputedStyle(el);
  const read = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
  const colours = {
    text: read('--text', '#1b1f24'),
    muted: read('--muted', '#5c636a'),
    accent: read('--accent', '#3b5bdb'),
  };
  cache.set(root, { theme, colours });
  return colours;
}
