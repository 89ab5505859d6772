// Colour scales, configured once: colour-blind-safe viridis for weights in [0, 1] (a CSS colour,
// for the SVG export and styles), a diverging red-blue for signed values (scores, vectors)
// centred on 0, and both as 256-entry pixel palettes for painting canvases. The colours are
// d3-scale-chromatic's (palettes.js).
import { SIGNED_HEX, WEIGHT_HEX } from './palettes.js';

// a weight's colour: d3's viridis (256 colours) at the weight clamped to [0, 1]
export const weightScale = (w) => WEIGHT_HEX[Math.min(255, Math.floor(Math.min(1, Math.max(0, w)) * 256))];

export function maxAbs(data) {
  let m = 0;
  for (let i = 0; i < data.length; i++) {
    const a = Math.abs(data[i]);
    if (a > m) m = a;
  }
  return m;
}

// A lookup table of 256 colours for fast pixel painting: lut[i] = the colour of lo + (hi - lo)·i/255
// as one 32-bit RGBA pixel (in the machine's byte order, as ImageData's bytes read through a
// Uint32Array). Built once per palette: WEIGHT_COLORS on [0, 1], SIGNED_COLORS on [-m, m].
const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
export const packRgba = (r, g, b) =>
  (littleEndian ? (255 << 24) | (b << 16) | (g << 8) | r : (r << 24) | (g << 16) | (b << 8) | 255) >>> 0;
const lut = (hex) =>
  Uint32Array.from(hex, (c) => {
    const v = Number.parseInt(c.slice(1), 16);
    return packRgba(v >> 16, (v >> 8) & 255, v & 255);
  });
export const WEIGHT_COLORS = lut(WEIGHT_HEX);
export const SIGNED_COLORS = lut(SIGNED_HEX);
