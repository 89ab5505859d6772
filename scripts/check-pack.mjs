#!/usr/bin/env node
// Run before `npm pack` and `npm publish` (the prepack script): the package's files are built
// from a clean checkout only by npm run build:site (or npm run build), so refuse to pack
// without them, or with a file map (dist/asset-urls.js) that names other files than dist/ holds.
// Silent when all is well (npm pack --json prints its JSON on the same stdout).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packagedFileList } from './asset-urls.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const fail = (message) => {
  console.error(`check-pack: ${message}; run npm run build:site (or npm run build) first`);
  process.exit(1);
};

for (const f of [
  'LICENSE',
  'THIRD_PARTY_NOTICES.md',
  'web/lib/generated/schema.js',
  'web/lib/generated/schema.d.ts',
  'dist/attention-lens.js',
  'dist/attention-lens-element.js',
  'dist/attention-lens-image.js', // the element's parts (web/app/parts.js)
  'dist/attention-lens-explain.js',
  'dist/attention-lens.mjs',
  'dist/attention-lens.css',
  'dist/frame.html', // the iframe twin (web/frame.html)
  'dist/asset-urls.js',
  'dist/asset-urls-words-core.js',
  'dist/embeddings/manifest.json',
  'dist/weights/topic.bin',
])
  if (!existsSync(join(root, f))) fail(`${f} is missing`);

let paths;
try {
  ({ paths } = packagedFileList(dist));
} catch (e) {
  fail(e.message);
}
const map = readdirSync(dist)
  .filter((f) => /^asset-urls(?:-words-\w+)?\.js$/.test(f))
  .map((f) => readFileSync(join(dist, f), 'utf8'))
  .join('');
const named = [...map.matchAll(/new URL\('\.\/([^'?]+)/g)].map((m) => m[1]);
if (named.sort().join('\n') !== [...paths].sort().join('\n'))
  fail('dist/asset-urls.js and asset-urls-words-*.js name other files than dist/ holds');
if (!paths.includes('wasm/kernels-relaxed.wasm'))
  console.warn(
    'check-pack: no dist/wasm/kernels-relaxed.wasm (clang-16 missing?): the package has SIMD128 kernels only',
  );
