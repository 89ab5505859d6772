// This project's WebAssembly builds: the production forward (every intermediate kept) on
// the benchmark's inputs, through the RawForward binding of the benchmark's module (built
// beside the tests in build/wasm-*, not shipped). The SIMD build runs either its SIMD128
// kernels or, where the engine has relaxed SIMD, the relaxed ones as the loader picks them.
import { loadModule } from '../../web/lib/loader.js';

const wasmDir = (simd) => new URL(`../../build/wasm-${simd ? 'simd' : 'baseline'}/`, import.meta.url);

export function attentionLensPeer(simd, { relaxed = false } = {}) {
  return {
    name: simd ? `attention-lens wasm ${relaxed ? 'relaxed SIMD' : 'SIMD128'}` : 'attention-lens wasm baseline',
    async setup({ n, d, heads, x, weights }) {
      const { module: M, kernels } = await loadModule(wasmDir(simd), { simd, relaxed, build: 'attention-lens-bench' });
      if (relaxed && kernels !== 'wasmrelaxedsimd/wasmrelaxedsimd')
        throw new Error(`relaxed SIMD kernels not loaded (${kernels})`);
      const wPtr = M._malloc(weights.length * 4),
        xPtr = M._malloc(x.length * 4);
      M.HEAPF32.set(weights, wPtr >> 2);
      M.HEAPF32.set(x, xPtr >> 2);
      const forward = new M.RawForward(wPtr, d, heads);
      const error = M.takeError();
      if (error) throw new Error(error);
      const check = (v) => {
        if (v === null || v === 0) throw new Error(M.takeError());
        return v;
      };
      const output = () => {
        const at = check(forward.run(xPtr, n)) >> 2;
        return M.HEAPF32.subarray(at, at + n * d); // HEAPF32 read again: the forward may grow memory
      };
      return {
        run: () => output().slice(), // one bulk copy out of wasm memory
        view: output,
        profile: (reps) => check(forward.profile(xPtr, n, reps)),
        dispose() {
          forward.delete();
          M._free(wPtr);
          M._free(xPtr);
        },
      };
    },
  };
}
