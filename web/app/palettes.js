// The two colour scales as 256 colours each (#rrggbb), from d3-scale-chromatic: viridis for
// weights in [0, 1] (colour-blind safe; d3's viridis is itself these 256 colours, so
// WEIGHT_HEX[i] = interpolateViridis(i / 256)), and red-blue for signed values, blue for the
// lowest (SIGNED_HEX[i] = interpolateRdBu(1 - i / 255)). Pure data: the element's classic script
// holds these lists as literals, computed when it is built (scripts/build-page.mjs, `builtIn`),
// so that d3's code stays out of the first screen's bytes.
import { rgb } from 'd3-color';
import { interpolateRdBu, interpolateViridis } from 'd3-scale-chromatic';

export const WEIGHT_HEX = Array.from({ length: 256 }, (_, i) => rgb(interpolateViridis(i / 256)).formatHex());
export const SIGNED_HEX = Array.from({ length: 256 }, (_, i) => rgb(interpolateRdBu(1 - i / 255)).formatHex());
