// The one seeded generator of the JavaScript code: mulberry32, uniform numbers in [0, 1) that
// repeat for a seed (the page's shuffles, the quantization error figures, the benchmark's
// inputs). The C++ code has its own, src/core/random.h.
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A seeded permutation of 0 .. n-1 (Fisher–Yates).
export function permutation(n, seed) {
  const next = mulberry32(seed);
  const p = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [p[i], p[j]] = [p[j], p[i]];
  }
  return p;
}
