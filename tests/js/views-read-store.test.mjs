// The page's views only read the store and dispatch intents (web/app/store.js): every lens call,
// every core computation started through a result (traceCell, scalingStudy, recurrentInfluence,
// headSummary, answerMeaning, focus), every fetch, every worker and every file load is the
// compute layer's (web/app/compute.js and web/app/compute/, web/app/image/compute.js and
// web/app/image/compute/), which coalesces what it computes. This scans the views' sources and
// names each place that reaches past the store.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const VIEW_FOLDERS = ['web/app/views', 'web/app/explain', 'web/app/image/views'];

// modules a view may not import (paths from the repository's root): the lens and its loading,
// the compute layer, the training worker, the picture decoder
const FORBIDDEN_MODULES = [
  /^web\/app\/engine\.js$/,
  /^web\/app\/(image\/)?compute(\.js$|\/)/,
  /^web\/app\/prefetch\.js$/,
  /^web\/app\/train\/(session|worker)\.js$/,
  /^web\/app\/image\/decode\.js$/,
  /^web\/lib\/(lens|loader|assets|locate|index|trainer|image-trainer|with-bytes)\.js$/,
  /^dist\//,
];
// what a view's code may not do itself (comments are not code)
const FORBIDDEN_CODE = [
  [/\blens\s*\??\./, 'calls the lens (lens.…)'],
  [/\.lens\b/, 'reads the lens (….lens)'],
  [/[{,]\s*lens\s*[,}:=]/, 'takes the lens out of the state ({ lens })'],
  [/\bfetch\s*\(/, 'fetches (fetch(…))'],
  [/\bnew\s+(Shared)?Worker\s*\(/, 'starts a worker'],
  // a result's methods that run the core (the result's own numbers are read through step(),
  // view() and the mask's rows): a view asks for them through the store instead
  [
    /\.(traceCell|scalingStudy|recurrentInfluence|headSummary|answerMeaning|topic)\s*\(/,
    'starts a core computation through a result (its traceCell, scalingStudy, …): ask through the store',
  ],
  [/\.focus\(\s*[^)\s{]/, 'starts a core computation through a result (its focus(head, row)): ask through the store'],
];

// the source without its comments, with every line where it was (strings stay: an import's path
// is one)
function stripComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

// Each place in one file's source that reaches past the store: "file:line: what it does".
export function violations(file, source) {
  const found = [];
  const code = stripComments(source);
  const lineOf = (index) => code.slice(0, index).split('\n').length;
  const imports = /\b(?:import|export)\s[^;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;
  for (const m of code.matchAll(imports)) {
    const spec = m[1] ?? m[2];
    const target = spec.startsWith('.') ? relative(root, resolve(dirname(join(root, file)), spec)) : spec;
    if (FORBIDDEN_MODULES.some((re) => re.test(target.split('\\').join('/'))))
      found.push(`${file}:${lineOf(m.index)}: imports ${spec}`);
  }
  code.split('\n').forEach((line, i) => {
    for (const [re, what] of FORBIDDEN_CODE) if (re.test(line)) found.push(`${file}:${i + 1}: ${what}`);
  });
  return found;
}

function sources(folder) {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.m?js$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath ?? e.path, e.name)));
}

test('the scan finds each way a view could reach past the store', () => {
  const sample = [
    "import { getLens } from '../engine.js';",
    "import { startCompute } from '../compute.js';",
    "import { openPicture } from '../compute/open-picture.js';",
    "import { trainingSession } from '../train/session.js';",
    'const { lens, text } = store.get();',
    'const near = lens.nearestWords(v, 5);',
    'store.get().lens.setTrainedWeights(bytes);',
    'const r = await fetch(url);',
    "const w = new Worker('x.js');",
    'const t = result.traceCell(head, i, j);',
    'const s = result.scalingStudy(dk, { seed: 1 });',
    'const r = state.result?.recurrentInfluence({ seed });',
    'const f = r.focus(-1, q, 5);',
    'const t = result?.topic();',
    '// lens.analyze in a comment is not code',
    'button.focus(); next.focus({ preventScroll: true }); // an element taking the keyboard is not',
  ].join('\n');
  const found = violations('web/app/views/sample.js', sample);
  assert.deepEqual(
    [...new Set(found.map((f) => Number(f.split(':')[1])))],
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
    found.join('\n'),
  );
});

test('views, explanations and the image views only read the store and dispatch intents', () => {
  const files = VIEW_FOLDERS.flatMap(sources);
  assert.ok(files.length > 20, `only ${files.length} view files found`);
  const found = files.flatMap((file) => violations(file, readFileSync(join(root, file), 'utf8')));
  assert.deepEqual(found, [], `views reach past the store:\n${found.join('\n')}`);
});
