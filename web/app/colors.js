// Colour scales, configured once: colour-blind-safe viridis for weights in [0, 1] (d3-scale,
// for the SVG export), a diverging red-blue for signed values (scores, vectors) centred on 0,
// and both as 256-entry pixel palettes for painting canvases.
import { scaleSequential } from 'd3-scale';
import { interpolateRdBu, interpolateViridis } from 'd3-scale-chromatic';
import { rgb } from 'd3-color';

export const weightScale = scaleSequential(interpolateViridis).domain([0, 1]).clamp(true);

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
function lut(interpolate) {
  const out = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    const c = rgb(interpolate(i / 255));
    out[i] = packRgba(c.r, c.g, c.b);
  }
  return out;
}
export const WEIGHT_COLORS = lut(interpolateViridis);
export const SIGNED_COLORS = lut((t) => interpolateRdBu(1 - t));
