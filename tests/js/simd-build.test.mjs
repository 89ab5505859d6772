// The SIMD build really runs f32x4 arithmetic in its kernels, and the baseline build has no
// SIMD instructions at all (wasm-objdump from Debian's wabt; function names come from the
// .symbols file the build writes beside each module, so the shipped .wasm carries none).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { root } from './helpers.mjs';

// { functionName: [instruction, ...] } of dist/wasm/<name>.wasm
function disassemble(name) {
  const names = new Map(
    readFileSync(join(root, 'dist', 'wasm', `${name}.mjs.symbols`), 'utf8')
      .trim()
      .split('\n')
      .map((line) => {
        const colon = line.indexOf(':');
        return [
          Number(line.slice(0, colon)),
          line.slice(colon + 1).replace(/\\([0-9a-f]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))),
        ];
      }),
  );
  const text = execFileSync('wasm-objdump', ['-d', join(root, 'dist', 'wasm', `${name}.wasm`)], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const functions = {};
  let current = null;
  for (const line of text.split('\n')) {
    const header = /^[0-9a-f]+ func\[(\d+)\]/.exec(line);
    if (header) functions[(current = names.get(Number(header[1])) ?? `func${header[1]}`)] = [];
    else if (current) {
      const op = /\|\s+([a-z0-9_.]+)/.exec(line);
      if (op) functions[current].push(op[1]);
    }
  }
  return functions;
}

const count = (ops, name) => ops.filter((o) => o === name).length;
const find = (functions, prefix) => Object.entries(functions).find(([name]) => name.startsWith(prefix))?.[1];

test('the SIMD build computes its matrix products and softmax with f32x4 instructions', () => {
  const f = disassemble('attention-lens-simd');
  // the 4×8 tile loop (core/kernels/gemm_wasmsimd.cpp), which gemm_packed calls through the kernel table
  const gemm = find(f, 'al::kernels::wasm::gemm_f32(') ?? [];
  assert.ok(gemm.length > 0, 'the gemm kernel is in the module');
  assert.ok(
    count(gemm, 'f32x4.mul') >= 8 && count(gemm, 'f32x4.add') >= 8,
    'the 4×8 microkernel: 8 mul + 8 add per step',
  );
  assert.ok(count(gemm, 'v128.load32_splat') >= 4);
  // the softmax's exp (core/kernels/expf_poly.h on four lanes: 2^n from shifted exponent bits)
  const softmax = find(f, 'al::kernels::wasm::softmax_with_max_f32(') ?? [];
  for (const op of ['f32x4.mul', 'f32x4.add', 'f32x4.sub', 'i32x4.shl', 'f32x4.ge'])
    assert.ok(softmax.includes(op), `the softmax uses ${op}`);
  // the scores of Q·Kᵀ with their scaling and row maximum in the same tile loop
  const scores = find(f, 'al::kernels::wasm::scores_f32(') ?? [];
  assert.ok(count(scores, 'f32x4.mul') >= 16 && count(scores, 'f32x4.pmax') >= 2, 'the fused scores kernel');
});

test('the baseline build contains no SIMD instruction', () => {
  const f = disassemble('attention-lens-baseline');
  const simd = Object.values(f)
    .flat()
    .filter((op) => /^(v128|[fi](8x16|16x8|32x4|64x2))\./.test(op));
  assert.deepEqual(simd, []);
  assert.ok(find(f, 'al::kernels::gemm_packed('), 'the scalar gemm_packed is in the module');
});
