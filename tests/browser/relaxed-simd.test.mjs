// Chromium has relaxed SIMD on by default: over http the page's loader installs
// kernels-relaxed.wasm beside the SIMD module (web/lib/loader.js), and the numbers stay the
// native CLI's. (From file://, the offline build runs the single-file SIMD128 build:
// tests/package/offline.test.mjs.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { openLens, readWeightsTable, root, useBrowser, waitForAnalysis } from './browser.mjs';

const env = useBrowser(before, after);

test('over http, Chromium loads the relaxed-SIMD kernels and shows the native CLI weights', async () => {
  const responses = [];
  env.context.on('response', (r) => responses.push([new URL(r.url()).pathname, r.status()]));
  const { page, problems } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  assert.deepEqual(
    responses.filter(([path]) => path.endsWith('kernels-relaxed.wasm')),
    [['/wasm/kernels-relaxed.wasm', 200]],
    'the relaxed kernels are fetched once, beside the module',
  );
  // the module compiles in Chromium, on a memory of its own here
  const exports = await page.evaluate(async () => {
    const bytes = await (await fetch('/wasm/kernels-relaxed.wasm')).arrayBuffer();
    const { instance } = await WebAssembly.instantiate(bytes, {
      env: { memory: new WebAssembly.Memory({ initial: 2 }) },
    });
    return Object.keys(instance.exports).sort();
  });
  assert.deepEqual(exports, ['gemm', 'scores', 'softmax_with_max']);
  const table = await readWeightsTable(page);
  const cli = spawnSync(join(root, 'build', 'native', 'attention-lens'), [
    table.cols.join(' '),
    '--json',
    '--steps',
    'weights',
  ]);
  const want = JSON.parse(cli.stdout).steps.weights.data[0];
  table.values.forEach((row, i) =>
    row.forEach((v, j) => assert.ok(Math.abs(v - want[i][j]) <= 5e-5, `cell ${i},${j}: ${v} vs ${want[i][j]}`)),
  );
  assert.deepEqual(problems, []);
});
