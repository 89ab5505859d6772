// This project's WebAssembly builds: the production forward (every intermediate kept) on
// the benchmark's inputs, through the RawForward binding of the benchmark's module (built
// beside the tests in build/wasm-*, not shipped).
import { loadModule } from '../../web/lib/loader.js';

const wasmDir = (simd) => new URL(`../../build/wasm-${simd ? 'simd' : 'baseline'}/`, import.meta.url);

export function attentionLensPeer(simd) {
  return {
    name: simd ? 'attention-lens wasm SIMD' : 'attention-lens wasm baseline',
    async setup({ n, d, heads, x, weights }) {
      const { module: M } = await loadModule(wasmDir(simd), { simd, build: 'attention-lens-bench' });
      const wPtr = M._malloc(weights.length * 4),
        xPtr = M._malloc(x.length * 4);
      M.HEAPF32.set(weights, wPtr >> 2);
      M.HEAPF32.set(x, xPtr >> 2);
      const forward = new M.RawForward(wPtr, d, heads);
      const error = M.takeError();
      if (error) throw new Error(error);
      return {
        run() {
          const view = forward.run(xPtr, n);
          if (view === null) throw new Error(M.takeError());
          return new Float32Array(view); // one bulk copy out of wasm memory
        },
        dispose() {
          forward.delete();
          M._free(wPtr);
          M._free(xPtr);
        },
      };
    },
  };
}
