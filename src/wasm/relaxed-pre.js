// --pre-js of the wasm test and bench programs: with AL_RELAXED_KERNELS naming
// kernels-relaxed.wasm (and node --experimental-wasm-relaxed-simd), installs the relaxed-SIMD
// kernels before main() runs, as web/lib/loader.js does for the Embind modules. A failure is an
// error: the run would otherwise time or test the SIMD128 kernels under the relaxed name.
Module.preRun = [].concat(Module.preRun || [], () => {
  const path = typeof process === 'object' ? process.env.AL_RELAXED_KERNELS : undefined;
  if (!path) return;
  const bytes = require('fs').readFileSync(path);
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { memory: wasmMemory } });
  if (!Module._al_use_relaxed_kernels(addFunction(exports.gemm), addFunction(exports.scores), addFunction(exports.softmax_with_max)))
    throw new Error('this build has no SIMD kernels to replace');
});
