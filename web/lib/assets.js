import { fetchFailure } from './failures.js';

// Reading the wasm and embeddings files with fetch(), reporting progress as bytes arrive. Node
// reads file: URLs from disk instead (assets.node.js, chosen by the "node" condition of the
// package's "#assets" import), so that browsers and bundlers never see a node: import.

// The bytes at url (a URL), calling onProgress(loaded, total) as they arrive. priority: fetch()'s
// ('low' for what the first screen does not wait for).
export async function readBytes(url, onProgress, { priority } = {}) {
  let response;
  try {
    response = await fetch(url, priority ? { priority } : undefined);
  } catch (e) {
    throw fetchFailure(url, e);
  }
  if (!response.ok) throw new Error(`attention-lens: could not fetch ${url.href}: ${httpFailure(response.status)}`);
  // a server's fallback page (a single-page app's index.html) instead of the missing file
  if (/^text\/html\b/i.test(response.headers.get('content-type') ?? ''))
    throw new Error(`attention-lens: ${url.href} is an HTML page, not the file: ${MISSING_HINT}`);
  const total = Number(response.headers.get('content-length')) || 0;
  if (!response.body || !onProgress) return new Uint8Array(await response.arrayBuffer());
  const chunks = [];
  let loaded = 0;
  for (const reader = response.body.getReader(); ; ) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    onProgress(loaded, Math.max(total, loaded)); // gzip: content-length counts compressed bytes
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.length;
  }
  return bytes;
}

// A WebAssembly module compiled from url while it downloads (WebAssembly.compileStreaming), with
// the same progress and checks as readBytes; check(firstBytes, url) sees its first bytes before
// the compiler does (to name a server's page sent instead of the file). From the bytes where the
// server does not say application/wasm (compileStreaming refuses any other type). early: a
// promise of its response, where it was asked for before (the page's first script).
export async function readWasm(url, onProgress, check, early = null) {
  let response;
  try {
    response = await (early ?? fetch(url));
  } catch (e) {
    throw fetchFailure(url, e);
  }
  if (!response.ok) throw new Error(`attention-lens: could not fetch ${url.href}: ${httpFailure(response.status)}`);
  const type = response.headers.get('content-type') ?? '';
  if (/^text\/html\b/i.test(type))
    throw new Error(`attention-lens: ${url.href} is an HTML page, not the file: ${MISSING_HINT}`);
  const total = Number(response.headers.get('content-length')) || 0;
  if (!/^application\/wasm\b/i.test(type) || !response.body || typeof WebAssembly.compileStreaming !== 'function') {
    const bytes = new Uint8Array(await response.arrayBuffer());
    check(bytes, url);
    onProgress?.(bytes.length, bytes.length);
    return WebAssembly.compile(bytes);
  }
  let loaded = 0,
    checked = false;
  const counted = response.body.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        if (!checked) {
          check(chunk, url);
          checked = true;
        }
        loaded += chunk.length;
        onProgress?.(loaded, Math.max(total, loaded)); // gzip: content-length counts compressed bytes
        controller.enqueue(chunk);
      },
    }),
  );
  return WebAssembly.compileStreaming(new Response(counted, { headers: { 'Content-Type': 'application/wasm' } }));
}

// What to do when a file is not where it was looked for.
export const MISSING_HINT =
  "the package's files (wasm/, embeddings/, …, as in its dist/ folder) are not served there; " +
  'serve them (a bundler that does not copy them, esbuild or Rollup: npx attention-lens-files ' +
  "<the folder of your bundle>), or give createAttentionLens({ baseUrl }) or the element's " +
  'base-url the URL of the folder that holds them';
// HTTP 404 (or 410) names what to do
const httpFailure = (status) =>
  status === 404 || status === 410 ? `HTTP ${status}: ${MISSING_HINT}` : `HTTP ${status}`;
