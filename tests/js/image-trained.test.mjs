// The shipped "image-trained" preset (npm run train writes dist/weights/image-trained.bin): on
// the held-out photos its filter × V beats identity weights' (the number the picture mode's
// training panel shows), by the report and measured again here in both wasm builds; image
// options.weights = 'trained' loads it, and its numbers differ from identity's and from seeded
// random weights'. Lenses of their own, so that the other tests' lenses stay without trained
// weights.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { createAttentionLens } from '../../web/lib/index.js';
import { BUILDS, builtInPhotos, maxDiff, root } from './helpers.mjs';

const weightsFile = join(root, 'dist', 'weights', 'image-trained.bin');
const report = JSON.parse(readFileSync(join(root, 'dist', 'weights', 'image-trained.json'), 'utf8'));

// A 96 × 64 picture of soft colour gradients and a square, seeded by its formula.
function picture() {
  const width = 96,
    height = 64,
    data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4,
        inside = x > 30 && x < 60 && y > 20 && y < 44;
      data[i] = inside ? 230 : 2 * x;
      data[i + 1] = inside ? 200 : 3 * y;
      data[i + 2] = inside ? 40 : 255 - 2 * x;
      data[i + 3] = 255;
    }
  return { width, height, data };
}

// the options the preset was trained with, which the page shows it with
const { heads, patch, positional, similarity, mask, temperature } = report.options;
const trainedOptions = { heads, patch, positional, similarity, mask, temperature };
// what the preset must gain over identity weights in held-out filter × V, in dB
const MARGIN = 0.5;

test('the training report says the trained layer beats identity, identity at its best temperature and random', () => {
  const h = report.heldOut;
  for (const other of ['identity', 'random', 'noisyInput', 'meanPatch']) assert.equal(report.trainedBeats[other], true);
  assert.ok(h.trained.psnr > h.identity.psnr + MARGIN, `trained ${h.trained.psnr} dB, identity ${h.identity.psnr} dB`);
  assert.ok(h.trained.psnr > report.identityAtBestTemperature.psnr, 'more than a temperature');
});

for (const build of BUILDS) {
  test(`${build}: on the photos as the page has them, the preset's filter × V beats identity's by ${MARGIN} dB`, async () => {
    const lens = await createAttentionLens({ simd: build === 'simd', trainer: true });
    // a trainer only for its held-out scoring: the photos with the page's fixed noise
    const trainer = lens.createImageTrainer({ ...trainedOptions, synthetic: 0 });
    try {
      for (const p of builtInPhotos()) trainer.addPicture(p, { heldOut: true });
      const preset = trainer.evaluate(new Uint8Array(readFileSync(weightsFile)));
      const { identity } = trainer.baselines();
      assert.equal(preset.pictures, 8);
      assert.ok(
        preset.psnr > identity.psnr + MARGIN,
        `held-out filter × V: preset ${preset.psnr} dB, identity ${identity.psnr} dB`,
      );
      assert.ok(Math.abs(preset.psnr - report.heldOut.trained.psnr) < 0.1, 'as the native report measured');
    } finally {
      trainer.dispose();
      lens.dispose();
    }
  });

  test(`${build}: the image preset brings the options it was trained with, with a note for each`, async () => {
    const lens = await createAttentionLens({ simd: build === 'simd' });
    try {
      lens.setTrainedImageWeights(new Uint8Array(readFileSync(weightsFile)));
      const asked = await lens.analyzeImage(picture(), { weights: 'trained', heads: 1, patch: 32 });
      try {
        for (const [name, value] of Object.entries(trainedOptions)) assert.equal(asked.options[name], value, name);
        assert.equal(asked.asked.heads, 1);
        const noted = asked.notes.map((n) => n.option);
        assert.ok(noted.includes('heads') && noted.includes('patch'), noted.join(', '));
        assert.equal(asked.step('weights', 0).rows, (224 / trainedOptions.patch) ** 2);
      } finally {
        asked.dispose();
      }
    } finally {
      lens.dispose();
    }
  });

  test(`${build}: weights 'trained' use the shipped image preset, unlike identity and random`, async () => {
    const lens = await createAttentionLens({ simd: build === 'simd' });
    try {
      await assert.rejects(lens.analyzeImage(picture(), { weights: 'trained' }), /no trained weights/);
      lens.setTrainedImageWeights(new Uint8Array(readFileSync(weightsFile)));
      const options = trainedOptions;
      const results = {};
      for (const weights of ['trained', 'identity', 'random'])
        results[weights] = await lens.analyzeImage(picture(), { ...options, weights, seed: report.options.seed });
      try {
        const trained = results.trained.step('weights', 0);
        assert.equal(trained.rows, (224 / report.options.patch) ** 2);
        for (const other of ['identity', 'random']) {
          assert.ok(
            maxDiff(results[other].step('weights', 0), toNested(trained)) > 1e-3,
            `weights differ from ${other}`,
          );
          assert.ok(maxDiff(results[other].step('output'), toNested(results.trained.step('output'))) > 1e-3);
        }
        // every row of the trained filter is still a distribution
        for (let i = 0; i < trained.rows; i++) {
          let sum = 0;
          for (let j = 0; j < trained.cols; j++) sum += trained.data[i * trained.cols + j];
          assert.ok(Math.abs(sum - 1) < 1e-4, `row ${i} sums to ${sum}`);
        }
      } finally {
        for (const r of Object.values(results)) r.dispose();
      }
    } finally {
      lens.dispose();
    }
  });
}

// A step as nested rows, the shape maxDiff compares against.
function toNested({ rows, cols, data }) {
  return Array.from({ length: rows }, (_, i) => Array.from(data.subarray(i * cols, (i + 1) * cols)));
}
