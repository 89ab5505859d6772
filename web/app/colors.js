// Colour scales, configured once (d3-scale): colour-blind-safe viridis for weights in [0, 1],
// a diverging red-blue for signed values (scores, vectors) centred on 0.
import { scaleDiverging, scaleSequential } from 'd3-scale';
import { interpolateRdBu, interpolateViridis } from 'd3-scale-chromatic';
import { rgb } from 'd3-color';

export const weightScale = scaleSequential(interpolateViridis).domain([0, 1]).clamp(true);

// A diverging scale for values in [-extent, extent] (blue negative, red positive).
export function signedScale(extent) {
  const m = extent > 0 ? extent : 1;
  return scaleDiverging((t) => interpolateRdBu(1 - t)).domain([-m, 0, m]).clamp(true);
}

export function maxAbs(data) {
  let m = 0;
  for (let i = 0; i < data.length; i++) {
    const a = Math.abs(data[i]);
    if (a > m) m = a;
  }
  return m;
}

// A lookup table of 256 RGB triples for fast pixel painting: lut[3 * i ..] = colour of i / 255.
export function lut(scale, lo, hi) {
  const out = new Uint8ClampedArray(256 * 3);
  for (let i = 0; i < 256; i++) {
    const c = rgb(scale(lo + ((hi - lo) * i) / 255));
    out.set([c.r, c.g, c.b], 3 * i);
  }
  return out;
}

// Text colour readable on a given scale colour.
export function inkOn(color) {
  const c = rgb(color);
  return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b > 140 ? '#111' : '#fff';
}
