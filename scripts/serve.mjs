#!/usr/bin/env node
// A small static file server for dist/ on the loopback interface: the right MIME types
// (application/wasm, text/javascript), gzip when the browser accepts it, and optionally the
// strict Content-Security-Policy the page is meant to run under (--csp), and optionally the
// header a CDN sends so that pages of any origin may load the files (--cors).
//   node scripts/serve.mjs [--port 8080] [--root dist] [--csp] [--cors] [--quiet]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

export const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.bin': 'application/octet-stream',
  '.map': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

// extra: { '/path.html': '/abs/file' }, files served beside the root (a benchmark's own pages);
// onRequest(path): told of each request as it arrives (a test counting what a page fetches)
export function startServer({ root, port = 8080, csp = false, cors = false, quiet = false, extra = {}, onRequest }) {
  const base = resolve(root);
  const gzipped = new Map(); // path -> gzip bytes (files do not change while serving)
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
      onRequest?.(path);
      let file = Object.hasOwn(extra, path) ? extra[path] : normalize(join(base, path));
      if (!Object.hasOwn(extra, path) && file !== base && !file.startsWith(base + sep))
        throw Object.assign(new Error('outside the root'), { code: 'ENOENT' });
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      const headers = {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      };
      if (csp) headers['Content-Security-Policy'] = STRICT_CSP;
      if (cors) headers['Access-Control-Allow-Origin'] = '*';
      let out = body;
      if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && body.length > 1024) {
        if (!gzipped.has(file)) gzipped.set(file, gzipSync(body, { level: 6 }));
        out = gzipped.get(file);
        headers['Content-Encoding'] = 'gzip';
        headers.Vary = 'Accept-Encoding';
      }
      headers['Content-Length'] = out.length;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : out);
    } catch (e) {
      const missing = e.code === 'ENOENT' || e.code === 'ENOTDIR';
      res.writeHead(missing ? 404 : 500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(missing ? 'not found\n' : 'server error\n');
      if (!missing && !quiet) console.error(e);
    }
  });
  return new Promise((resolvePromise, reject) => {
    const tryPort = (p, attemptsLeft) => {
      server.once('error', (e) => {
        if (e.code === 'EADDRINUSE' && attemptsLeft > 0) tryPort(p + 1, attemptsLeft - 1);
        else reject(e);
      });
      server.listen(p, '127.0.0.1', () =>
        resolvePromise({ server, url: `http://127.0.0.1:${server.address().port}/` }),
      );
    };
    tryPort(port, port === 0 ? 0 : 20);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.PORT ?? '8080' },
      root: { type: 'string', default: join(dirname(fileURLToPath(import.meta.url)), '..', 'dist') },
      csp: { type: 'boolean', default: false },
      cors: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
    },
  });
  const { url } = await startServer({
    root: values.root,
    port: Number(values.port),
    csp: values.csp,
    cors: values.cors,
    quiet: values.quiet,
  });
  console.log(`Attention Lens is being served at ${url}  (the embed example: ${url}embed-example.html; Ctrl+C stops)`);
}
