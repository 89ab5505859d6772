// The single-file classic-script builds (for pages opened from file://, where ES modules and
// fetch are blocked) load as a plain <script> would, in a browser-like global, and compute the
// same numbers as the ES module build.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import vm from 'node:vm';
import { BUILDS, lensFor, root } from './helpers.mjs';

async function loadClassicScript(file) {
  const context = vm.createContext({ WebAssembly, TextDecoder, console, setTimeout, atob, performance, URL });
  Object.assign(context, {
    window: context,
    self: context,
    location: { href: 'file:///page/index.html' },
    document: { currentScript: { src: `file:///page/${file}` } },
  });
  vm.runInContext(readFileSync(join(root, 'dist', 'wasm', file), 'utf8'), context, { filename: file });
  assert.equal(typeof context.createAttentionLensModule, 'function', 'the script defines a global factory');
  return vm.runInContext('createAttentionLensModule()', context);
}

for (const build of BUILDS) {
  test(`the ${build} single-file script runs the same analysis as the ES module`, async () => {
    const M = await loadClassicScript(`attention-lens-${build}.single.js`);
    const lens = new M.Lens();
    for (const name of ['core.bin', 'shared.bin']) {
      const bytes = readFileSync(join(root, 'dist', 'embeddings', name));
      const ptr = M._malloc(bytes.length);
      M.HEAPU8.set(bytes, ptr);
      lens.addFile(ptr, bytes.length, name);
      M._free(ptr);
    }
    assert.equal(M.takeError(), '');
    const handle = M.analyze(lens, 'the night is dark', { heads: 2 }, false);
    const weights = new Float32Array(handle.step('weights', 1).data);
    handle.delete();
    lens.delete();
    const r = await (await lensFor(build)).analyze('the night is dark', { heads: 2 });
    assert.deepEqual(weights, r.step('weights', 1).data);
    r.dispose();
  });
}
