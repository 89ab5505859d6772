// The relaxed-SIMD kernels (dist/wasm/kernels-relaxed.wasm, core/kernels/wasm_kernels.h): a
// module that can share the SIMD build's memory safely, that the loader installs where the
// engine has relaxed SIMD (Node 20 only with --experimental-wasm-relaxed-simd, so these tests
// run a child Node with the flag), and whose results equal the native CLI's. Without the flag
// the SIMD128 kernels run (api.test.mjs checks their name). The kernels are listed once, in
// src/core/kernels/hot_kernels.def: the module's exports and the names the wasm builds hand the
// loader must be that list.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadModule } from '../../web/lib/loader.js';
import { root } from './helpers.mjs';

const RELAXED = join(root, 'dist', 'wasm', 'kernels-relaxed.wasm');
const KERNELS_DIR = join(root, 'src', 'core', 'kernels');

// hot_kernels.def's rows, { kernel, type, source }, in its order; every line that is not a
// comment must be a row
const DEF_LINES = readFileSync(join(KERNELS_DIR, 'hot_kernels.def'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('//'));
const HOT = DEF_LINES.map((line) => {
  const m = /^AL_HOT_KERNEL\((\w+), (\w+), "([\w.]+)"\)$/.exec(line);
  return m && { kernel: m[1], type: m[2], source: m[3] };
});
const NAMES = HOT.map((row) => row?.kernel);

test('hot_kernels.def lists each hot kernel once, with its type and the file that defines it', () => {
  assert.ok(HOT.length > 0, 'the list is not empty');
  HOT.forEach((row, i) => assert.ok(row, `not a row AL_HOT_KERNEL(kernel, Type, "source"): ${DEF_LINES[i]}`));
  assert.equal(new Set(NAMES).size, NAMES.length, 'no kernel twice');
  const header = readFileSync(join(KERNELS_DIR, 'wasm_kernels.h'), 'utf8');
  for (const { kernel, type, source } of HOT) {
    assert.match(header, new RegExp(`using ${type} = void\\(`), `wasm_kernels.h defines the type ${type}`);
    assert.ok(existsSync(join(KERNELS_DIR, source)), `${source} exists`);
    assert.match(readFileSync(join(KERNELS_DIR, source), 'utf8'), new RegExp(`\\bvoid ${kernel}_f32\\(`));
  }
});

test("kernels-relaxed.wasm exports exactly hot_kernels.def's kernels", () => {
  const details = execFileSync('wasm-objdump', ['-x', '-j', 'Export', RELAXED], { encoding: 'utf8' });
  const exports = [...details.matchAll(/^ - \w+\[\d+\] .*-> "(\w+)"$/gm)].map((m) => m[1]);
  assert.deepEqual(exports.toSorted(), NAMES.toSorted());
});

for (const simd of [true, false])
  test(`the ${simd ? 'SIMD' : 'baseline'} build names hot_kernels.def's kernels in its order and refuses another count`, async () => {
    const { module } = await loadModule(new URL('../../dist/wasm/', import.meta.url), { simd, relaxed: false });
    let at = module._al_hot_kernel_names(),
      names = '';
    while (module.HEAPU8[at]) names += String.fromCharCode(module.HEAPU8[at++]);
    assert.deepEqual(names.split(','), NAMES);
    // a loader that read another list hands another number of indices: refused, nothing installed
    assert.equal(module._al_use_relaxed_kernels(NAMES.length + 1, ...NAMES.map(() => 0), 0), 0);
    assert.equal(module._al_use_relaxed_kernels(NAMES.length - 1, ...NAMES.map(() => 0)), 0);
    assert.equal(module.kernelNames(), simd ? 'wasmsimd/wasmsimd' : 'scalar/scalar');
  });

test('kernels-relaxed.wasm imports only memory, has no data, stack or globals, and multiplies with relaxed_madd', () => {
  const details = execFileSync('wasm-objdump', ['-x', RELAXED], { encoding: 'utf8' });
  assert.match(details, /Import\[1\]:\n - memory\[0\] .*<- env\.memory/);
  assert.doesNotMatch(details, /^Data\[/m, 'no data segment: it would be written into the main module memory');
  const code = execFileSync('wasm-objdump', ['-d', RELAXED], { encoding: 'utf8' });
  assert.doesNotMatch(code, /global\.(get|set)/, 'no stack pointer: the module must not use memory of its own');
  assert.ok((code.match(/f32x4\.relaxed_madd/g) ?? []).length >= 16, 'the 4×8 tile and the exp use relaxed_madd');
});

// { kernels, diffs } from relaxed-check.mjs in a Node with relaxed SIMD, on dist/ or another folder
function check(dist) {
  const args = ['--experimental-wasm-relaxed-simd', join(root, 'tests', 'js', 'relaxed-check.mjs')];
  const r = spawnSync(process.execPath, dist ? [...args, dist] : args, { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

test('with relaxed SIMD, the loader runs the relaxed kernels and every step equals the native CLI within 1e-5', () => {
  const { kernels, diffs } = check();
  assert.equal(kernels, 'wasmrelaxedsimd/wasmrelaxedsimd');
  for (const d of diffs) assert.ok(d <= 1e-5, `a step differs from the CLI by ${d}`);
});

test('without kernels-relaxed.wasm beside the module, the loader keeps the SIMD128 kernels', () => {
  const dist = mkdtempSync(join(tmpdir(), 'al-relaxed-'));
  try {
    mkdirSync(join(dist, 'wasm'));
    for (const f of ['attention-lens-simd.mjs', 'attention-lens-simd.wasm'])
      symlinkSync(join(root, 'dist', 'wasm', f), join(dist, 'wasm', f));
    symlinkSync(join(root, 'dist', 'embeddings'), join(dist, 'embeddings'));
    const { kernels, diffs } = check(dist);
    assert.equal(kernels, 'wasmsimd/wasmsimd');
    for (const d of diffs) assert.ok(d <= 1e-5, `a step differs from the CLI by ${d}`);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});
