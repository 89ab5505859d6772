// Run by relaxed-simd.test.mjs in a Node with --experimental-wasm-relaxed-simd: loads the SIMD
// build through the JS API as the page does and prints, as JSON, the kernels that run and each
// case's largest difference from the native CLI over every step.
//   node --experimental-wasm-relaxed-simd tests/js/relaxed-check.mjs [dist folder]
import { pathToFileURL } from 'node:url';
import { STEP_NAMES, createAttentionLens } from '../../web/lib/index.js';
import { cliFlags, cliJson, maxDiff } from './helpers.mjs';

const CASES = [
  ['A Lannister always pays his debts.', { heads: 2 }],
  ['Winter is coming, and the night is dark and full of terrors!', { heads: 4, mask: 'causal' }],
  ['The king and the queen ruled the seven kingdoms', { similarity: 'cosine', heads: 5, mask: 'self' }],
  ['Tyrion drinks and knows things', { weights: 'random', seed: 42, heads: 10, temperature: 0.5 }],
];

const dist = process.argv[2];
const lens = await createAttentionLens({ simd: true, ...(dist ? { baseUrl: pathToFileURL(`${dist}/`) } : {}) });
const diffs = [];
for (const [text, options] of CASES) {
  const cli = cliJson([text, ...cliFlags(options)]);
  const r = await lens.analyze(text, options);
  try {
    let worst = 0;
    for (const name of STEP_NAMES) {
      const want = cli.steps[name];
      const heads = want.shape.length === 3 ? want.shape[0] : 1;
      for (let h = 0; h < heads; h++)
        worst = Math.max(
          worst,
          maxDiff(
            want.shape.length === 3 ? r.step(name, h) : r.step(name),
            want.shape.length === 3 ? want.data[h] : want.data,
          ),
        );
    }
    diffs.push(worst);
  } finally {
    r.dispose();
  }
}
console.log(JSON.stringify({ kernels: lens.info.kernels, diffs }));
