// Reading the wasm and embeddings files: fetch over http(s), the file system for file: URLs
// in Node. Reports progress as bytes arrive.

const isNode =
  typeof process === 'object' && typeof process.versions?.node === 'string' && typeof window === 'undefined';

// The bytes at url (a URL), calling onProgress(loaded, total) as they arrive.
export async function readBytes(url, onProgress) {
  if (url.protocol === 'file:' && isNode) {
    const [{ readFile }, { fileURLToPath }] = await Promise.all([import('node:fs/promises'), import('node:url')]);
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
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new Error(`attention-lens: could not fetch ${url.href}: ${e.message}`);
  }
  if (!response.ok) throw new Error(`attention-lens: could not fetch ${url.href}: HTTP ${response.status}`);
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
