// Node 20, as a user of the installed package would write it: the API reads the package's own
// files from disk. Prints what it saw as JSON, for tests/package/package.test.mjs; argv[2]: a
// JSON list of options to analyze the seed sentence with, whose weights and output it prints.
import { createAttentionLens, HEAD_COUNTS } from 'attention-lens';

const lens = await createAttentionLens();
const r = await lens.analyze('A Lannister always pays his debts', { heads: 2 });
const weights = r.step('weights', 1);
const rowSums = Array.from({ length: weights.rows }, (_, i) =>
  weights.data.subarray(i * weights.cols, (i + 1) * weights.cols).reduce((a, b) => a + b, 0),
);
// the word vector of "pays" decodes back to that word
const nearest = lens.nearestWords(r.step('embeddings').data.subarray(300, 400), 1)[0].word;
const tokens = r.tokens.map((t) => t.text);
r.dispose();
// every head's weights and the output, for the native CLI's numbers (CASES in package.test.mjs)
const steps = [];
for (const options of JSON.parse(process.argv[2] ?? '[]')) {
  const c = await lens.analyze('A Lannister always pays his debts', options);
  steps.push({
    weights: Array.from({ length: c.heads }, (_, h) => Array.from(c.step('weights', h).data)),
    output: Array.from(c.step('output').data),
  });
  c.dispose();
}
const rare = await lens.analyze('Tyrion drinks and knows things'); // a shard read from disk
const rareTokens = rare.tokens.map((t) => [t.text, t.known]);
rare.dispose();
const { simd } = lens.info;
lens.dispose();

// the build that trains, on a tiny corpus
const teacher = await createAttentionLens({ trainer: true });
const corpus = new TextEncoder().encode(
  Array.from({ length: 40 }, (_, i) => `the king and the queen rule the land number ${i}`).join('\n'),
);
const trainer = teacher.createTrainer(corpus, { heads: 2, seed: 1 });
const loss = trainer.steps(5);
trainer.dispose();
teacher.dispose();

console.log(
  JSON.stringify({
    simd,
    heads: HEAD_COUNTS,
    tokens,
    rowSums,
    steps,
    nearest,
    rare: rareTokens,
    loss,
  }),
);
