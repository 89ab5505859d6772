// The image mode through the JS API, in Node on both wasm builds: a synthetic picture's patches
// attend to their own region, no patch of the built-in photos puts more than half of its weight
// on itself under the default options, every step has its documented shape, bad pictures and
// options are refused with a message, and nothing leaks.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import { IMAGE_HEAD_COUNTS, PATCH_SIZES } from '../../web/lib/index.js';
import { BUILDS, builtInPhotos, cliJson, lensFor, maxDiff } from './helpers.mjs';

// A w × h picture: the left third red, the rest blue, with seeded noise of ±8 levels.
function twoRegions(w, h) {
  const data = new Uint8ClampedArray(w * h * 4);
  let seed = 7;
  const noise = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return ((seed >>> 16) % 17) - 8;
  };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const left = x < w / 3;
      data[i] = (left ? 200 : 40) + noise();
      data[i + 1] = 60 + noise();
      data[i + 2] = (left ? 40 : 190) + noise();
      data[i + 3] = 255;
    }
  return { width: w, height: h, data };
}

for (const build of BUILDS) {
  test(`${build}: a patch of one region puts almost all its weight on that region`, async () => {
    const lens = await lensFor(build);
    const r = await lens.analyzeImage(twoRegions(224, 224), { patch: 32 });
    try {
      assert.deepEqual(r.grid, { patch: 32, side: 7, count: 49 });
      const w = r.step('weights', 0);
      assert.deepEqual([w.rows, w.cols], [49, 49]);
      // patch column 0 and 1 (x < 64) are mostly red; 2 straddles; 3..6 blue
      const region = (t) => ((t % 7) * 32 + 16 < 224 / 3 ? 'red' : 'blue');
      for (const q of [0, 8, 48, 24]) {
        let same = 0,
          sum = 0;
        for (let j = 0; j < 49; j++) {
          sum += w.data[q * 49 + j];
          if ((j % 7 === 2) === false && region(j) === region(q)) same += w.data[q * 49 + j];
        }
        assert.ok(Math.abs(sum - 1) < 1e-5, `row ${q} sums to ${sum}`);
        if (q % 7 !== 2) assert.ok(same > 0.95, `patch ${q}: ${same} of its weight on its own region`);
      }
    } finally {
      r.dispose();
    }
  });

  test(`${build}: under the default options, no patch of the four photos puts more than half of its weight on itself`, async () => {
    const lens = await lensFor(build);
    const found = [];
    for (const photo of builtInPhotos())
      for (const patch of PATCH_SIZES) {
        const r = await lens.analyzeImage(photo, { patch });
        try {
          const { rows: n, data } = r.step('blendWeights');
          let largest = 0;
          for (let i = 0; i < n; i++) largest = Math.max(largest, data[i * n + i]);
          found.push(`${photo.name} ${patch} px: ${largest.toFixed(4)}`);
          assert.ok(largest <= 0.5, `${photo.name}, patch ${patch}: a patch puts ${largest} of its weight on itself`);
        } finally {
          r.dispose();
        }
      }
    assert.equal(found.length, 12, found.join('; '));
  });

  test(`${build}: every image step has its documented shape, at every patch size`, async () => {
    const lens = await lensFor(build);
    for (const patch of PATCH_SIZES) {
      const heads = IMAGE_HEAD_COUNTS[3];
      const r = await lens.analyzeImage(twoRegions(300, 200), { patch, heads });
      try {
        const n = (224 / patch) ** 2,
          values = patch * patch * 3;
        const shape = (name, head) => [r.step(name, head).rows, r.step(name, head).cols];
        assert.deepEqual(shape('view'), [224, 672]);
        assert.deepEqual(shape('pixels'), [n, values]);
        assert.deepEqual(shape('embeddings'), [n, 48]);
        assert.deepEqual(shape('query', 1), [n, 48 / heads]);
        assert.deepEqual(shape('weights', heads - 1), [n, n]);
        assert.deepEqual(shape('blended'), [n, values]);
        assert.deepEqual(shape('filtered'), [224, 672]);
        assert.deepEqual([r.decode('value').rows, r.decode('value').cols], [n, values]);
        // filter × V: each blended patch is the weighted mean of the patches' pixels
        const P = r.step('blendWeights').data,
          X = r.step('pixels').data,
          B = r.step('blended').data;
        for (const i of [0, n - 1])
          for (const c of [0, values - 1]) {
            let want = 0;
            for (let j = 0; j < n; j++) want += P[i * n + j] * X[j * values + c];
            assert.ok(Math.abs(B[i * values + c] - want) < 1e-4, `blend ${i},${c}: ${B[i * values + c]} vs ${want}`);
          }
      } finally {
        r.dispose();
      }
    }
  });

  test(`${build}: the self mask gives each patch's own key exactly 0, and the core's mask rows say so`, async () => {
    const lens = await lensFor(build);
    for (const mask of ['self', 'none']) {
      const r = await lens.analyzeImage(twoRegions(64, 64), { patch: 32, mask });
      try {
        const w = r.step('weights');
        // the core's rows one call each, asked before its table (which then serves the rows)
        const rows = Array.from({ length: 49 }, (_, i) => r.maskRow(i));
        const table = r.maskTable();
        assert.deepEqual([table.rows, table.cols], [49, 49]);
        for (let i = 0; i < 49; i++) {
          if (mask === 'self') assert.equal(w.data[i * 49 + i], 0);
          for (let j = 0; j < 49; j++) {
            assert.equal(r.masked(i, j), mask === 'self' && i === j, `${mask}: patch ${i}, key ${j}`);
            assert.equal(table.data[i * 49 + j], rows[i][j]);
          }
        }
        assert.throws(() => r.maskRow(49), RangeError); // a query past the last patch
      } finally {
        r.dispose();
      }
    }
  });

  test(`${build}: bad pictures and options are refused with a message, and nothing leaks`, async () => {
    const lens = await lensFor(build);
    const before = lens.memoryStats();
    await assert.rejects(
      lens.analyzeImage({ width: 2, height: 2, data: new Uint8Array(10) }),
      /has 10 bytes, but a 2 × 2/,
    );
    await assert.rejects(lens.analyzeImage({ width: 0, height: 2, data: new Uint8Array(0) }), TypeError);
    await assert.rejects(lens.analyzeImage(null), TypeError);
    await assert.rejects(lens.analyzeImage(twoRegions(8, 8), { patch: 12 }), /patch must be one of 32, 16, 8, got 12/);
    await assert.rejects(lens.analyzeImage(twoRegions(8, 8), { mask: 'causal' }), /mask must be one of 'none', 'self'/);
    await assert.rejects(lens.analyzeImage(twoRegions(8, 8), { heads: 5 }), /heads must be one of 1, 2, 3, 4, 6/);
    await assert.rejects(lens.analyzeImage(twoRegions(8, 8), { weights: 'trained' }), /no trained weights/);
    for (let i = 0; i < 20; i++) (await lens.analyzeImage(twoRegions(40, 30), { patch: 16 })).dispose();
    const after = lens.memoryStats();
    assert.equal(after.liveAnalyses, before.liveAnalyses);
    assert.equal(after.emvalHandles, before.emvalHandles);
  });
}

test("the wasm builds give the native CLI's numbers for the same picture", async (t) => {
  const picture = twoRegions(120, 90);
  const png = new PNG({ width: 120, height: 90 });
  png.data.set(picture.data);
  const dir = mkdtempSync(join(tmpdir(), 'al-img-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'p.png');
  writeFileSync(file, PNG.sync.write(png));
  const options = { patch: 16, heads: 4, positional: true, weights: 'random', seed: 3, mask: 'self' };
  const cli = cliJson([
    '--image',
    file,
    '--patch',
    '16',
    '--heads',
    '4',
    '--positional',
    '--weights',
    'random',
    '--seed',
    '3',
    '--mask',
    'self',
    '--steps',
    'weights,output,blended',
  ]);
  for (const build of BUILDS) {
    const r = await (await lensFor(build)).analyzeImage(picture, options);
    try {
      for (let h = 0; h < 4; h++)
        assert.ok(maxDiff(r.step('weights', h), cli.steps.weights.data[h]) < 1e-5, `weights ${h}`);
      assert.ok(maxDiff(r.step('output'), cli.steps.output.data) < 1e-5, 'output');
      assert.ok(maxDiff(r.step('blended'), cli.steps.blended.data) < 1e-5, 'blended');
    } finally {
      r.dispose();
    }
  }
});
