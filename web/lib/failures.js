// What to do when the browser refuses the files: a sentence that names the fix, not the engine's
// words alone. Two refusals a blog meets: its Content-Security-Policy, which must allow
// WebAssembly ('wasm-unsafe-eval' in script-src), and files on another origin, whose server must
// send CORS headers (and whose origin a CSP's connect-src must list).

export const CSP_HINT =
  "this page's Content-Security-Policy does not allow WebAssembly: add 'wasm-unsafe-eval' to its " +
  "script-src (script-src 'self' 'wasm-unsafe-eval'), and if the files come from another origin, " +
  'that origin to its connect-src';

// Chromium: "… 'unsafe-eval' is not an allowed source of script in the following Content Security
// Policy directive …"; Firefox: "… blocked by CSP"; WebKit: "… 'wasm-unsafe-eval' is not an allowed source …"
export const isCspRefusal = (e) => /Content[- ]Security[- ]Policy|\bCSP\b|unsafe-eval/i.test(String(e?.message ?? e));

// The origin a URL is fetched from, when it is not the page's own (a fetch() that fails there is
// most often a missing CORS header, or a CSP's connect-src).
function otherOrigin(url) {
  const here = globalThis.location?.origin;
  return /^https?:$/.test(url.protocol) && here && here !== 'null' && url.origin !== here ? url.origin : null;
}

// The error for a fetch of url that failed (the network, CORS, a CSP) with e.
export function fetchFailure(url, e) {
  const other = otherOrigin(url);
  const why = other
    ? `. The file is on another origin (${other}) than this page (${globalThis.location.origin}): its server ` +
      'must send the CORS header Access-Control-Allow-Origin (jsDelivr and unpkg do), and a ' +
      `Content-Security-Policy on this page must list ${other} in connect-src`
    : isCspRefusal(e)
      ? `: ${CSP_HINT}`
      : '';
  return new Error(`attention-lens: could not fetch ${url.href}: ${e.message}${why}`);
}

// The error for a WebAssembly compile or instantiation that failed with e (one of this module's
// own, already explained, as it is).
export const compileFailure = (e) =>
  isCspRefusal(e) && !String(e?.message).startsWith('attention-lens:')
    ? new Error(`attention-lens: ${CSP_HINT} (the browser said: ${e.message})`)
    : e;
