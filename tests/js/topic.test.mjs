// "What is this about?": the topic query through the JS API, on sentences it was not tuned on
// (tests/fixtures/topic-sentences.json, written before the model was first trained), against the
// native CLI, and on bad input.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { createAttentionLens } from '../../web/lib/index.js';
import { BUILDS, cliJson, lensFor, root } from './helpers.mjs';

const SETS = JSON.parse(readFileSync(join(root, 'tests', 'fixtures', 'topic-sentences.json'), 'utf8'));

// The token of largest topic weight, lower-cased.
function topWord(result, topic) {
  let best = 0;
  topic.weights.forEach((w, i) => {
    if (w > topic.weights[best]) best = i;
  });
  return result.tokens[best]?.text.toLowerCase();
}

async function answers(lens, sentences) {
  const out = [];
  for (const s of sentences) {
    const r = await lens.analyze(s.text ?? s);
    try {
      const t = r.topic();
      out.push({ ...s, topic: t, top: topWord(r, t) });
    } finally {
      r.dispose();
    }
  }
  return out;
}

const share = (list, f) => list.filter(f).length / list.length;
const pct = (x) => `${(100 * x).toFixed(0)}%`;
const describeMisses = (list, f) =>
  list
    .filter((a) => !f(a))
    .map((a) => `${a.text}: ${a.topic.label ?? `not sure (${a.topic.best})`}, top word ${a.top}`)
    .join('; ');

for (const build of BUILDS) {
  describe(`the topic query (${build} build)`, () => {
    test('on short topical sentences the largest weight is on a word that carries the topic', async (t) => {
      const lens = await lensFor(build);
      const got = await answers(lens, SETS.topical);
      const wordWins = (a) => a.words.includes(a.top);
      const right = (a) => a.topic.label === a.label && a.topic.scores[a.label] >= 0.5;
      assert.ok(
        share(got, wordWins) >= 0.85,
        `topic word wins on ${share(got, wordWins)}: ${describeMisses(got, wordWins)}`,
      );
      // across at least 6 labels, a confident right answer whose giveaway word won
      const labels = new Set(got.filter((a) => wordWins(a) && right(a)).map((a) => a.label));
      assert.ok(labels.size >= 6, `confident right labels: ${[...labels]}`);
      assert.ok(share(got, right) >= 0.7, `confident and right on ${share(got, right)}: ${describeMisses(got, right)}`);
      t.diagnostic(
        `${got.length} sentences: the topic word wins on ${pct(share(got, wordWins))}, the label is right and ` +
          `confident on ${pct(share(got, right))}, both on ${pct(share(got, (a) => wordWins(a) && right(a)))}, ` +
          `across ${labels.size} labels`,
      );
    });

    test('a rare word that carries no topic does not win over the topic word', async (t) => {
      const lens = await lensFor(build);
      const got = await answers(lens, SETS.distractor);
      const wordWins = (a) => a.words.includes(a.top);
      assert.ok(
        share(got, wordWins) >= 0.75,
        `topic word wins on ${share(got, wordWins)}: ${describeMisses(got, wordWins)}`,
      );
      const right = (a) => a.topic.label === a.label;
      t.diagnostic(
        `${got.length} sentences: the topic word wins on ${pct(share(got, wordWins))}, the label is right and ` +
          `confident on ${pct(share(got, right))}`,
      );
    });

    test('an everyday sentence with no topic gets "not sure"', async (t) => {
      const lens = await lensFor(build);
      const got = await answers(
        lens,
        SETS.none.map((text) => ({ text })),
      );
      const unsure = (a) => a.topic.label === null;
      assert.ok(share(got, unsure) >= 0.75, `not sure on ${share(got, unsure)}: ${describeMisses(got, unsure)}`);
      // "not sure" means: the best topic below the threshold, or "none" at least as probable
      for (const { topic: a } of got.filter(unsure))
        assert.ok(a.scores[a.best] < a.threshold || a.scores.none >= a.scores[a.best], JSON.stringify(a.scores));
      t.diagnostic(`${got.length} sentences: not sure on ${pct(share(got, unsure))}`);
    });

    test("the topic's numbers equal the native CLI's", async () => {
      const lens = await lensFor(build);
      for (const text of [
        'the cyclist won the sprint',
        'A Lannister always pays his debts',
        'Zoë met 東京 in שלום 🍷',
      ]) {
        const want = cliJson([text, '--steps', 'weights']).topic;
        const r = await lens.analyze(text);
        const t = r.topic();
        r.dispose();
        assert.equal(t.label, want.label);
        assert.equal(t.best, want.best);
        assert.deepEqual(t.labels, Object.keys(want.scores));
        for (const l of t.labels) assert.ok(Math.abs(t.scores[l] - want.scores[l]) < 1e-5, `${text}: ${l}`);
        t.weights.forEach((w, i) => assert.ok(Math.abs(w - want.weights[i]) < 1e-5, `${text}: weight ${i}`));
        t.wordScores.forEach((s, i) =>
          assert.ok(
            s === null ? want.wordScores[i] === null : Math.abs(s - want.wordScores[i]) < 1e-4,
            `${text}: score ${i}`,
          ),
        );
        const sum = Object.values(t.scores).reduce((a, b) => a + b, 0);
        assert.ok(Math.abs(sum - 1) < 1e-5);
      }
    });

    test('words without a vector, a hidden word and an empty text take no part', async () => {
      const lens = await lensFor(build);
      const r = await lens.analyze('a 1990 🍷 violin', { maskedToken: -1 });
      const t = r.topic();
      r.dispose();
      assert.deepEqual(t.weights.slice(0, 3), [0, 0, 0]); // "a", "1990" and the emoji have no vector
      assert.equal(t.weights[3], 1);
      assert.deepEqual(t.wordScores.slice(0, 3), [null, null, null]);
      const hidden = await lens.analyze('she played the violin', { maskedToken: 3 });
      assert.equal(hidden.topic().weights[3], 0);
      assert.equal(hidden.topic().wordScores[3], null);
      hidden.dispose();
      const empty = await lens.analyze('');
      const e = empty.topic();
      empty.dispose();
      assert.equal(e.label, null);
      assert.deepEqual(e.weights, []);
      // markup is text: "b" is a word (a letter with a vector), the brackets are not
      const markup = await lens.analyze('<b>violin</b>');
      const m = markup.topic();
      markup.dispose();
      assert.equal(m.weights[0], 0);
      assert.ok(m.weights[3] > 0);
      assert.ok(Math.abs(m.weights.reduce((a, b) => a + b, 0) - 1) < 1e-6);
    });
  });
}

test('a lens without the topic model answers null, and a damaged model is refused with a message', async () => {
  const lens = await createAttentionLens({ topic: false });
  const r = await lens.analyze('she played the violin');
  assert.equal(r.topic(), null);
  r.dispose();
  assert.deepEqual(lens.topicLabels, []);
  assert.throws(() => lens.setTopicModel(new Uint8Array([1, 2, 3])), /topic model.*not usable/);
  const good = readFileSync(join(root, 'dist', 'weights', 'topic.bin'));
  assert.throws(() => lens.setTopicModel(good.subarray(0, good.length - 4)), /expected/);
  lens.setTopicModel(good);
  assert.equal(lens.topicLabels.at(-1), 'none');
  const again = await lens.analyze('she played the violin');
  assert.equal(again.topic().label, 'music');
  again.dispose();
  lens.dispose();
});

test("the topic model's held-out accuracy beats the mean of the vectors and the prior", () => {
  const report = JSON.parse(readFileSync(join(root, 'dist', 'weights', 'topic-report.json'), 'utf8'));
  const h = report.heldOut;
  assert.ok(h.attention.samples > 1000);
  assert.ok(h.attention.accuracy > h.meanOfVectors.accuracy, JSON.stringify(h));
  assert.ok(h.meanOfVectors.accuracy > h.prior.accuracy, JSON.stringify(h));
  const d = report.heldOutWithDistractors;
  assert.ok(d.attention.accuracy > d.meanOfVectors.accuracy, JSON.stringify(d));
});
