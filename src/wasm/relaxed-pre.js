// --pre-js of the wasm test and bench programs: with AL_RELAXED_KERNELS naming
// kernels-relaxed.wasm (and node --experimental-wasm-relaxed-simd), installs the relaxed-SIMD
// kernels before main() runs, as web/lib/loader.js does for the Embind modules. A failure is an
// error: the run would otherwise time or test the SIMD128 kernels under the relaxed name.
Module.preRun = [].concat(Module.preRun || [], () => {
  const path = typeof process === 'object' ? process.env.AL_RELAXED_KERNELS : undefined;
  if (!path) return;
  const bytes = require('fs').readFileSync(path);
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { memory: wasmMemory } });
  // the exports to take and their order, as the module names them (src/wasm/relaxed_kernels.cpp)
  let at = Module._al_hot_kernel_names(), names = '';
  while (HEAPU8[at]) names += String.fromCharCode(HEAPU8[at++]);
  const indices = names.split(',').map((name) => {
    if (typeof exports[name] !== 'function') throw new Error(`kernels-relaxed.wasm has no ${name}`);
    return addFunction(exports[name]);
  });
  if (!Module._al_use_relaxed_kernels(indices.length, ...indices))
    throw new Error('this build has no SIMD kernels to replace');
});
