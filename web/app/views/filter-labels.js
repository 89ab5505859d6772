// The heatmap's token labels, drawn on two canvases the size of the visible part of the filter
// (the rows' labels on the left, the keys' labels above, slanted), for the rows and columns in
// view only: a filter of 1,024 words costs no more to label than one of 30. Unknown words in
// italics, the query word in bold blue.
import { label } from '../format.js';

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

// Sets ctx.font only when it changes: each assignment parses the font, and on a canvas in the
// document it first brings the page's dirty styles up to date (Chromium: ~4–6 ms a label, 50 ms
// of the first screen, before this).
const fonts = new WeakMap(); // context -> the font last set (a resize resets it: sized())
function useFont(ctx, font) {
  if (fonts.get(ctx) === font) return;
  ctx.font = font;
  fonts.set(ctx, font);
}

// The labels are drawn on a canvas out of the document (an OffscreenCanvas, where there is one)
// and copied onto the one shown in a single drawImage: a canvas with no element has no styles to
// bring up to date when its font is set. (A Gecko profile of a keystroke at 64 tokens: 2.1 ms of
// font setting, most of it the page's style flush, before this.)
const offscreen = new WeakMap(); // shown canvas -> its OffscreenCanvas
function sized(canvas, width, height) {
  const dpr = globalThis.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(width * dpr)),
    h = Math.max(1, Math.round(height * dpr));
  // (a style written, even the same, makes the next ctx.font recompute the page's styles)
  if (canvas.style.width !== `${width}px`) canvas.style.width = `${width}px`;
  if (canvas.style.height !== `${height}px`) canvas.style.height = `${height}px`;
  let target = canvas;
  if (typeof OffscreenCanvas === 'function') {
    if (canvas.width !== w) canvas.width = w;
    if (canvas.height !== h) canvas.height = h;
    target = offscreen.get(canvas);
    if (!target) offscreen.set(canvas, (target = new OffscreenCanvas(w, h)));
  }
  const ctx = target.getContext('2d');
  if (target.width !== w || target.height !== h) fonts.delete(ctx); // a new size resets the context
  if (target.width !== w) target.width = w;
  if (target.height !== h) target.height = h;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return ctx;
}
// what was drawn out of the document, onto the canvas shown
function show(canvas) {
  const drawn = offscreen.get(canvas);
  if (!drawn) return;
  const ctx = canvas.getContext('2d');
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(drawn, 0, 0);
}

const fontFor = (cell, t, bold) =>
  `${t.known || t.standIn ? '' : 'italic '}${bold ? '700 ' : ''}${Math.min(12, Math.max(9, cell * 0.8))}px ${FONT}`;

// rows: the query tokens; [scrollTop, viewHeight] the visible part; cell: CSS px per row; colours:
// the theme's { text, muted, accent } (theme.js).
export function paintRowLabels(canvas, tokens, { cell, width, scroll, height, query, colours }) {
  const ctx = sized(canvas, width, height);
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  const first = Math.max(0, Math.floor(scroll / cell)),
    last = Math.min(tokens.length, Math.ceil((scroll + height) / cell));
  for (let i = first; i < last; i++) {
    useFont(ctx, fontFor(cell, tokens[i], i === query));
    ctx.fillStyle = i === query ? colours.accent : tokens[i].known || tokens[i].standIn ? colours.text : colours.muted;
    ctx.fillText(label(tokens[i], 14), width - 6, (i + 0.5) * cell - scroll);
  }
  show(canvas);
}

// the keys' labels, slanted up and to the right from the bottom of the canvas
export function paintColumnLabels(canvas, tokens, { cell, height, scroll, width, colours }) {
  const ctx = sized(canvas, width, height);
  ctx.textBaseline = 'middle';
  const first = Math.max(0, Math.floor(scroll / cell) - 4), // slanted labels reach a few columns left
    last = Math.min(tokens.length, Math.ceil((scroll + width) / cell));
  for (let j = first; j < last; j++) {
    useFont(ctx, fontFor(cell, tokens[j], false)); // before save(): restore() would undo it
    ctx.save();
    ctx.translate((j + 0.5) * cell - scroll, height - 4);
    ctx.rotate(-Math.PI / 3);
    ctx.fillStyle = tokens[j].known || tokens[j].standIn ? colours.text : colours.muted;
    ctx.fillText(label(tokens[j], 12), 0, 0);
    ctx.restore();
  }
  show(canvas);
}
