// The relaxed-SIMD kernels (dist/wasm/kernels-relaxed.wasm, core/kernels/wasm_kernels.h): a
// module that can share the SIMD build's memory safely, that the loader installs where the
// engine has relaxed SIMD (Node 20 only with --experimental-wasm-relaxed-simd, so these tests
// run a child Node with the flag), and whose results equal the native CLI's. Without the flag
// the SIMD128 kernels run (api.test.mjs checks their name).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { root } from './helpers.mjs';

const RELAXED = join(root, 'dist', 'wasm', 'kernels-relaxed.wasm');

test('kernels-relaxed.wasm imports only memory, has no data, stack or globals, and multiplies with relaxed_madd', () => {
  const details = execFileSync('wasm-objdump', ['-x', RELAXED], { encoding: 'utf8' });
  assert.match(details, /Import\[1\]:\n - memory\[0\] .*<- env\.memory/);
  assert.doesNotMatch(details, /^Data\[/m, 'no data segment: it would be written into the main module memory');
  for (const name of ['gemm', 'scores', 'softmax_with_max']) assert.match(details, new RegExp(`-> "${name}"`));
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
