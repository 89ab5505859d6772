// The HTML a blogger pastes: the script tag and the element with its poster inside (poster.js), or
// the iframe twin (dist/frame.html) with the five-line script that sizes it, or, for a platform
// with neither, a link to the live page. Used by the attention-lens-snippet command
// (snippet-cli.js) and by the embed page's form; both get the numbers from a lens.
import { escapeHtml } from './poster.js';
import { reservedHeight, reserveKind, tokenCount } from './reserve.js';

// the element's attributes that are not the analysis' options (the live page's URL carries those)
const PAGE_ONLY = new Set(['view', 'compact', 'theme', 'loading', 'base-url', 'url-state', 'sentence', 'src']);
// the width the iframe's first height is reckoned for (a blog's column)
const FRAME_WIDTH = 680;

const attributeText = (attributes) =>
  Object.entries(attributes)
    .map(([name, value]) => (value === '' || value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');

// The live page with the same state (its url-state names: text, mode, picture, the option flags).
export function liveUrl(page, attributes) {
  const url = new URL(page);
  if (attributes.sentence !== undefined) url.searchParams.set('text', attributes.sentence);
  for (const [name, value] of Object.entries(attributes))
    if (!PAGE_ONLY.has(name)) url.searchParams.set(name, value === true ? 'true' : value);
  return url.href;
}

// A file beside attention-lens.js, at src's place (a URL or a relative path).
const beside = (src, file) => src.replace(/[^/?#]*(?:[?#].*)?$/, '') + file;

// attributes: { sentence, view, heads, … } as the element takes them; src: attention-lens.js's
// URL; poster: the poster's HTML (poster.js), or ''. Before the script tag, the two files it
// loads first (the element's script and the wasm glue, as the demo page's head asks for them):
// asked for with the script instead of after it, they come ~150 ms sooner on a phone's network
// (bench/first-screen.mjs); the script does not ask again for what the page holds.
export function elementSnippet({ attributes, src, poster = '' }) {
  return (
    `<link rel="preload" href="${escapeHtml(beside(src, 'attention-lens-element.js'))}" as="script">\n` +
    `<link rel="modulepreload" href="${escapeHtml(beside(src, 'wasm/attention-lens-simd.mjs'))}">\n` +
    `<script src="${escapeHtml(src)}"></script>\n` +
    `<attention-lens${attributeText(attributes)}>\n${poster ? `  ${poster}\n` : ''}</attention-lens>`
  );
}

// frame: frame.html's URL; every attribute a parameter; its first height the reserved one at a
// blog column's width (the frame then says its own: attention-lens-resize).
export function frameSnippet({ attributes, frame, title = 'Attention Lens: self-attention, live' }) {
  const url = new URL(frame);
  for (const [name, value] of Object.entries(attributes)) url.searchParams.set(name, value === true ? '' : value);
  const height = reservedHeight(
    reserveKind((name) => (attributes[name] === undefined ? null : String(attributes[name]))),
    FRAME_WIDTH,
    tokenCount(attributes.sentence ?? ''),
  );
  return (
    `<iframe src="${escapeHtml(url.href)}" title="${escapeHtml(title)}" height="${height}" loading="lazy" ` +
    `style="width: 100%; border: 0;"></iframe>\n` +
    '<script>\n' +
    "addEventListener('message', (e) => {\n" +
    "  if (e.data?.type !== 'attention-lens-resize') return;\n" +
    "  for (const f of document.querySelectorAll('iframe')) if (f.contentWindow === e.source) f.style.height = e.data.height + 'px';\n" +
    '});\n' +
    '</script>'
  );
}

// For a platform with neither script nor iframe (a newsletter): the poster's picture, linked to
// the live page. image: its URL (the PNG the embed page's form makes).
export function linkSnippet({ live, image, alt }) {
  return `<a href="${escapeHtml(live)}"><img src="${escapeHtml(image)}" alt="${escapeHtml(alt)}" style="max-width: 100%;"></a>`;
}
