// The offline build (npm run build:offline, not part of the npm package): the folder opens from
// disk, file://, where browsers block ES modules, fetch() and workers; the wasm module and the
// word vectors (the shards of rare words too) arrive as classic scripts.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { launch, openDetails, openLens, readWeightsTable, screenshot, typeSentence } from '../browser/browser.mjs';
import { root } from './consumer.mjs';

const offline = join(root, 'build', 'offline');
let context;
before(async () => {
  context = await launch();
});
after(async () => {
  await context?.close();
});

test('the offline folder works when index.html is opened from disk', async () => {
  assert.ok(existsSync(join(offline, 'index.html')), 'npm run build:offline has built build/offline/');
  const { page, problems } = await openLens(context, pathToFileURL(join(offline, 'index.html')).href);
  const table = await readWeightsTable(page);
  assert.deepEqual(table.cols, ['A', 'Lannister', 'always', 'pays', 'his', 'debts']);
  await typeSentence(page, 'Tyrion drinks and knows things'); // rare words: a shard loaded by <script>
  const s = await page.evaluate(() =>
    document.querySelector('attention-lens').state.result.tokens.map((t) => [t.text, t.known]),
  );
  assert.deepEqual(s[0], ['Tyrion', true]);
  // training needs a server: the panel says so instead of failing
  const lens = page.locator('attention-lens').first();
  await openDetails(lens.locator('details.train')); // its chapter first, as a reader opens it
  await lens.locator('.train').getByRole('button', { name: 'Train' }).click();
  assert.match(await lens.locator('.train-status').textContent(), /needs the page served over http/);
  await screenshot(page, 'offline-file-url');
  assert.deepEqual(problems, []);
  await page.close();
});
