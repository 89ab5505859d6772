// Thinning a training curve for a log step axis: the points kept are spread evenly in log(steps),
// so the fast early drop keeps as many points as the slow thousands of steps after it (halving
// every other point would leave the first hundred steps one straight segment).

// points: [{ steps, ... }] in order of steps. Keeps at most about max / 2 + 1 points: each at
// least 1 / (max / 2) of the log range past the one kept before it, and always the latest.
export function thinLogSteps(points, max) {
  if (points.length <= max) return points;
  const last = points.at(-1).steps;
  const gap = Math.log10(Math.max(10, last)) / (max / 2);
  const out = [];
  let next = -Infinity;
  for (const p of points) {
    const at = Math.log10(Math.max(1, p.steps));
    if (at >= next) {
      out.push(p);
      next = at + gap;
    }
  }
  if (out.at(-1) !== points.at(-1)) out.push(points.at(-1));
  return out;
}
