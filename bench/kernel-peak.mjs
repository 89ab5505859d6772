// The machine's matrix-kernel peaks, measured in the benchmark's own run: the wasm SIMD build's
// kernel-bench (the kernels alone on the shapes of the attention forward, best of six rounds per
// shape), whose highest gemm_packed GFLOP/s is the peak: of the SIMD128 kernels, and of the
// relaxed-SIMD ones where this Node runs them (--experimental-wasm-relaxed-simd; both are timed
// in one process, in alternating rounds).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { supportsRelaxedSimd } from '../web/lib/loader.js';

const DIR = new URL('../build/wasm-simd/', import.meta.url);
const KERNEL_BENCH = fileURLToPath(new URL('kernel-bench.js', DIR));
const RELAXED_KERNELS = fileURLToPath(new URL('kernels-relaxed.wasm', DIR));

// every kernel-bench result: { kind, shape, kernels, us, gflops | nsPerElement }; [] when it is not built
export function kernelBench() {
  if (!existsSync(KERNEL_BENCH)) return [];
  const relaxed = supportsRelaxedSimd() && existsSync(RELAXED_KERNELS);
  const r = spawnSync(
    process.execPath,
    [...(relaxed ? ['--experimental-wasm-relaxed-simd'] : []), KERNEL_BENCH, '--json'],
    { encoding: 'utf8', env: { ...process.env, ...(relaxed ? { AL_RELAXED_KERNELS: RELAXED_KERNELS } : {}) } },
  );
  if (r.status !== 0) throw new Error(`kernel-bench failed: ${r.stderr || r.error}`);
  return JSON.parse(r.stdout).results;
}

// { wasmsimd: { gflops, shape }, wasmrelaxedsimd?: { gflops, shape } }: the best gemm shape per kernel set
export function kernelPeaks(results = kernelBench()) {
  const peaks = {};
  for (const { kind, kernels, gflops, shape } of results)
    if (kind === 'gemm' && !(peaks[kernels]?.gflops >= gflops)) peaks[kernels] = { gflops, shape };
  return peaks;
}
