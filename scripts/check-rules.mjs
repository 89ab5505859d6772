#!/usr/bin/env node
// Checks that what docs/ARCHITECTURE.md says can be found, and that the rules it says have one
// owner are written once (run by `npm run lint`):
// - every file or folder it names in backticks exists (build outputs in dist/ and build/ aside);
// - every identifier it names in backticks appears in the sources;
// - the training options' structs take the analysis options they share (the positional switch
//   and weight, the patch, similarity, mask, temperature, scale) from the analysis' structs,
//   never a default of their own;
// - the mask rule and the positional weight's range are written once in the core;
// - the page's drawing code draws the mask table it is given, not a rule of its own (by
//   behaviour: check-mask-drawing.mjs), and no page file names the trained weights' options.
// Exits 1 with one line per problem.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { maskDrawingProblems } from './check-mask-drawing.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const problems = [];

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'generated' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

const SOURCE_DIRS = ['src', 'web', 'scripts', 'tests', 'bench', 'cmake'];
const sources = SOURCE_DIRS.filter((d) => existsSync(join(root, d))).flatMap((d) => walk(join(root, d)));
const sourceFiles = sources.filter((p) => /\.(cpp|h|def|js|mjs|ts|css|cmake|sh)$/.test(p));
const text = new Map(sourceFiles.map((p) => [p, readFileSync(p, 'utf8')]));
for (const top of ['CMakeLists.txt', 'package.json', 'CMakePresets.json']) {
  if (existsSync(join(root, top))) text.set(join(root, top), readFileSync(join(root, top), 'utf8'));
}
// every file and folder of the tree, relative to the root, for names given by their tail
const tree = [...sources, ...walk(join(root, 'docs')), ...['CMakeLists.txt', 'package.json'].map((f) => join(root, f))]
  .map((p) => relative(root, p))
  .flatMap((p) => p.split('/').map((_, i, parts) => parts.slice(i).join('/') + (i ? '' : '')))
  .concat(
    sources.flatMap((p) =>
      relative(root, dirname(p))
        .split('/')
        .map((_, i, parts) => `${parts.slice(i).join('/')}/`),
    ),
  );
const tails = new Set(tree);
const allText = [...text.values()].join('\n');

// 1. docs/ARCHITECTURE.md's names
const doc = readFileSync(join(root, 'docs', 'ARCHITECTURE.md'), 'utf8');
const ticks = [...doc.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
const PATH = /^[\w.@*{},/-]+\/[\w.*{},/-]*$|^[\w.-]+\.(cpp|h|def|js|mjs|ts|css|json|md|txt|bin|wasm|html)$/;
function expand(name) {
  // src/core/presets.{h,cpp} → both
  const m = name.match(/^(.*)\{([^}]+)\}(.*)$/);
  return m ? m[2].split(',').flatMap((part) => expand(m[1] + part + m[3])) : [name];
}
for (const tick of ticks) {
  const name = tick.split(/\s/)[0].replace(/[(),:]+$/, '');
  if (!PATH.test(name) || /^(dist|build)\//.test(name) || name.includes('*') || name.includes('…')) continue;
  if (/\.(bin|wasm)$|(^|\/)generated\/|^schema\.d\.ts$/.test(name)) continue; // built, not in the tree
  if (/^(attention-lens|https?:)/.test(name)) continue; // package specifiers, addresses
  for (const path of expand(name)) {
    const found = existsSync(join(root, path)) || tails.has(path);
    if (!found) problems.push(`docs/ARCHITECTURE.md names \`${path}\`, which does not exist`);
  }
}
const IDENT = /^(?:[a-z]+(?:_[a-z0-9]+)+|[a-z]+[A-Z]\w*|k[A-Z]\w+|[A-Z]\w+::\w+)(?:\(\))?$/;
for (const tick of ticks) {
  if (!IDENT.test(tick)) continue;
  const id = tick.replace(/\(\)$/, '').split('::').pop();
  if (!allText.includes(id)) problems.push(`docs/ARCHITECTURE.md names \`${tick}\`, found in no source`);
}

// 2. the training structs take shared analysis options from the analysis structs
const SHARED = ['positional', 'positional_weight', 'patch', 'similarity', 'mask', 'temperature', 'scale'];
for (const [path, source] of text) {
  if (!/src\/core\/train\/[^/]+\.h$/.test(path)) continue;
  for (const m of source.matchAll(/^\s+(?:bool|int|float|double|Similarity|Mask)\s+(\w+)\s*=\s*([^;]+);/gm)) {
    if (SHARED.includes(m[1]) && !m[2].includes(')') && !/[A-Za-z]\w*\{\}/.test(m[2]))
      problems.push(`${relative(root, path)}: ${m[1]} has a default of its own (${m[2].trim()}); take the analysis'`);
  }
}

// 3. rules written once in the core
const ONCE = [
  ['the mask rule', /mask == Mask::Causal && j > i/g],
  ["the causal mask's visible prefix", /Mask::Causal \? i \+ 1/g],
  ["the positional weight's range", /positional weight must be/g],
  ['X = E + weight · PE', /\+= (?:\w+\.)*positional_weight \* /g],
];
const core = [...text].filter(([p]) => /src\/core\//.test(p));
for (const [rule, pattern] of ONCE) {
  const where = core.filter(([, s]) => s.match(pattern)).map(([p]) => relative(root, p));
  const count = core.reduce((n, [, s]) => n + (s.match(pattern) || []).length, 0);
  if (count > 1) problems.push(`${rule} is written ${count} times in the core: ${where.join(', ')}`);
}

// 4. the page reads the core's rules, never writes them. The mask: its drawing code, fed mask
// tables no rule makes, must draw exactly those (a behaviour, whatever the code is called:
// check-mask-drawing.mjs). The trained weights' options: no file names them.
for (const p of await maskDrawingProblems(root)) problems.push(`the page's mask drawing: ${p}: draw the core's table`);
for (const [path, source] of text) {
  if (!/\/web\/(app|lib)\/.*\.js$/.test(path)) continue;
  if (/trainedHeads|trainedImageOptions/.test(source))
    problems.push(`${relative(root, path)} writes trained weights' options: read the core's (result)`);
}

for (const p of problems) console.error(`check-rules: ${p}`);
if (problems.length) process.exit(1);
console.log(
  `check-rules: docs/ARCHITECTURE.md's ${ticks.length} names found; the core's rules are each written once; ` +
    'the page draws the mask tables it is given',
);
