// Bad input through the JS API, in Node on both wasm builds: every text gives a
// defined result (tokens that are the text's own slices, finite numbers, weights rows summing to
// 1, masked weights exactly 0), markup comes back as plain token text, lone UTF-16 surrogates
// keep their JS string offsets, and a 1 MB paste is analyzed within 2 s.
// tests/native/test_bad_input.cpp sends the same texts through the C++ core.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { DEFAULT_OPTIONS, STEP_NAMES } from '../../web/lib/index.js';
import { createLensWith } from '../../web/lib/create-lens.js';
import { readBytes } from '../../web/lib/assets.node.js';
import { loadModule } from '../../web/lib/loader.js';
import { BUILDS, lensFor, root } from './helpers.mjs';

// Lone surrogates (docs/HARDENING.md): Emscripten 3.1.6's stringToUTF8 joins a lone surrogate
// with the code unit after it ('\uD800a' became U+10061), so that character was lost and
// offsets shifted; web/lib/lens.js now passes well-formed text (text.toWellFormed(): same
// length, lone surrogates as U+FFFD). These tests keep it that way.
const SURROGATE_BUG = false; // no longer todo

const CASES = [
  ['empty text', '', []],
  ['white space only', ' \t\r\n\v\f\u00a0\u2003\u3000\u2028\u0085', []],
  [
    'emoji with skin tones and ZWJ sequences',
    '👍🏽 👨‍👩‍👧‍👦 🏳️‍🌈 🇯🇵 👩🏿‍💻 1️⃣',
    ['👍🏽', '👨‍👩‍👧‍👦', '🏳️‍🌈', '🇯🇵', '👩🏿‍💻', '1️⃣'],
  ],
  [
    'combining marks',
    'e\u0301te\u0301 Z\u0351\u036ba\u0310\u0308 \u0301\u0302\u0303 x',
    ['e\u0301te\u0301', 'Z\u0351\u036ba\u0310\u0308', '\u0301\u0302\u0303', 'x'],
  ],
  [
    'Arabic and Hebrew with vowel points and direction marks',
    'السَّلَامُ عَلَيْكُمْ \u200fשָׁלוֹם\u200f עוֹלָם',
    ['السَّلَامُ', 'عَلَيْكُمْ', 'שָׁלוֹם', 'עוֹלָם'],
  ],
  ['CJK without spaces', '東京は日本の首都です。', [...'東京は日本の首都です。']],
  ['control characters and NUL', 'a\0b\x01c\x1b[31md\x7f e\u0085f\u200bg', ['a', 'b', 'c', '[', '31md', 'e', 'f', 'g']],
  ['a lone high surrogate', '\uD800abc', ['\uD800', 'abc'], SURROGATE_BUG],
  ['a lone low surrogate', 'x\uDFFFy', ['x', '\uDFFF', 'y'], SURROGATE_BUG],
  ['a script tag', '<script>alert(1)</script>', ['<', 'script', '>', 'alert', '(', '1', ')', '<', '/', 'script', '>']],
  [
    'an img onerror',
    '<img src=x onerror=alert(1)>',
    ['<', 'img', 'src', '=', 'x', 'onerror', '=', 'alert', '(', '1', ')', '>'],
  ],
  [
    'a javascript: URL',
    'javascript:alert(document.cookie)',
    ['javascript', ':', 'alert', '(', 'document', '.', 'cookie', ')'],
  ],
  ['a number with thousands of digits', '9'.repeat(5000), ['9'.repeat(5000)]],
  ['a decimal with thousands of digits', `3.${'1'.repeat(3000)}`, [`3.${'1'.repeat(3000)}`]],
  ['a sentence of only punctuation', '?!.,;:…—«»¿¡...', [...'?!.,;:…—«»¿¡...']],
  ['unknown words only', 'zxqv blorfx qwxzk vrrpt', ['zxqv', 'blorfx', 'qwxzk', 'vrrpt']],
];

// Option sets every case runs with: heads 1 to 100, both similarities and masks, the ends of
// the temperature range, positions off and at their largest weight, random weights.
const OPTIONS = [
  {},
  { heads: 100, similarity: 'cosine', mask: 'causal' },
  { heads: 4, temperature: 1e-6, scale: false, positional: false, weights: 'random', seed: 3 },
  { heads: 25, temperature: 1e6, positionalWeight: 10, mask: 'causal' },
];

// What every result must satisfy: tokens are the text's own slices (UTF-16 offsets), every
// step is finite, weights are in [0, 1], rows sum to 1 (0 for a row whose every key is masked:
// one word under the self mask) and masked weights are exactly 0.
function checkResult(r, text) {
  for (const t of r.tokens) {
    assert.equal(typeof t.text, 'string');
    assert.equal(t.text, text.slice(t.start, t.end));
    assert.ok(t.start < t.end);
  }
  for (let i = 1; i < r.tokens.length; i++) assert.ok(r.tokens[i - 1].end <= r.tokens[i].start);
  assert.equal(r.truncated, r.totalTokens > r.tokens.length);
  const n = r.tokens.length;
  for (const name of STEP_NAMES) {
    for (let h = 0; h < (['scores', 'scaled', 'weights'].includes(name) ? r.heads : 1); h++) {
      const { rows, data } = r.step(name, ['scores', 'scaled', 'weights'].includes(name) ? h : undefined);
      assert.equal(rows, n, `${name} has a row per token`);
      const bad = data.findIndex((v) => !Number.isFinite(v));
      assert.equal(bad, -1, `${name}[${h}] holds ${data[bad]} at ${bad}`);
    }
  }
  // the core's mask table hides what its mask hides: the keys after a word (causal), the word's
  // own key (self), nothing else
  const table = r.maskTable();
  const hidden = table.data.reduce((a, b) => a + b, 0);
  const expected = { none: 0, self: Math.min(n, table.cols), causal: (n * Math.max(0, n - 1)) / 2 }[r.options.mask];
  assert.equal(hidden, expected, `${r.options.mask} hides ${hidden} cells of ${n}×${table.cols}`);
  for (let i = 0; i < Math.min(n, 3); i++)
    for (let j = 0; j < Math.min(table.cols, 3); j++)
      assert.equal(r.masked(i, j), { none: false, self: i === j, causal: j > i }[r.options.mask]);
  assert.throws(() => r.maskRow(n), RangeError); // a query past the last word
  for (let h = 0; h < r.heads; h++) {
    const { cols, data } = r.step('weights', h);
    let worst = 0;
    for (let i = 0; i < n; i++) {
      let sum = 0,
        visible = 0;
      for (let j = 0; j < cols; j++) {
        const w = data[i * cols + j];
        assert.ok(w >= 0 && w <= 1, `weight ${w}`);
        if (r.masked(i, j)) assert.equal(w, 0, 'a masked weight is exactly 0');
        else visible++;
        sum += w;
      }
      worst = Math.max(worst, Math.abs(sum - (visible ? 1 : 0)));
    }
    assert.ok(worst <= 1e-5, `head ${h}: a row sums to 1 ± ${worst}`);
  }
}

// The seed's 1 MB paste: every kind of text above (but lone surrogates, see SURROGATE_BUG), repeated.
const CHUNK =
  "A Lannister always pays his debts, don't you know? 3.14 café 東京は 👍🏽 👨‍👩‍👧 السلام שלום " +
  '<script>alert(1)</script> e\u0301 \x01\t\0!?\uFFFD\n';
const PASTE = CHUNK.repeat(Math.ceil((1 << 20) / CHUNK.length));

for (const build of BUILDS) {
  describe(`bad input on the ${build} wasm build`, () => {
    for (const [name, text, want, todo] of CASES) {
      test(`${name} gives a defined result for every option set`, { todo }, async () => {
        const lens = await lensFor(build);
        for (const options of OPTIONS) {
          const r = await lens.analyze(text, options);
          try {
            assert.deepEqual(
              r.tokens.map((t) => t.text),
              want,
              JSON.stringify(options),
            );
            assert.deepEqual(r.warnings, []);
            checkResult(r, text);
          } finally {
            r.dispose();
          }
        }
      });
    }

    test('markup comes back as plain token text, the input minus white space', async () => {
      const lens = await lensFor(build);
      const text = '<img src=x onerror="alert(1)"> <a href="javascript:alert(1)">x</a> <!-- --> &lt;b&gt;';
      const r = await lens.analyze(text);
      try {
        assert.equal(r.tokens.map((t) => t.text).join(''), text.replace(/\s/g, ''));
        assert.ok(
          r.tokens.every((t) => t.text.length === 1 || !/[<>"=&]/.test(t.text)),
          'markup is split, never kept whole',
        );
      } finally {
        r.dispose();
      }
    });

    test('lone surrogates keep JS string offsets and text after them is still found', {
      todo: SURROGATE_BUG,
    }, async () => {
      const lens = await lensFor(build);
      const r = await lens.analyze('\uDFFF\uD800 the debts \uD83D');
      try {
        assert.deepEqual(
          r.tokens.map((t) => [t.text, t.start, t.end]),
          [
            ['\uDFFF', 0, 1],
            ['\uD800', 1, 2],
            ['the', 3, 6],
            ['debts', 7, 12],
            ['\uD83D', 13, 14],
          ],
        );
        assert.deepEqual(
          r.tokens.map((t) => t.known),
          [false, false, true, true, false],
        );
      } finally {
        r.dispose();
      }
    });

    test('one word repeated 10,000 times is analyzed up to maxTokens and says so', async () => {
      const lens = await lensFor(build);
      const text = 'debts '.repeat(10000);
      const r = await lens.analyze(text);
      try {
        assert.equal(r.totalTokens, 10000);
        assert.equal(r.truncated, true);
        assert.equal(r.tokens.length, DEFAULT_OPTIONS.maxTokens);
        checkResult(r, text);
      } finally {
        r.dispose();
      }
    });

    test('a 1 MB paste is analyzed, capped to maxTokens, and says so', async () => {
      const lens = await lensFor(build);
      const r = await lens.analyze(PASTE);
      const weights = r.step('weights');
      try {
        assert.ok(PASTE.length >= 1 << 20);
        assert.equal(r.truncated, true);
        assert.equal(r.tokens.length, DEFAULT_OPTIONS.maxTokens);
        assert.equal(weights.rows, DEFAULT_OPTIONS.maxTokens);
        const chunk = await lens.analyze(CHUNK);
        assert.equal(r.totalTokens, chunk.totalTokens * (PASTE.length / CHUNK.length));
        chunk.dispose();
        checkResult(r, PASTE);
      } finally {
        r.dispose();
      }
    });

    test('cross-attention with an empty document gives empty rows, not NaN', async () => {
      const lens = await lensFor(build);
      const r = await lens.crossAnalyze('the debts', ' ', { heads: 2 });
      try {
        assert.deepEqual([r.step('weights', 1).rows, r.step('weights', 1).cols], [2, 0]);
        assert.ok(r.step('output').data.every((v) => v === 0));
      } finally {
        r.dispose();
      }
    });

    test('no result is left alive and no Embind handle leaks after the bad inputs', async () => {
      const lens = await lensFor(build);
      const before = lens.memoryStats();
      for (const [, text] of CASES) (await lens.analyze(text, { heads: 5 })).dispose();
      const after = lens.memoryStats();
      assert.equal(after.liveAnalyses, 0);
      assert.equal(after.emvalHandles, before.emvalHandles);
    });
  });
}

// A long paste of varied text must not fetch the shards (38 MB in all) of words past the
// maxTokens tokens it analyzes.
test('a long paste loads only the shards of the tokens it analyzes', async () => {
  const dir = join(root, 'dist', 'embeddings');
  // one rare word from each shard, after the first maxTokens tokens of frequent words
  const rare = [];
  for (let s = 0; s < 512; s++) {
    const bytes = readFileSync(join(dir, `shard-${String(s).padStart(3, '0')}.bin`));
    const wordsBytes = bytes.readUInt32LE(28);
    rare.push(
      bytes
        .subarray(40, 40 + wordsBytes)
        .toString('utf8')
        .split('\n')[0],
    );
  }
  const text = `${'the king and the queen '.repeat(Math.ceil(DEFAULT_OPTIONS.maxTokens / 5))}${rare.join(' ')}`;
  const { module, simd } = await loadModule(new URL('../../dist/wasm/', import.meta.url), {
    simd: BUILDS[0] === 'simd',
  });
  const read = [];
  const lens = await createLensWith({
    module,
    simd,
    readAsset: (name, progress) => {
      read.push(name);
      return readBytes(new URL(name, new URL('../../dist/embeddings/', import.meta.url)), progress);
    },
  });
  try {
    const r = await lens.analyze(text);
    assert.equal(r.tokens.length, DEFAULT_OPTIONS.maxTokens);
    r.dispose();
    const shards = read.filter((name) => name.startsWith('shard-'));
    assert.equal(
      shards.length,
      0,
      `${shards.length} shards were read for words past the first ${DEFAULT_OPTIONS.maxTokens} tokens`,
    );
  } finally {
    lens.dispose();
  }
});
