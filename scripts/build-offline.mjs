#!/usr/bin/env node
// Builds the offline copy of the site (npm run build:offline): a folder to copy anywhere and
// open straight from disk (file://), where browsers block ES modules, fetch() and workers.
// It holds the page, the element's classic script (its stylesheet inside), the single-file wasm
// scripts (the .wasm inside, as base64) and, for each embeddings file, a script twin that
// registers the same bytes in base64 (web/app/engine.js loads them with <script src>), and the
// same for the topic query's model (weights/topic.js). The npm package and the served site do
// without these twins (they are 53 MB); training, trained presets and built-in photos need
// http and are left out.
//   node scripts/build-offline.mjs [OUT]   (default build/offline; needs npm run build:site)
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const out = process.argv[2] ?? join(root, 'build', 'offline');

const copies = [
  ['dist/embed-example.html', 'embed-example.html'],
  ['dist/page.css', 'page.css'],
  ['dist/favicon.svg', 'favicon.svg'],
  ['dist/embed-example.js', 'embed-example.js'],
  ['dist/attention-lens.js', 'attention-lens.js'],
  ['dist/attention-lens.js.map', 'attention-lens.js.map'],
  ['dist/attention-lens-element.js', 'attention-lens-element.js'],
  ['dist/attention-lens-element.js.map', 'attention-lens-element.js.map'],
  ['dist/attention-lens-image.js', 'attention-lens-image.js'],
  ['dist/attention-lens-image.js.map', 'attention-lens-image.js.map'],
  ['dist/attention-lens-explain.js', 'attention-lens-explain.js'],
  ['dist/attention-lens-explain.js.map', 'attention-lens-explain.js.map'],
  ['dist/wasm/attention-lens-simd.single.js', 'wasm/attention-lens-simd.single.js'],
  ['dist/wasm/attention-lens-baseline.single.js', 'wasm/attention-lens-baseline.single.js'],
  ['LICENSE', 'LICENSE'],
  ['THIRD_PARTY_NOTICES.md', 'THIRD_PARTY_NOTICES.md'],
];
for (const from of ['dist/index.html', ...copies.map(([f]) => f)])
  if (!existsSync(join(root, from))) throw new Error(`build-offline: ${from} is missing (npm run build:site first)`);

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'wasm'), { recursive: true });
mkdirSync(join(out, 'embeddings'), { recursive: true });
for (const [from, to] of copies) copyFileSync(join(root, from), join(out, to));
// the page without the served site's preloads of files this folder holds as script twins (a
// file:// page would log each as missing)
const page = readFileSync(join(dist, 'index.html'), 'utf8');
writeFileSync(
  join(out, 'index.html'),
  page.replace(/[ \t]*<link rel="(?:module)?preload" href="(?:wasm|embeddings)\/[^"]*"[^>]*>\n?/g, ''),
);
let bytes = 0;
// dist/<folder>/<name>.bin as <out>/<folder>/<name>.js, a script that registers its bytes
function twin(folder, name) {
  const data = readFileSync(join(dist, folder, name));
  const script =
    `(self.__attentionLensAssets = self.__attentionLensAssets || {})[${JSON.stringify(name)}] = ` +
    `"${data.toString('base64')}";\n`;
  mkdirSync(join(out, folder), { recursive: true });
  writeFileSync(join(out, folder, name.replace(/\.bin$/, '.js')), script);
  bytes += script.length;
}
const names = readdirSync(join(dist, 'embeddings')).filter((f) => f.endsWith('.bin'));
for (const name of names) twin('embeddings', name);
if (existsSync(join(dist, 'weights', 'topic.bin'))) twin('weights', 'topic.bin');
console.log(
  `offline: built ${out} (open index.html from disk; ${names.length} embeddings scripts, ${(bytes / 1e6).toFixed(0)} MB)`,
);
