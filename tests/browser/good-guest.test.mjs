// An element as a guest in a blog post: a keyboard reader passes it in one key (its skip link);
// a view that decodes no answer to words (view="filter") never downloads the whole vocabulary; an
// element far below the fold starts only when the reader nears it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { useBrowser } from './browser.mjs';

const env = useBrowser(before, after);

async function post(body, requested = []) {
  const page = await env.context.newPage();
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
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

test('view="filter" never downloads the whole vocabulary; a full element does once it shows its answer', async () => {
  const requested = [];
  const page = await post('<attention-lens sentence="The night is dark" view="filter"></attention-lens>', requested);
  await page.waitForFunction(() => document.querySelector('attention-lens')?.state?.result);
  // everything the first attention starts (the topic model, a vocabulary it wanted) has come
  await page.waitForLoadState('networkidle');
  assert.ok(!requested.includes('/embeddings/core.bin'), requested.join(' '));
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
