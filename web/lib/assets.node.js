// readBytes() for Node: file: URLs (the package's own files, by default) from disk, anything
// else with fetch() as in the browser (assets.js).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { readBytes as fetchBytes, readWasm as fetchWasm } from './assets.js';

export { MISSING_HINT } from './assets.js';

// The bytes at url (a URL), calling onProgress(loaded, total) once they are read.
export async function readBytes(url, onProgress, options) {
  if (url.protocol !== 'file:') return fetchBytes(url, onProgress, options);
  let bytes;
  try {
    bytes = new Uint8Array(await readFile(fileURLToPath(url)));
  } catch (e) {
    throw new Error(
      `attention-lens: could not read ${url.href}: ${e.code ?? e.message}` +
        (e.code === 'ENOENT' ? ' (build it with npm run build)' : ''),
    );
  }
  onProgress?.(bytes.length, bytes.length);
  return bytes;
}

// readWasm() for Node: a file: URL read from disk and compiled; anything else as in the browser.
export async function readWasm(url, onProgress, check) {
  if (url.protocol !== 'file:') return fetchWasm(url, onProgress, check);
  const bytes = await readBytes(url, onProgress);
  check(bytes, url);
  return WebAssembly.compile(bytes);
}
