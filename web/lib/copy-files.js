#!/usr/bin/env node
// npx attention-lens-files <folder>: copies the package's run-time files (wasm/, embeddings/,
// weights/, images/, corpus/ and the training worker, laid out as in its dist/)
// into <folder>: the folder that holds your bundle, or any folder you then name in the
// element's base-url and the API's baseUrl. For bundlers that leave
// new URL('./…', import.meta.url) as it is without copying the file (esbuild, Rollup): the URLs
// then resolve beside the bundle. The list is the package's own (dist/asset-urls.js and
// dist/asset-urls-words-*.js), so it copies exactly what the code can ask for.
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const USAGE = 'usage: npx attention-lens-files <folder of your bundle>';
const [target, ...rest] = process.argv.slice(2);
if (!target || rest.length || target.startsWith('-')) {
  console.error(target === '--help' || target === '-h' ? USAGE : `attention-lens-files: ${USAGE}`);
  process.exit(target === '--help' || target === '-h' ? 0 : 2);
}

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
const { FILES, GLUE, WORD_MAPS } = await import(new URL('../../dist/asset-urls.js', import.meta.url).href);
const WORDS = Object.assign(
  {},
  ...(await Promise.all(Object.values(WORD_MAPS).map((load) => load()))).map((m) => m.FILES),
);
const out = resolve(target);
let bytes = 0;
let count = 0;
// the wasm glue too: bundled where the bundle imports it, but read from the folder under a base URL
const glue = Object.keys(GLUE).map((build) => `wasm/${build}.mjs`);
for (const path of new Set([...Object.keys(FILES), ...glue, ...Object.keys(WORDS)])) {
  const to = join(out, path);
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(join(dist, path), to);
  bytes += statSync(to).size;
  count++;
}
console.log(`attention-lens-files: copied ${count} files (${(bytes / 1e6).toFixed(1)} MB) into ${out}`);
