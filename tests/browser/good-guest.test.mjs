// An element as a guest in a blog post: a keyboard reader passes it in one key (its skip link);
// a view that decodes no answer to words (view="filter") never downloads the whole vocabulary; an
// element far below the fold starts only when the reader nears it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { useBrowser } from './browser.mjs';

const env = useBrowser(before, after);

// A post holding body; requested gets each path asked for, loaded(e) each response's
// Network.loadingFinished (its encodedDataLength: the bytes over the wire).
async function post(body, requested = [], loaded = null) {
  const page = await env.context.newPage();
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  if (loaded) {
    const cdp = await env.context.newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.loadingFinished', loaded);
  }
  await page.route('**/guest-post.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post</title>' +
        `<script src="attention-lens.js"></script></head><body>${body}</body></html>`,
    }),
  );
  await page.goto(`${env.url}guest-post.html`);
  return page;
}

test('the skip link is the element’s first tab stop, and Enter on it passes the whole element', async () => {
  const page = await post(
    '<a href="#before" id="before">before</a><attention-lens sentence="Winter is coming"></attention-lens>' +
      '<a href="#after" id="after">after</a>',
  );
  await page.waitForFunction(() => document.querySelector('attention-lens')?.state?.result);
  await page.locator('#before').focus();
  await page.keyboard.press('Tab');
  const first = await page.evaluate(
    () => document.querySelector('attention-lens').shadowRoot.activeElement?.textContent,
  );
  assert.equal(first, 'Skip the attention demo');
  assert.ok(await page.locator('attention-lens').locator('.skip-link').isVisible(), 'shown when focused');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'after');
  await page.close();
});

test('view="filter" downloads under 500 kB in all: never the whole vocabulary nor the topic model; a full element does once it shows its answer', async () => {
  const requested = [];
  let bytes = 0; // as they came over the wire (gzip), headers included
  const page = await post(
    '<attention-lens sentence="The night is dark and full of terrors" view="filter"></attention-lens>',
    requested,
    (e) => {
      bytes += e.encodedDataLength;
    },
  );
  await page.waitForFunction(() => document.querySelector('attention-lens')?.state?.result);
  // everything the first attention starts (a vocabulary or a model it wanted) has come
  await page.waitForLoadState('networkidle');
  assert.ok(!requested.includes('/embeddings/core.bin'), requested.join(' '));
  assert.ok(!requested.includes('/weights/topic.bin'), requested.join(' '));
  assert.ok(bytes > 100e3 && bytes <= 500e3, `one view="filter" element: ${(bytes / 1e3).toFixed(0)} kB`);
  console.log(`one view="filter" element: ${(bytes / 1e3).toFixed(0)} kB in all`);
  assert.equal(await page.evaluate(() => document.querySelector('attention-lens').state.vocabulary), undefined);
  await page.close();
  const full = [];
  const page2 = await post('<attention-lens sentence="The night is dark"></attention-lens>', full);
  await page2.waitForFunction(() => document.querySelector('attention-lens')?.state?.vocabulary?.ready);
  assert.equal(full.filter((p) => p === '/embeddings/core.bin').length, 1);
  await page2.close();
});

test('an element far below the fold starts when the reader nears it', async () => {
  const page = await post(
    '<attention-lens sentence="The night is dark" view="filter"></attention-lens>' +
      '<div style="height: 6000px"></div>' +
      '<attention-lens id="far" sentence="Winter is coming" view="filter"></attention-lens>',
  );
  await page.waitForFunction(() => document.querySelector('attention-lens')?.state?.result);
  assert.equal(await page.evaluate(() => document.querySelector('#far').state.lens), null, 'not started');
  await page.locator('#far').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('#far').state.result);
  await page.close();
});
