// The training curve's thinning (web/app/train/thin.js): kept evenly in log(steps), as the curve's
// axis is, so the first hundred steps keep their shape after thousands more.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { thinLogSteps } from '../../web/app/train/thin.js';

const MAX = 400;
// a run as the session sees it: a progress message every 5 steps, thinned on each one
function run(lastStep, thin) {
  let points = [];
  for (let s = 5; s <= lastStep; s += 5) points = thin([...points, { steps: s, loss: Math.exp(-s / 300) }], MAX);
  return points;
}
const halving = (points, max) => (points.length > max ? points.filter((_, i) => i % 2 === 0) : points);

test('after 20,000 steps the first 100 steps still hold points spread in log(steps), the halving did not', () => {
  const kept = run(20000, thinLogSteps);
  assert.ok(kept.length <= MAX, `${kept.length} points`);
  assert.equal(kept.at(-1).steps, 20000, 'the latest point is kept');
  const early = kept.filter((p) => p.steps <= 100).length,
    halvedEarly = run(20000, halving).filter((p) => p.steps <= 100).length;
  assert.ok(early >= 10, `${early} points in the first 100 steps`);
  assert.ok(halvedEarly < 3, `halving kept ${halvedEarly}`); // the straight line the issue saw
  // evenly in log(steps): no decade of steps holds more than twice its share
  const decades = [10, 100, 1000, 10000, 20000].map(
    (hi, k, a) => kept.filter((p) => p.steps > (k ? a[k - 1] : 0) && p.steps <= hi).length,
  );
  const perDecade = kept.length / Math.log10(20000);
  for (const [k, n] of decades.slice(1, 4).entries())
    assert.ok(n <= 2 * perDecade, `decade ${k + 1}: ${n} points (share ${perDecade.toFixed(0)})`);
});

test('a short run is kept whole', () => {
  const points = Array.from({ length: 50 }, (_, i) => ({ steps: i + 1 }));
  assert.equal(thinLogSteps(points, MAX), points);
});
