// The first attention without the whole vocabulary: a lens created with vocabulary 'later'
// fetches only its text's core buckets and rare words' shards, gives the same numbers as a lens
// with core.bin, and has the nearest-word search once loadVocabulary() is done.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { STEP_NAMES, createAttentionLens } from '../../web/lib/index.js';
import { BUILDS, lensFor } from './helpers.mjs';

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
        // only core buckets and shards were fetched, a few per text
        const files = lens.loadedFiles;
        assert.ok(!files.includes('core.bin'), files.join(' '));
        assert.ok(
          files.every((f) => /^(core|shard)-\d{3,}\.bin$/.test(f)),
          files.join(' '),
        );
        assert.ok(files.length <= 40, `${files.length} files`); // of 2,561: a bucket per word, a shard per rare one
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
  });
}
