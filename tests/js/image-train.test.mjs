// Training the image layer through the JS API (lens.createImageTrainer), in both wasm builds:
// learned non-local means (filter × V of noisy pictures against the clean ones), trained on the
// core's dead-leaves pictures and scored on the four built-in photos (decoded with jpeg-js as the
// page's worker decodes them with the browser), held out. A short run at patch 32, as the native
// test's: it starts where identity weights are, beats their held-out filter × V, and is the same
// for the same seed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createAttentionLens, DEFAULT_IMAGE_OPTIONS, IMAGE_TRAINING_DEFAULTS } from '../../web/lib/index.js';
import { BUILDS, builtInPhotos } from './helpers.mjs';

const photos = builtInPhotos();
// the native test's short run (tests/native/test_image_train.cpp): 49 patches, 24 dead-leaves pictures
const SHORT = { patch: 32, synthetic: 24, decaySteps: 150 };
const STEPS = 150;

const trainerLenses = new Map();
const lensFor = (build) => {
  if (!trainerLenses.has(build))
    trainerLenses.set(build, createAttentionLens({ simd: build === 'simd', trainer: true }));
  return trainerLenses.get(build);
};

function withHeldOut(trainer) {
  for (const p of photos) trainer.addPicture(p, { heldOut: true });
  return trainer;
}

const shortRuns = new Map(); // build -> { start, baselines, after, losses, weights }

test('the image training options come from the core: the native preset’s settings, with a constant rate', () => {
  const { noise, learningRate, similarity, mask, temperature, ...rest } = IMAGE_TRAINING_DEFAULTS;
  assert.deepEqual(rest, {
    heads: 4,
    patch: 16,
    positional: false,
    seed: 1,
    fromIdentity: true,
    decaySteps: 0,
    batch: 4,
    synthetic: 200,
  });
  // float members, as the schema writes them in double
  assert.ok(Math.abs(noise - 0.3) < 1e-7 && Math.abs(learningRate - 0.001) < 1e-9);
  // the layer trains with the comparison the picture mode shows by default
  assert.deepEqual(
    { similarity, mask, temperature },
    {
      similarity: DEFAULT_IMAGE_OPTIONS.similarity,
      mask: DEFAULT_IMAGE_OPTIONS.mask,
      temperature: DEFAULT_IMAGE_OPTIONS.temperature,
    },
  );
});

for (const build of BUILDS) {
  test(`${build}: from identity weights, a short run beats identity's held-out filter × V`, async () => {
    const lens = await lensFor(build);
    const handles = lens.memoryStats().emvalHandles;
    const trainer = withHeldOut(lens.createImageTrainer(SHORT));
    try {
      assert.equal(trainer.trainingViews, 24);
      assert.equal(trainer.heldOutPictures, 4);
      const start = trainer.evaluate(),
        baselines = trainer.baselines();
      assert.equal(start.pictures, 8, 'two noise draws of each photo');
      assert.deepEqual(start, baselines.identity, 'training starts at identity weights');
      const losses = [];
      for (let s = 0; s < STEPS; s++) losses.push(trainer.steps(1));
      assert.equal(trainer.stepCount, STEPS);
      const after = trainer.evaluate();
      const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const message =
        `held-out filter × V ${after.psnr} dB after ${STEPS} steps; identity ${baselines.identity.psnr} dB, ` +
        `random ${baselines.random.psnr}, noisy input ${baselines.noisyInput.psnr}, mean patch ${baselines.meanPatch.psnr}`;
      assert.ok(after.psnr > baselines.identity.psnr, message);
      for (const other of ['random', 'noisyInput', 'meanPatch']) assert.ok(after.loss < baselines[other].loss, message);
      assert.ok(
        mean(losses.slice(-50)) < mean(losses.slice(0, 50)),
        `training loss: first 50 steps ${mean(losses.slice(0, 50))}, last 50 ${mean(losses.slice(-50))}`,
      );
      shortRuns.set(build, { start, baselines, after, weights: trainer.weightsFile() });
    } finally {
      trainer.dispose();
    }
    assert.equal(lens.memoryStats().emvalHandles, handles, 'no Embind handle leaked');
  });

  test(`${build}: the same seed trains the same weights, reset goes back to the start, another seed differs`, async () => {
    const lens = await lensFor(build);
    const run = (trainer, n) => {
      for (let s = 0; s < n; s++) trainer.steps(1);
      return trainer.weightsFile();
    };
    const options = { patch: 32, synthetic: 4, seed: 7 };
    const a = lens.createImageTrainer(options),
      b = lens.createImageTrainer(options),
      c = lens.createImageTrainer({ ...options, seed: 8 });
    try {
      const first = run(a, 20);
      assert.deepEqual(run(b, 20), first);
      assert.notDeepEqual(run(c, 20), first);
      a.reset(7);
      assert.equal(a.stepCount, 0);
      assert.deepEqual(run(a, 20), first);
      // with the seed's random weights instead of identity, the seed picks the start too
      const r7 = lens.createImageTrainer({ ...options, fromIdentity: false }),
        r8 = lens.createImageTrainer({ ...options, fromIdentity: false, seed: 8 });
      try {
        assert.notDeepEqual(r7.weightsFile(), r8.weightsFile());
      } finally {
        r7.dispose();
        r8.dispose();
      }
    } finally {
      for (const t of [a, b, c]) t.dispose();
    }
  });

  test(`${build}: the trained weights load as the image layer's and give another filter`, async () => {
    const lens = await lensFor(build);
    const trainer = lens.createImageTrainer({ patch: 32, synthetic: 4 });
    let trained, identity;
    try {
      trainer.steps(30);
      lens.setTrainedImageWeights(trainer.weightsFile());
      const options = { patch: 32, heads: IMAGE_TRAINING_DEFAULTS.heads };
      trained = await lens.analyzeImage(photos[0], { ...options, weights: 'trained' });
      identity = await lens.analyzeImage(photos[0], { ...options, weights: 'identity' });
      const t = trained.step('blendWeights').data,
        i = identity.step('blendWeights').data;
      let diff = 0;
      for (let k = 0; k < t.length; k++) diff = Math.max(diff, Math.abs(t[k] - i[k]));
      assert.ok(diff > 1e-3, `the filter moved by ${diff}`);
    } finally {
      trained?.dispose();
      identity?.dispose();
      trainer.dispose();
    }
  });

  test(`${build}: bad options, pictures and uses say what is wrong`, async () => {
    const lens = await lensFor(build);
    assert.throws(() => lens.createImageTrainer({ patch: 12 }), /option patch must be one of 32, 16, 8, got 12/);
    assert.throws(() => lens.createImageTrainer({ heads: 5 }), /option heads must be one of/);
    assert.throws(() => lens.createImageTrainer({ noise: 0 }), /option noise must be from 0.01 to 0.5/);
    assert.throws(() => lens.createImageTrainer({ epochs: 3 }), /unknown option 'epochs'/);
    const trainer = lens.createImageTrainer({ patch: 32, synthetic: 0 });
    try {
      assert.throws(() => trainer.steps(1), /needs at least one picture to train on/);
      assert.throws(
        () => trainer.addPicture({ width: 2, height: 2, data: new Uint8Array(10) }),
        /image.data has 10 bytes, but a 2 × 2 RGBA image has 16/,
      );
      trainer.addPicture(photos[1]); // a picture to train on: its view and mirror image
      assert.equal(trainer.trainingViews, 2);
      assert.ok(Number.isFinite(trainer.steps(2)));
      assert.equal(trainer.evaluate().pictures, 0, 'nothing held out: nothing scored');
    } finally {
      trainer.dispose();
    }
    assert.throws(() => trainer.steps(1), /this image trainer was disposed/);
    const plain = await createAttentionLens({ simd: build === 'simd' });
    try {
      assert.throws(() => plain.createImageTrainer(), /create it with \{ trainer: true \}/);
    } finally {
      plain.dispose();
    }
  });
}

test('the SIMD and baseline builds train the image layer alike', { skip: BUILDS.length < 2 }, () => {
  const [a, b] = BUILDS.map((build) => shortRuns.get(build));
  assert.ok(a && b, 'both builds ran the short run');
  // the same held-out noisy pictures: identity's scores agree to float rounding
  assert.ok(Math.abs(a.start.loss - b.start.loss) / b.start.loss < 1e-5, `${a.start.loss} and ${b.start.loss}`);
  const relative = Math.abs(a.after.loss - b.after.loss) / b.after.loss;
  assert.ok(relative < 1e-3, `held-out loss after ${STEPS} steps: ${a.after.loss} and ${b.after.loss}`);
});
