// The positional encoding stage drawn over more positions than a sentence has: at 6 words its
// columns look flat, the waves show from about 50 positions. The table is the core's
// (lens.positionalEncoding, asked for through the store: compute/explanations.js); the stage shows
// the sentence's own rows (all zero) when the encoding is off.

export const WAVE_POSITIONS = 64;

// Asks for the table while the stage is drawn with the encoding on (once: it depends on nothing else).
export function askWaves(store, { result, wavesAsk }, drawn) {
  const rows = Math.max(WAVE_POSITIONS, result?.tokens.length ?? 0);
  if (drawn && result?.options.positional && wavesAsk?.rows !== rows) store.set({ wavesAsk: { rows } });
}

// The matrix the stage paints: the waves when they have come and apply, else the sentence's rows.
export function wavesOrRows({ result, wavesAnswer, wavesAsk }) {
  const n = result.tokens.length;
  const waves = result.options.positional && wavesAnswer?.ask === wavesAsk && wavesAnswer?.rows >= n;
  return waves && !wavesAnswer.error ? wavesAnswer : null;
}

// What the legend adds when the waves are drawn.
export const wavesNote = (n, rows) =>
  ` · positions 0–${rows - 1} drawn so that the waves show; your sentence is the first ${n}`;
