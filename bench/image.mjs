#!/usr/bin/env node
// npm run bench (image rows): the image mode's whole analysis of a photo, as the page runs it
// (lens.analyzeImage: the 224 × 224 view, patches, token vectors, the attention forward with
// every step kept, and filter × V for every query patch), in this project's wasm SIMD and
// baseline builds, at 196 and 784 patches. Writes its table into bench/RESULTS.md.
//   node bench/image.mjs [--quick]
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import jpeg from 'jpeg-js';
import { createAttentionLens } from '../web/lib/index.js';
import { median, timeRuns } from './inputs.mjs';
import { writeResults } from './results-file.mjs';

const quick = process.argv.includes('--quick');
const timing = quick ? { minMs: 300, minReps: 3, maxReps: 30 } : { minMs: 2000, minReps: 10, maxReps: 200 };
const TARGETS = { 16: 10, 8: 60 }; // ms, SIMD, for the full analysis at 196 and 784 patches

const file = new URL('../dist/images/chelsea.jpg', import.meta.url);
const decoded = jpeg.decode(readFileSync(file), { useTArray: true, formatAsRGBA: true });
const picture = { width: decoded.width, height: decoded.height, data: decoded.data };

const rows = [];
for (const simd of [true, false]) {
  const lens = await createAttentionLens({ simd });
  for (const patch of [16, 8])
    for (const heads of [1, 4]) {
      const { times } = await timeRuns(
        async () => {
          const r = await lens.analyzeImage(picture, { patch, heads });
          r.dispose();
        },
        { ...timing, warmMs: 300 },
      );
      const row = {
        build: simd ? 'SIMD' : 'baseline',
        patch,
        n: (224 / patch) ** 2,
        heads,
        ms: median(times),
        reps: times.length,
      };
      rows.push(row);
      process.stderr.write(`${row.build} ${row.n} patches, ${heads} heads: ${row.ms.toFixed(2)} ms\n`);
    }
  lens.dispose();
}

const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores, ` +
    `load ${loadavg()[0].toFixed(1)}), Node ${process.versions.node}: the median of ${quick ? 'a quick' : 'a'} run of ` +
    '`lens.analyzeImage(photo, { patch, heads })` on chelsea.jpg (the view, the patches, the token vectors, the forward ' +
    'with every step kept, filter × V for every patch), then `dispose()`.',
  '',
  '| build | patches | heads | ms | target (SIMD) |',
  '|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.build} | ${r.n} | ${r.heads} | ${r.ms.toFixed(2)} | ${r.build === 'SIMD' ? `≤ ${TARGETS[r.patch]} ms: ${r.ms <= TARGETS[r.patch] ? 'met' : 'missed'}` : '–'} |`,
  ),
];
const summary = lines.join('\n');
console.log(summary);
if (!quick) {
  writeResults('image', summary);
}
