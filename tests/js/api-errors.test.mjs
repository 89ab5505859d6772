// The JS API's refusals: sizes checked before anything is copied into wasm memory, the error
// classes index.d.ts documents (TypeError for a bad picture or option, RangeError for an index),
// and one sentence naming what was wrong and the limit.
import assert from 'node:assert/strict';
import test from 'node:test';
import { normalizeImageOptions, normalizeOptions } from '../../web/lib/index.js';
import { BUILDS, lensFor } from './helpers.mjs';

const picture = (side) => ({ width: side, height: side, data: new Uint8Array(side * side * 4).fill(128) });

for (const build of BUILDS) {
  test(`${build}: a picture over the size limits is refused with a TypeError before its bytes are copied`, async () => {
    const lens = await lensFor(build);
    const before = lens.memoryStats().memoryBytes;
    // 1 GiB of (lazily zeroed) pixels: copied in before the check, it grew wasm memory past 1 GB
    const huge = { width: 16384, height: 16384, data: new Uint8Array(2 ** 30) };
    await assert.rejects(lens.analyzeImage(huge), {
      name: 'TypeError',
      message: 'attention-lens: the image is 16384 × 16384 pixels: at most 67108864 pixels in all',
    });
    assert.equal(lens.memoryStats().memoryBytes, before, 'wasm memory grew');
    for (const [width, height, limit] of [
      [32768, 16384, /each side may be at most 16384 pixels/],
      [20000, 1, /each side may be at most 16384 pixels/],
      [2 ** 40, 2 ** 40, /each side may be at most 16384 pixels/],
    ])
      await assert.rejects(lens.analyzeImage({ width, height, data: new Uint8Array(4) }), {
        name: 'TypeError',
        message: limit,
      });
  });

  test(`${build}: options the core refuses for a picture are TypeErrors with the core's sentence`, async () => {
    const lens = await lensFor(build);
    await assert.rejects(lens.analyzeImage(picture(32), { heads: 4, blendHead: 4 }), {
      name: 'TypeError',
      message: /blend/,
    });
    await assert.rejects(lens.analyzeImage(picture(32), { weights: 'trained' }), {
      name: 'TypeError',
      message: /no trained weights are loaded/,
    });
    await assert.rejects(lens.analyze('a sentence', { weights: 'trained' }), {
      name: 'TypeError',
      message: /no trained weights are loaded/,
    });
  });

  test(`${build}: a row, top or cell index that is NaN, negative or fractional is a RangeError, not row 0`, async () => {
    const lens = await lensFor(build);
    const r = await lens.analyze('A Lannister always pays his debts');
    const image = await lens.analyzeImage(picture(32), { patch: 32 });
    try {
      for (const row of [Number.NaN, -1, 1.5, 6, '1'])
        assert.throws(() => r.focus(0, row), {
          name: 'RangeError',
          message: `attention-lens: row must be a whole number from 0 to 5, got ${row}`,
        });
      for (const top of [Number.NaN, -1, 0, 2.5])
        assert.throws(() => r.focus(0, 1, top), {
          name: 'RangeError',
          message: `attention-lens: top must be a whole number of 1 or more, got ${top}`,
        });
      assert.throws(() => r.traceCell(0, Number.NaN, 0), { name: 'RangeError', message: /i must be a whole number/ });
      assert.throws(() => r.traceCell(0, 0, -1), { name: 'RangeError', message: /j must be a whole number/ });
      assert.throws(() => r.answerMeaning(0.5), { name: 'RangeError', message: /query must be a whole number/ });
      assert.throws(() => image.focus(-1, Number.NaN), { name: 'RangeError', message: /from 0 to 48, got NaN/ });
      assert.equal(r.focus(0, 5, 2).top, 2);
    } finally {
      r.dispose();
      image.dispose();
    }
  });
}

test('a NaN or infinite option is quoted as it is, not as null', () => {
  assert.throws(() => normalizeOptions({ temperature: Number.NaN }), {
    name: 'TypeError',
    message: 'attention-lens: option temperature must be a finite number, got NaN',
  });
  assert.throws(() => normalizeImageOptions({ positionalWeight: Number.POSITIVE_INFINITY }), {
    message: /got Infinity$/,
  });
});
