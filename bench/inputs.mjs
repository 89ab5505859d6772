// Seeded inputs, the FLOP count, timing and checking shared by every peer in the benchmark.
import { mulberry32 } from '../web/lib/random.js';

// One configuration's inputs: X (n×d) in [-1, 1); W_Q, W_K, W_V, W_O Xavier-uniform, each d×d.
export function makeInputs(n, d, heads, seed = 1) {
  const next = mulberry32(seed * 7919 + n * 31 + d);
  const x = Float32Array.from({ length: n * d }, () => 2 * next() - 1);
  const limit = Math.sqrt(6 / (2 * d));
  const weights = Float32Array.from({ length: 4 * d * d }, () => (2 * next() - 1) * limit);
  return { n, d, heads, x, weights, w: [0, 1, 2, 3].map((i) => weights.subarray(i * d * d, (i + 1) * d * d)) };
}

// Q,K,V and output projections 4 × 2·n·d², QKᵀ and weights·V 2 × 2·n²·d.
export const flops = (n, d) => 8 * n * d * d + 4 * n * n * d;

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

// Runs fn until at least minMs have passed and minReps runs are done, at most maxReps, after
// a warm-up of at least warmMs (V8 first runs wasm in its baseline compiler, Liftoff, and
// tiers hot functions up to TurboFan in the background); returns the times in ms and the last
// result.
export async function timeRuns(fn, { minMs = 1500, minReps = 5, maxReps = 200, warmMs = 500 } = {}) {
  let result = await fn();
  for (let t0 = performance.now(), runs = 1; performance.now() - t0 < warmMs && runs < 2000; runs++)
    result = await fn();
  const times = [];
  const start = performance.now();
  while (times.length < maxReps && (times.length < minReps || performance.now() - start < minMs)) {
    const t0 = performance.now();
    result = await fn();
    times.push(performance.now() - t0);
  }
  return { times, result };
}

// max |got - want| / max(1, max |want|)
export function scaledError(got, want) {
  if (!got || got.length !== want.length) return Infinity;
  let worst = 0,
    scale = 1;
  for (let i = 0; i < want.length; i++) {
    const diff = Math.abs(got[i] - want[i]);
    worst = Math.max(worst, Number.isNaN(diff) ? Infinity : diff);
    scale = Math.max(scale, Math.abs(want[i]));
  }
  return worst / scale;
}
