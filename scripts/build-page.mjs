#!/usr/bin/env node
// Builds the static site in dist/: the page and the embed example, the <attention-lens>
// element bundled into one classic script (attention-lens.js, so that it also runs from
// file:// and in any page with one script tag), and its stylesheet. dist/wasm and
// dist/embeddings come from the CMake and embeddings builds.
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
mkdirSync(dist, { recursive: true });

const common = {
  bundle: true,
  target: ['es2022'],
  minify: !process.argv.includes('--dev'), // --dev: readable names, for profiling
  sourcemap: true,
  legalComments: 'none',
  external: ['node:*'], // web/lib reads files with node:fs only under Node
  logLevel: 'warning',
  // createAttentionLens() (the ES module API) reads import.meta.url; the element never calls it
  logOverride: { 'empty-import-meta': 'silent' },
};
// the training worker: a module worker (it imports the wasm glue, an ES module)
await build({
  ...common,
  entryPoints: [join(root, 'web', 'app', 'train', 'worker.js')],
  outfile: join(dist, 'train-worker.js'),
  format: 'esm',
});
await build({
  ...common,
  entryPoints: [join(root, 'web', 'app', 'element.js')],
  outfile: join(dist, 'attention-lens.js'),
  format: 'iife',
});
for (const [from, to] of [
  ['web/index.html', 'index.html'],
  ['web/embed-example.html', 'embed-example.html'],
  ['web/styles/page.css', 'page.css'],
  ['web/styles/attention-lens.css', 'attention-lens.css'],
])
  copyFileSync(join(root, from), join(dist, to));
copyFileSync(join(root, 'web', 'favicon.svg'), join(dist, 'favicon.svg'));
// which trained weights the site offers (npm run train writes dist/weights/trained.bin)
mkdirSync(join(dist, 'weights'), { recursive: true });
// the preset's heads and figures come from the training report (npm run train)
const reportPath = join(dist, 'weights', 'train-report.json');
const report = existsSync(reportPath) ? JSON.parse(readFileSync(reportPath, 'utf8')) : null;
const trained = existsSync(join(dist, 'weights', 'trained.bin')) && report ? 'trained.bin' : null;
writeFileSync(
  join(dist, 'weights', 'index.json'),
  `${JSON.stringify({
    trained,
    heads: report?.options.heads ?? null,
    heldOutTop10: report?.heldOutAccuracy.trained.top10 ?? null,
  })}\n`,
);
console.log(`page: built ${dist} (index.html, embed-example.html, attention-lens.js, attention-lens.css)`);
