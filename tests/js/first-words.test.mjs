// The first attention without the whole vocabulary: a lens created with vocabulary 'later'
// fetches only its text's core buckets and rare words' shards, gives the same numbers as a lens
// with core.bin, and has the nearest-word search once loadVocabulary() is done.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { STEP_NAMES, createAttentionLens } from '../../web/lib/index.js';
import { readBytes } from '#assets';
import { createLensWith } from '../../web/lib/create-lens.js';
import { loadModule } from '../../web/lib/loader.js';
import { packagedFiles } from '../../web/lib/locate.js';
import { BUILDS, lensFor } from './helpers.mjs';

// A module whose analyze, analyzeCross and Lens.filesNeeded calls are counted.
function counted(module) {
  const calls = { analyze: 0, analyzeCross: 0, filesNeeded: 0 };
  const filesNeeded = module.Lens.prototype.filesNeeded;
  module.Lens.prototype.filesNeeded = function (...args) {
    calls.filesNeeded++;
    return filesNeeded.apply(this, args);
  };
  const wrapped = Object.create(module);
  for (const name of ['analyze', 'analyzeCross'])
    wrapped[name] = (...args) => {
      calls[name]++;
      return module[name](...args);
    };
  return { wrapped, calls, restore: () => (module.Lens.prototype.filesNeeded = filesNeeded) };
}

const TEXTS = [
  'A Lannister always pays his debts',
  'The night is dark and full of terrors',
  'Tyrion drinks and knows things 🍷, said Zoë in 東京',
  'the the the',
  '',
];

for (const build of BUILDS) {
  describe(`the first words (${build} build)`, () => {
    test('a text analysed from its own small files equals the analysis with the whole vocabulary', async () => {
      const full = await lensFor(build);
      const lens = await createAttentionLens({ simd: build === 'simd', vocabulary: 'later' });
      try {
        assert.equal(lens.vocabularyReady, false);
        for (const text of TEXTS) {
          const [a, b] = [await lens.analyze(text, { heads: 2 }), await full.analyze(text, { heads: 2 })];
          try {
            assert.deepEqual(
              a.tokens.map((t) => [t.text, t.known, t.status, t.rank]),
              b.tokens.map((t) => [t.text, t.known, t.status, t.rank]),
              text,
            );
            assert.ok(!a.tokens.some((t) => t.status === 'shard-not-loaded'), text);
            for (const name of STEP_NAMES) {
              const perHead = ['scores', 'scaled', 'weights'].includes(name);
              for (let h = 0; h < (perHead ? 2 : 1); h++)
                assert.deepEqual(
                  a.step(name, perHead ? h : undefined).data,
                  b.step(name, perHead ? h : undefined).data,
                  `${text}: ${name} ${h}`,
                );
            }
            assert.deepEqual(a.topic(), b.topic());
          } finally {
            a.dispose();
            b.dispose();
          }
        }
        // only the shared direction, core buckets and shards were fetched, a few per text
        const files = lens.loadedFiles;
        assert.ok(!files.includes('core.bin'), files.join(' '));
        assert.equal(files[0], 'shared.bin', files.join(' '));
        assert.ok(
          files.slice(1).every((f) => /^(core|shard)-\d{3,}\.bin$/.test(f)),
          files.join(' '),
        );
        assert.ok(files.length <= 41, `${files.length} files`); // of 2,562: a bucket per word, a shard per rare one
        assert.throws(() => lens.nearestWords(new Float32Array(100).fill(1), 3), /not loaded yet/);
        await lens.loadVocabulary();
        assert.equal(lens.vocabularyReady, true);
        assert.deepEqual(
          lens.nearestWords(new Float32Array(100).fill(1), 3),
          full.nearestWords(new Float32Array(100).fill(1), 3),
        );
        // a bucket after the whole vocabulary changes nothing; the vocabulary is fetched once
        const r = await lens.analyze('queen of the seven kingdoms');
        assert.ok(r.tokens.every((t) => t.known || t.status === 'not-in-vocabulary' || t.status === 'stand-in'));
        r.dispose();
        await lens.loadVocabulary();
      } finally {
        lens.dispose();
      }
    });

    test('a keystroke is one call into the core and one tokenization; new words add a call per round of files', async () => {
      const files = packagedFiles();
      const { module } = await loadModule(files, { simd: build === 'simd' });
      const { wrapped, calls, restore } = counted(module);
      const fetched = [];
      const lens = await createLensWith({
        module: wrapped,
        simd: build === 'simd',
        vocabulary: 'later',
        readAsset: async (name) => {
          fetched.push(name);
          return readBytes(await files.resolve(`embeddings/${name}`));
        },
      });
      try {
        // a rare word: its core bucket, then its shard, then the analysis
        let r = await lens.analyze('Tyrion pays');
        assert.equal(calls.analyze, 3);
        assert.ok(r.tokens.every((t) => t.known));
        const kinds = fetched.map((f) => f.replace(/-\d+/, ''));
        assert.deepEqual(
          kinds,
          ['shared.bin', ...kinds.slice(1, -1).map(() => 'core.bin'), 'shard.bin'],
          fetched.join(' '),
        );
        r.dispose();
        const firstFiles = fetched.length;
        // every word in: one call, no separate question for the files
        r = await lens.analyze('pays Tyrion');
        assert.equal(calls.analyze, 4);
        r.dispose();
        r = await lens.crossAnalyze('Tyrion', 'pays');
        assert.equal(calls.analyzeCross, 1);
        r.dispose();
        assert.equal(calls.filesNeeded, 0);
        assert.equal(fetched.length, firstFiles, fetched.join(' ')); // nothing fetched again
      } finally {
        lens.dispose();
        restore();
      }
    });
  });
}
