// The packed package in apps built by bundlers other than Vite (package.test.mjs has Vite), as
// the README's Install section says for each: webpack 5 with no configuration beyond its entry;
// esbuild and Rollup, which leave new URL('./…', import.meta.url) alone without copying the
// file, with the README's one line (npx attention-lens-files <folder>) that copies the files
// beside the bundle. The same app (tests/package/vite-app: the element, the API, a built-in
// photo, the trained preset) is built by each, served on loopback and opened in Chromium.
// Parcel 2 (installed for the test, pinned: PARCEL), with the README's one line that has it read
// the package's exports; its production build rewrites JPEG files, so the photos it serves are
// checked to decode to the package's pixels.
// And importing the element in Node, as server-side renderers do, and a VitePress site (a
// blogger's static-site generator) with the element in its markdown.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import nodeResolve from '@rollup/plugin-node-resolve';
import { build as esbuild } from 'esbuild';
import { rollup } from 'rollup';
import webpack from 'webpack';
import { startServer } from '../../scripts/serve.mjs';
import { launch, screenshot } from '../browser/browser.mjs';
import {
  bin,
  checkApp,
  openPage,
  packAndInstall,
  RELAXED,
  run,
  SEED,
  stylesheetLoaded,
  waitForElements,
} from './consumer.mjs';

// the Parcel the README's row was tested with
const PARCEL = 'parcel@2.16.4';

let consumer, context;
before(async () => {
  consumer = packAndInstall({ tools: [PARCEL] });
  context = await launch();
});
after(async () => {
  await context?.close();
  if (consumer) rmSync(consumer.dir, { recursive: true, force: true });
});

const appDir = () => join(consumer.app, 'vite-app');
const outDir = (name) => join(consumer.app, `out-${name}`);

// The README's line for bundlers that do not copy the files (run as npx runs the package's bin).
function copyFiles(out) {
  const r = spawnSync('npx', ['--offline', '--no-install', 'attention-lens-files', out], {
    cwd: consumer.app,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^attention-lens-files: copied \d+ files/);
}

// The app's page beside its bundle (main.js), served on loopback; fn(url) runs while it is.
async function served(out, fn) {
  copyFileSync(join(appDir(), 'index.html'), join(out, 'index.html'));
  const site = await startServer({ root: out, port: 0, quiet: true });
  try {
    await fn(site.url);
  } finally {
    site.server.close();
  }
}

// The bundle's own JavaScript (not the words' file map): the library's code appears once in it
// when the element and the API share one runtime.
function runtimeCopies(out) {
  const code = readdirSync(out, { recursive: true })
    .filter((f) => f.endsWith('.js') && !/asset-urls-words|attention-lens-(?:simd|baseline|train)/.test(f))
    .map((f) => readFileSync(join(out, f), 'utf8'))
    .join('\n');
  return code.split("could not load the map of the words' files").length - 1;
}

function webpackBuild(out) {
  const compiler = webpack({ mode: 'production', context: appDir(), entry: './main.js', output: { path: out } });
  return new Promise((resolve, reject) =>
    compiler.run((e, stats) =>
      e ? reject(e) : compiler.close(() => resolve(stats.toJson({ all: false, warnings: true, errors: true }))),
    ),
  );
}

describe('webpack 5, no configuration', () => {
  test('builds with no error and no warning from the package; the app works', async () => {
    const out = outDir('webpack');
    const { errors, warnings } = await webpackBuild(out);
    assert.deepEqual(errors, []);
    // webpack's size advice (performance hints: the wasm builds and the 1.4 MB corpus are over
    // its 244 KiB, and with them the entry point, which then gets the runtime-chunk advice too) is
    // about any large file, not the package's code; everything else must be silent
    const own = warnings.filter(
      (w) =>
        !/exceed the recommended size limit|can impact web performance|runtime is part of the initial chunk/.test(
          w.message,
        ),
    );
    assert.deepEqual(
      own.map((w) => w.message),
      [],
    );
    assert.equal(runtimeCopies(out), 1, 'one copy of the library for the element and the API');
    await served(out, (url) => checkApp(context, url, 'package-webpack'));
  });
});

describe('esbuild, with the files copied beside the bundle', () => {
  test('without the copy, the error says what to do; with the files elsewhere and base-url, or copied beside, the app works', async () => {
    const out = outDir('esbuild');
    const result = await esbuild({
      entryPoints: [join(appDir(), 'main.js')],
      bundle: true,
      format: 'esm',
      minify: true,
      outdir: out,
      logLevel: 'silent',
    });
    assert.deepEqual(result.warnings, []);
    assert.equal(runtimeCopies(out), 1, 'one copy of the library for the element and the API');
    await served(out, async (url) => {
      const { page } = await openPage(context, url);
      await page.waitForFunction(() => /^error/.test(document.querySelector('#api').textContent), null, {
        timeout: 30000,
      });
      assert.match(await page.textContent('#api'), /HTTP 404: .*npx attention-lens-files <the folder of your bundle>/);
      await page.close();
      // the files elsewhere (here files/): the element's base-url, the API's baseUrl
      copyFiles(join(out, 'files'));
      const page2 = readFileSync(join(out, 'index.html'), 'utf8').replace(
        '<attention-lens ',
        '<attention-lens base-url="files/" ',
      );
      writeFileSync(join(out, 'base-url.html'), page2);
      await checkApp(context, `${url}base-url.html?baseUrl=files/`, 'package-esbuild-base-url');
      copyFiles(out);
      await checkApp(context, url, 'package-esbuild');
    });
  });
});

describe('Rollup with node-resolve, with the files copied beside the bundle', () => {
  test('builds with no warning; the app works', async () => {
    const out = outDir('rollup');
    const warnings = [];
    const bundle = await rollup({
      input: join(appDir(), 'main.js'),
      plugins: [nodeResolve({ browser: true })],
      onwarn: (w) => warnings.push(w.message),
    });
    await bundle.write({ dir: out, format: 'es' });
    await bundle.close();
    assert.deepEqual(warnings, []);
    assert.equal(runtimeCopies(out), 1, 'one copy of the library for the element and the API');
    copyFiles(out);
    await served(out, (url) => checkApp(context, url, 'package-rollup'));
  });
});

// what npx parcel runs
const parcelBin = () => join(consumer.app, 'node_modules', 'parcel', 'lib', 'bin.js');

// The README's line for Parcel: it reads packages' exports (and imports, #assets) when asked.
function parcelReadsExports() {
  const path = join(consumer.app, 'package.json');
  const pkg = JSON.parse(readFileSync(path, 'utf8'));
  writeFileSync(path, `${JSON.stringify({ ...pkg, '@parcel/resolver-default': { packageExports: true } }, null, 2)}\n`);
}

// { built file: the package's dist/ path } for the files a bundle copied (name.hash.ext)
function copiedFiles(out) {
  const dist = join(consumer.app, 'node_modules', 'attention-lens', 'dist');
  const inDist = new Map(readdirSync(dist, { recursive: true }).map((f) => [f.split('/').pop(), f]));
  const copied = {};
  for (const f of readdirSync(out)) {
    const m = /^(.+)\.[0-9a-f]{8}(\.\w+)$/.exec(f);
    if (m && !/\.(?:js|map|html)$/.test(f)) copied[f] = join(dist, inDist.get(m[1] + m[2]) ?? '?');
  }
  return copied;
}
const sha1 = (path) => createHash('sha1').update(readFileSync(path)).digest('hex');

// The pixels Chromium decodes from the photo at url and from the package's file (bytes): the
// number of values that differ.
function differingPixels(page, url, bytes) {
  return page.evaluate(
    async ([url, base64]) => {
      const pixels = async (blob) => {
        const bitmap = await createImageBitmap(blob);
        const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      };
      const built = await pixels(await (await fetch(url)).blob());
      const own = await pixels(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))]));
      if (built.length !== own.length) return `${built.length} values, not ${own.length}`;
      return built.filter((v, i) => v !== own[i]).length;
    },
    [url, bytes.toString('base64')],
  );
}

describe("Parcel 2, with the package's exports read", () => {
  test('builds with no warning but its size marks; every file copied as it is but the photos, which decode the same; the app works', async () => {
    parcelReadsExports();
    const out = outDir('parcel');
    const output = await run([parcelBin(), 'build', 'vite-app/index.html', '--dist-dir', out], consumer.app);
    assert.match(output, /Built in/);
    // Parcel marks the files over its size advice (the embeddings' core, the corpus) with ⚠️
    const said = output.split('\n').filter((l) => !/^\S+\s+⚠️\s+[\d.]+ [kM]?B\s/.test(l));
    assert.doesNotMatch(said.join('\n'), /warn|error|⚠️|🚨/i);
    assert.equal(runtimeCopies(out), 1, 'one copy of the library for the element and the API');
    // Parcel turns what it can parse into JS (a JSON file named by URL becomes a module): the
    // package names only binaries, the corpus' text and the self-contained worker, each copied
    // byte for byte, but the JPEG photos, which a production build rewrites (losslessly, as
    // progressive JPEGs)
    const copied = copiedFiles(out);
    const rewritten = Object.keys(copied).filter((f) => sha1(join(out, f)) !== sha1(copied[f]));
    assert.ok(Object.keys(copied).length > 2500, `${Object.keys(copied).length} files copied`);
    assert.deepEqual(
      rewritten.filter((f) => !f.endsWith('.jpg')),
      [],
      'only photos are rewritten',
    );
    // its own index.html (with the import map of the files' URLs that Parcel writes into it)
    const site = await startServer({ root: out, port: 0, quiet: true });
    try {
      await checkApp(context, site.url, 'package-parcel');
      const page = await context.newPage();
      for (const f of rewritten) {
        await page.goto(`${site.url}${f}`); // the photo's origin, for its fetch()
        assert.equal(await differingPixels(page, `${site.url}${f}`, readFileSync(copied[f])), 0, `${f}'s pixels`);
      }
      await page.close();
    } finally {
      site.server.close();
    }
  });
});

test('importing the element in Node (server-side rendering) defines nothing and throws nothing', () => {
  const r = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const m = await import('attention-lens/element'); console.log(typeof m.AttentionLensElement, typeof customElements);",
    ],
    { cwd: consumer.app, encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
  assert.equal(r.stdout, 'function undefined\n');
});

test('a VitePress site with the element in its markdown builds with no warning and shows the analysis', async () => {
  const site = join(consumer.app, 'vitepress-site');
  const output = await run([bin.vitepress, 'build', site], consumer.app);
  assert.doesNotMatch(output, /warn|error|larger than/i);
  const dist = join(site, '.vitepress', 'dist');
  assert.match(
    readFileSync(join(dist, 'index.html'), 'utf8'),
    /<attention-lens sentence="A Lannister always pays his debts"/,
  );
  const server = await startServer({ root: dist, port: 0, quiet: true });
  try {
    const { page, problems } = await openPage(context, server.url);
    const [text, picture] = await waitForElements(page);
    assert.deepEqual(text, { loadError: null, heads: 2, tokens: SEED, kernels: RELAXED });
    assert.deepEqual(picture, { loadError: null, grid: { patch: 16, side: 14, count: 196 }, kernels: RELAXED });
    assert.ok(await stylesheetLoaded(page), "the element's stylesheet, and not in the page's");
    // the theme's own stylesheet is the page's (VitePress links the first CSS file of its build)
    assert.ok(
      await page.evaluate(() =>
        [...document.styleSheets].some((s) => /\/assets\/style\.[\w-]+\.css$/.test(s.href ?? '')),
      ),
      "VitePress's theme stylesheet is linked",
    );
    await screenshot(page, 'package-vitepress');
    assert.deepEqual(problems, []);
    await page.close();
  } finally {
    server.server.close();
  }
});
