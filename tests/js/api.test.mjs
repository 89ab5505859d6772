import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HEAD_COUNTS, STEP_NAMES, createAttentionLens, normalizeOptions } from '../../web/lib/index.js';
import { BUILDS, cliFlags, cliJson, lensFor, maxDiff } from './helpers.mjs';

const SEED = 'A Lannister always pays his debts.';

const CASES = [
  [SEED, {}],
  [SEED, { heads: 2 }],
  ['Winter is coming, and the night is dark and full of terrors!', { heads: 4, mask: 'causal' }],
  ['The king and the queen ruled the seven kingdoms', { similarity: 'cosine', scale: false, heads: 5 }],
  ['Tyrion drinks and knows things 🍷', { weights: 'random', seed: 42, heads: 10, temperature: 0.5 }],
  ['debts debts debts', { positional: false }],
  ['Zoë met 東京 in שלום <b>bold</b>', { positionalWeight: 0.25, heads: 20 }],
];

for (const build of BUILDS) {
  describe(`the ${build} wasm build`, () => {
    test('loads the right build', async () => {
      const lens = await lensFor(build);
      assert.equal(lens.info.simd, build === 'simd');
      assert.equal(lens.info.kernels, build === 'simd' ? 'wasmsimd/wasmsimd' : 'scalar/scalar');
    });

    test('every step equals the native CLI within 1e-5', async () => {
      const lens = await lensFor(build);
      for (const [text, options] of CASES) {
        const cli = cliJson([text, ...cliFlags(options)]);
        const r = await lens.analyze(text, options);
        try {
          assert.deepEqual(
            r.tokens.map((t) => [t.text, t.start, t.end, t.known, t.rank]),
            cli.tokens.map((t) => [t.text, t.start, t.end, t.known, t.rank]),
          );
          for (const name of STEP_NAMES) {
            const want = cli.steps[name];
            const heads = want.shape.length === 3 ? want.shape[0] : 1;
            for (let h = 0; h < heads; h++) {
              const got = want.shape.length === 3 ? r.step(name, h) : r.step(name);
              const diff = maxDiff(got, want.shape.length === 3 ? want.data[h] : want.data);
              assert.ok(diff <= 1e-5, `${text} ${JSON.stringify(options)}: ${name}[${h}] differs by ${diff}`);
            }
          }
        } finally {
          r.dispose();
        }
      }
    });

    test('cross-attention equals the CLI with --document', async () => {
      const lens = await lensFor(build);
      const r = await lens.crossAnalyze('who pays debts', SEED, { heads: 2 });
      const cli = cliJson(['who pays debts', '--document', SEED, '--heads', '2']);
      assert.equal(r.cross, true);
      assert.deepEqual(
        r.documentTokens.map((t) => t.text),
        cli.documentTokens.map((t) => t.text),
      );
      assert.ok(maxDiff(r.step('weights', 1), cli.steps.weights.data[1]) <= 1e-5);
      assert.ok(maxDiff(r.step('documentInput'), cli.steps.documentInput.data) <= 1e-5);
      r.dispose();
    });

    test('rare words load their shard on demand and get their real rank', async () => {
      const lens = await lensFor(build);
      const r = await lens.analyze('Tyrion Lannister', {});
      assert.deepEqual(
        r.tokens.map((t) => [t.text, t.known, t.rank]),
        [
          ['Tyrion', true, 134496],
          ['Lannister', true, 139949],
        ],
      );
      assert.deepEqual(r.warnings, []);
      r.dispose();
    });

    test('a head slice of query has d_k columns taken from the full matrix', async () => {
      const lens = await lensFor(build);
      const r = await lens.analyze(SEED, { heads: 4 });
      const full = r.step('query'),
        slice = r.step('query', 2);
      assert.equal(r.dK, 25);
      assert.deepEqual([slice.rows, slice.cols], [7, 25]);
      for (let i = 0; i < 7; i++)
        for (let c = 0; c < 25; c++) assert.equal(slice.data[i * 25 + c], full.data[i * 100 + 50 + c]);
      r.dispose();
      assert.equal(full.data.length, 700, 'copies stay valid after dispose');
    });

    test('nearestWords decodes a word vector back to that word, in the word space asked for', async () => {
      const lens = await lensFor(build);
      const r = await lens.analyze('king', { positional: false });
      const raw = lens.nearestWords(r.step('embeddings').data, 1, 'kept'); // GloVe's own space
      assert.equal(raw[0].word, 'king');
      assert.ok(raw[0].similarity > 0.99);
      // GloVe's vector read in the default space (without the shared direction) is not the word's
      assert.ok(lens.nearestWords(r.step('embeddings').data, 1)[0].similarity < 0.99);
      const near = lens.nearestWords(r.step('centered').data, 5);
      r.dispose();
      assert.throws(() => lens.nearestWords(new Float32Array(100), 3, 'raw'), /sharedDirection/);
      assert.equal(near.length, 5);
      assert.equal(near[0].word, 'king');
      assert.ok(near[0].similarity > 0.99);
      assert.ok(near.map((n) => n.word).includes('queen') || near.map((n) => n.word).includes('prince'));
      for (let i = 1; i < 5; i++) assert.ok(near[i - 1].similarity >= near[i].similarity);
      assert.deepEqual(lens.nearestWords(new Float32Array(100), 3), []); // a zero vector is near nothing
    });

    test('bad arguments throw clear errors', async () => {
      const lens = await lensFor(build);
      await assert.rejects(
        lens.analyze(SEED, { heads: 3 }),
        /option heads must be one of 1, 2, 4, 5, 10, 20, 25, 50, 100, got 3/,
      );
      await assert.rejects(lens.analyze(SEED, { colour: 'red' }), /unknown option 'colour'/);
      await assert.rejects(lens.analyze(SEED, { temperature: '2' }), /temperature must be a finite number/);
      await assert.rejects(lens.analyze(SEED, { mask: 'future' }), /mask must be one of 'none', 'causal'/);
      await assert.rejects(lens.analyze(42), /text must be a string/);
      // a mask is of one text: cross-attention uses none, and the result says why
      const cross = await lens.crossAnalyze('the king', 'pays his debts', { mask: 'causal', heads: 2 });
      assert.equal(cross.asked.mask, 'causal');
      assert.equal(cross.options.mask, 'none');
      assert.equal(cross.options.heads, 2);
      assert.deepEqual(
        cross.notes.map((n) => n.option),
        ['mask'],
      );
      assert.match(cross.notes[0].note, /another text/);
      assert.ok(Array.from(cross.step('weights', 0).data).every((w) => w > 0)); // no key hidden
      cross.dispose();
      await assert.rejects(lens.analyze(SEED, { weights: 'trained' }), /no trained weights are loaded/);
      assert.throws(
        () => lens.setTrainedWeights(new Uint8Array([1, 2, 3])),
        (e) => e instanceof Error && /weights file 'trained weights' is not usable: truncated/.test(e.message),
      );
      assert.throws(() => lens.nearestWords([1, 2], 3), /2 dimensions, the vocabulary 100/);
      const r = await lens.analyze(SEED);
      assert.throws(() => r.step('attention'), /unknown step 'attention'/);
      assert.throws(() => r.step('weights', 1), /head must be a whole number from 0 to 0/);
      assert.throws(() => r.step('embeddings', 0), /step 'embeddings' has no heads/);
      r.dispose();
      assert.throws(() => r.step('weights'), /disposed/);
    });

    test('trained weights load from the core file format and are used', async () => {
      const lens = await lensFor(build);
      // identity weights written in the trained format give the identity preset's numbers
      const d = 100,
        bytes = new Uint8Array(12 + 16 * d * d),
        view = new DataView(bytes.buffer);
      bytes.set([65, 76, 87, 84]); // "ALWT"
      view.setUint32(4, 1, true);
      view.setUint32(8, d, true);
      for (let m = 0; m < 4; m++)
        for (let i = 0; i < d; i++) view.setFloat32(12 + 4 * (m * d * d + i * d + i), 1, true);
      lens.setTrainedWeights(bytes);
      const a = await lens.analyze(SEED, { weights: 'trained' }),
        b = await lens.analyze(SEED, { weights: 'identity' });
      assert.deepEqual(a.step('output').data, b.step('output').data);
      a.dispose();
      b.dispose();
    });

    test('trained weights bring the heads they were trained with, and a note says so', async () => {
      const lens = await lensFor(build);
      // version 2: the options trained with ("heads=4\n", 8 bytes) before the matrices
      const d = 100,
        options = new TextEncoder().encode('heads=4\n'),
        bytes = new Uint8Array(16 + options.length + 16 * d * d),
        view = new DataView(bytes.buffer);
      bytes.set([65, 76, 87, 84]); // "ALWT"
      view.setUint32(4, 2, true);
      view.setUint32(8, d, true);
      view.setUint32(12, options.length, true);
      bytes.set(options, 16);
      const at = 16 + options.length;
      for (let m = 0; m < 4; m++)
        for (let i = 0; i < d; i++) view.setFloat32(at + 4 * (m * d * d + i * d + i), 1, true);
      lens.setTrainedWeights(bytes);
      const trained = await lens.analyze(SEED, { weights: 'trained', heads: 1 }),
        identity = await lens.analyze(SEED, { weights: 'identity', heads: 1 });
      try {
        assert.equal(trained.asked.heads, 1);
        assert.equal(trained.options.heads, 4);
        assert.equal(trained.heads, 4);
        assert.deepEqual(
          trained.notes.map((n) => n.option),
          ['heads'],
        );
        assert.match(trained.notes[0].note, /trained with heads 4/);
        assert.equal(identity.options.heads, 1);
        assert.deepEqual(identity.notes, []);
      } finally {
        trained.dispose();
        identity.dispose();
      }
      // options a text analysis does not have are refused when the file is loaded
      const bad = bytes.slice();
      bad.set(new TextEncoder().encode('patch=8\n'), 16);
      assert.throws(() => lens.setTrainedWeights(bad), /weights file 'trained weights' is not usable/);
    });

    test('empty and long texts give defined results', async () => {
      const lens = await lensFor(build);
      const empty = await lens.analyze('   ');
      assert.equal(empty.tokens.length, 0);
      assert.equal(empty.step('weights').rows, 0);
      empty.dispose();
      const long = await lens.analyze('debts '.repeat(3000), { maxTokens: 500 });
      assert.equal(long.truncated, true);
      assert.equal(long.totalTokens, 3000);
      assert.equal(long.step('weights').rows, 500);
      long.dispose();
    });

    test('no handle leaks and a flat heap over 10,000 analyze calls', async () => {
      const lens = await lensFor(build);
      const texts = [SEED, 'Winter is coming', 'The night is dark and full of terrors, my lord.'];
      const run = async (count) => {
        for (let i = 0; i < count; i++) {
          const r = await lens.analyze(texts[i % texts.length], { heads: HEAD_COUNTS[i % 4] });
          r.step('weights');
          r.dispose();
        }
      };
      await run(300); // warm-up: caches and the allocator settle
      const before = lens.memoryStats();
      await run(10000);
      const after = lens.memoryStats();
      assert.equal(after.liveAnalyses, 0);
      assert.equal(after.emvalHandles, before.emvalHandles);
      assert.equal(after.memoryBytes, before.memoryBytes);
      assert.equal(after.heapTop, before.heapTop);
    });
  });
}

test('options are validated once, with defaults filled in', () => {
  const o = normalizeOptions({ heads: 4 });
  assert.equal(o.heads, 4);
  assert.equal(o.similarity, 'dot');
  assert.throws(() => normalizeOptions({ seed: -1 }), /seed must be from 0/);
  assert.throws(() => normalizeOptions({ seed: 1.5 }), /seed must be a whole number/);
  assert.throws(() => normalizeOptions(null), /options must be an object/);
});

test('view() shows the same numbers as step() without copying, until memory grows', async () => {
  const lens = await createAttentionLens({ simd: BUILDS[0] === 'simd' }); // its own, small memory
  const r = await lens.analyze('A Lannister always pays his debts.', { heads: 2 });
  const view = r.view('weights', 1),
    copy = r.step('weights', 1);
  assert.deepEqual(new Float32Array(view.data), copy.data);
  assert.deepEqual(r.view('query', 1).data, r.step('query', 1).data); // a head slice: a copy
  const big = await lens.analyze('debts '.repeat(2000), { maxTokens: 2000 }); // grows wasm memory
  assert.equal(view.data.length, 0, 'the old view is detached, as documented');
  assert.deepEqual(new Float32Array(r.view('weights', 1).data), copy.data, 'a view taken again is valid');
  assert.equal(copy.data.length, 49, 'copies stay valid');
  big.dispose();
  r.dispose();
  assert.throws(() => r.view('weights'), /disposed/);
  lens.dispose();
});
