// The machine's SIMD128 matrix-kernel peak, measured in the benchmark's own run: the wasm SIMD
// build's kernel-bench (gemm_packed alone, best of six rounds per shape on the shapes of the
// attention forward), whose lines read `<shape>  <µs> us  <GFLOP/s> GFLOP/s`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const KERNEL_BENCH = fileURLToPath(new URL('../build/wasm-simd/kernel-bench.js', import.meta.url));

// { gflops, shape } of the fastest shape, or null when the kernel bench is not built
export function kernelPeak() {
  if (!existsSync(KERNEL_BENCH)) return null;
  const r = spawnSync(process.execPath, [KERNEL_BENCH], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`kernel-bench failed: ${r.stderr || r.error}`);
  const shapes = [...r.stdout.matchAll(/^(.+?)\s+[\d.]+ us\s+([\d.]+) GFLOP\/s$/gm)].map(([, shape, gflops]) => ({
    shape,
    gflops: Number(gflops),
  }));
  if (shapes.length === 0) throw new Error(`kernel-bench printed no GFLOP/s lines:\n${r.stdout}`);
  return shapes.reduce((best, s) => (s.gflops > best.gflops ? s : best));
}
