// How the scores are scaled, in words and formulas, one statement for every view (the step by
// step, the arithmetic of one weight): dot products are divided by √d_k, cosines (already between
// −1 and 1) multiplied by the core's cosine scale, and both divided by the temperature T.
import { SCHEMA } from '../lib/generated/schema.js';

export const COSINE_SCALE = SCHEMA.cosineScale; // the core's kCosineScale (src/core/attention.h)

const cosineOf = (o) => o.similarity === 'cosine';

// the scaled scores as a formula of S: "S / (√d_k · T)", "10 · S / T" or "S / T"
export function scaledFormula(o) {
  if (!o.scale) return 'S / T';
  return cosineOf(o) ? `${COSINE_SCALE} · S / T` : 'S / (√d_k · T)';
}

export const weightsFormula = (o) => `softmax(${scaledFormula(o)})`;

// what the scaling step does, in a sentence
export function scaledText(o) {
  if (!o.scale) return 'Not scaled (the option is off): only divided by the temperature T.';
  return cosineOf(o)
    ? `Cosines lie between −1 and 1, too close together for the softmax to choose: multiplied by ${COSINE_SCALE} (and divided by the temperature T).`
    : 'Divided by √d_k (and the temperature T) so that the softmax does not saturate.';
}

// the trace's label of the step: "÷ √d_k", "× 10 (the cosine scale)", each "and ÷ T" when T ≠ 1
export function scalingLabel(o) {
  const t = o.temperature !== 1 ? ' and ÷ T' : '';
  if (!o.scale) return '÷ T';
  return cosineOf(o) ? `× ${COSINE_SCALE} (the cosine scale)${t}` : `÷ √d_k${t}`;
}
