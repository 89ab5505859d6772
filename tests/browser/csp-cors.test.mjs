// The two refusals a blog meets, each said with its fix: a Content-Security-Policy without
// 'wasm-unsafe-eval' (the element says to add it; with it, the README's policy, it runs), and the
// files on another origin without CORS headers (the element names the header; with it, it runs).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { dist, serve, useBrowser } from './browser.mjs';

const env = useBrowser(before, after);
const host = (head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post</title>${head}` +
  '<script src="attention-lens.js"></script></head><body><p>A post:</p>' +
  '<attention-lens sentence="The night is dark" view="filter"></attention-lens></body></html>';

// the page at path on the test server, served with a Content-Security-Policy header
async function openWithCsp(path, csp, head = '') {
  const page = await env.context.newPage();
  await page.route(`**${path}`, (route) =>
    route.fulfill({ contentType: 'text/html', headers: { 'Content-Security-Policy': csp }, body: host(head) }),
  );
  await page.goto(`${env.url}${path.slice(1)}`);
  return page;
}
const said = (page) =>
  page.waitForFunction(() => {
    const el = document.querySelector('attention-lens');
    return el?.state?.result ? 'live' : el?.shadowRoot?.querySelector('.status .error:not([hidden])')?.textContent;
  });

test("a policy without 'wasm-unsafe-eval' is said with its fix; the README's policy runs the element", async () => {
  let page = await openWithCsp('/csp-strict.html', "default-src 'self'; script-src 'self'; style-src 'self'");
  const text = await (await said(page)).jsonValue();
  assert.match(text, /Content-Security-Policy does not allow WebAssembly: add 'wasm-unsafe-eval' to its script-src/);
  await page.close();
  // the policy the README gives
  page = await openWithCsp(
    '/csp-readme.html',
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'",
  );
  assert.equal(await (await said(page)).jsonValue(), 'live');
  await page.close();
});

test('files on another origin without CORS headers are said with the header to send; with it, the element runs', async () => {
  // the host page from a real server on loopback (a page the test fulfilled would be of no known
  // address space, and Chromium would refuse its requests to loopback before any CORS check)
  const dir = mkdtempSync(join(tmpdir(), 'al-host-'));
  try {
    for (const cors of [false, true]) {
      const other = await serve({ root: dist, port: 0, cors });
      const file = join(dir, `host-${cors}.html`);
      writeFileSync(file, host(`<meta name="attention-lens-base-url" content="${other.url}">`));
      const hostServer = await serve({ port: 0, extra: { '/other-origin.html': file } });
      try {
        const page = await env.context.newPage();
        await page.goto(`${hostServer.url}other-origin.html`);
        const text = await (await said(page)).jsonValue();
        if (cors) assert.equal(text, 'live');
        else {
          assert.match(text, /is on another origin \(http:\/\/127\.0\.0\.1:\d+\) than this page/);
          assert.match(text, /must send the CORS header Access-Control-Allow-Origin/);
        }
        await page.close();
      } finally {
        other.server.close();
        hostServer.server.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
