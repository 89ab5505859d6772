// The npm package as its users get it: `npm pack` (what `npm publish` uploads), then installed
// from the tarball into a fresh app folder, offline, beside the small apps of tests/package/
// (vite-app, node-app, ts-app, vitepress-site). The apps' own tools (vite, typescript, webpack,
// esbuild, rollup, vitepress) are the project's; a tool that is not (Parcel, whose 110 MB the
// project's node_modules need not carry) is installed into the app beside the package, pinned,
// from npm's cache when it holds it.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDetails, screenshot } from '../browser/browser.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, '..', '..');
export const bin = {
  vite: join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
  tsc: join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
  vitepress: join(root, 'node_modules', 'vitepress', 'bin', 'vitepress.js'),
};

// { dir, app, packed (npm pack --json's entry: filename, size, unpackedSize, files), tarball }.
// tools: more packages to install into the app ('name@version').
export function packAndInstall({ tools = [] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'al-package-'));
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: root, encoding: 'utf8' }),
  );
  const tarball = join(dir, packed.filename);
  const app = join(dir, 'app');
  for (const name of ['vite-app', 'node-app', 'ts-app', 'vitepress-site'])
    cpSync(join(here, name), join(app, name), { recursive: true });
  writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' })}\n`);
  const from = tools.length ? '--prefer-offline' : '--offline';
  execFileSync('npm', ['install', from, '--no-audit', '--no-fund', tarball, ...tools], { cwd: app, stdio: 'pipe' });
  return { dir, app, packed, tarball };
}

// A free loopback port (for servers that want one named).
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// Child processes print plain text: CI machines set CI=true, which turns on tools' colours
// (Vite's "Local:" becomes bold escape codes); NO_COLOR asks them not to, and what they print
// is read with any escape codes stripped all the same.
const plainEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape codes being removed
const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');
// A child that neither finishes nor gets ready in this long is reported with what it printed,
// instead of holding the test run until CI's own limit.
const DEADLINE_MS = 5 * 60 * 1000;

// Spawns node with args in cwd; settle(child, output, code) is called on each chunk (code
// undefined) and on exit; a child still running at the deadline is killed and reported.
function spawnNode(args, cwd, settle, reject) {
  const child = spawn(process.execPath, args, { cwd, env: plainEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const timer = setTimeout(() => {
    child.kill();
    reject(new Error(`node ${args.join(' ')} did not finish in ${DEADLINE_MS / 1000} s:\n${output}`));
  }, DEADLINE_MS);
  const onData = (d) => {
    output += plain(String(d));
    if (settle(child, output, undefined)) clearTimeout(timer);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.on('close', (code) => {
    clearTimeout(timer);
    settle(child, output, code);
  });
}

// Runs node with args in cwd; resolves with its output, rejects with it when it fails.
export function run(args, cwd) {
  return new Promise((resolve, reject) =>
    spawnNode(
      args,
      cwd,
      (_child, output, code) => {
        if (code === undefined) return false;
        if (code === 0) resolve(output);
        else reject(new Error(`node ${args.join(' ')} exited with ${code}:\n${output}`));
        return true;
      },
      reject,
    ),
  );
}

// Starts a long-running node process and resolves once its output matches ready; stop() ends it.
export function start(args, cwd, ready) {
  return new Promise((resolve, reject) =>
    spawnNode(
      args,
      cwd,
      (child, output, code) => {
        if (code !== undefined) reject(new Error(`node ${args.join(' ')} exited with ${code}:\n${output}`));
        else if (ready.test(output)) resolve({ output: () => output, stop: () => child.kill() });
        else return false;
        return true;
      },
      reject,
    ),
  );
}

// Opens url and records what a user would see go wrong: console errors, page errors, failed
// requests and HTTP errors (the page's and its workers').
export async function openPage(context, url) {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  await page.goto(url);
  return { page, problems };
}

// Waits until every <attention-lens> of the page shows an analysis (of its picture, in image
// mode); returns what each shows: its tokens, or its picture's patch grid, and its kernels.
// Each element starts as the reader nears it: brought into view in turn, as a reader scrolls.
export async function waitForElements(page) {
  const n = await page.locator('attention-lens').count();
  for (let i = 0; i < n; i++) {
    await page.locator('attention-lens').nth(i).scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (k) => {
        const e = document.querySelectorAll('attention-lens')[k];
        return (e.state?.mode === 'image' ? e.state.imageResult : e.state?.result) || e.state?.loadError;
      },
      i,
      { timeout: 60000 },
    );
  }
  return page.evaluate(() =>
    [...document.querySelectorAll('attention-lens')].map((e) =>
      e.state.mode === 'image'
        ? { loadError: e.state.loadError, grid: e.state.imageResult?.grid, kernels: e.state.lens?.info.kernels }
        : {
            loadError: e.state.loadError,
            heads: e.state.result?.heads,
            tokens: e.state.result?.tokens.map((t) => t.text),
            kernels: e.state.lens?.info.kernels,
          },
    ),
  );
}

// Starts training in the first element (the Train panel) and waits for the worker's first steps.
export async function trainSomeSteps(page) {
  const lens = page.locator('attention-lens').first();
  await openDetails(lens.locator('details.train')); // its chapter first, as a reader opens it
  await lens.locator('.train').getByRole('button', { name: 'Train' }).click();
  await page.waitForFunction(
    () => {
      const s = document.querySelector('attention-lens').shadowRoot.querySelector('.train-status');
      return Number(s.dataset.steps) > 0 || /stopped/.test(s.textContent);
    },
    null,
    { timeout: 60000 },
  );
  return lens.locator('.train-status').textContent();
}

// Chromium has relaxed SIMD: the element and the API install kernels-relaxed.wasm (web/lib/loader.js)
export const RELAXED = 'wasmrelaxedsimd/wasmrelaxedsimd';
export const SEED = ['A', 'Lannister', 'always', 'pays', 'his', 'debts'];

// Whether the first element's shadow root has its stylesheet (its text is in the element's
// script), and the page's own styles are the page's: no stylesheet of the package's among them
// (VitePress takes the first CSS file of a build for its theme's).
export const stylesheetLoaded = (page) =>
  page.evaluate(() => {
    const [sheet] = document.querySelector('attention-lens').shadowRoot.adoptedStyleSheets;
    const pageSheets = [...document.styleSheets].map((s) => s.href ?? '');
    return sheet?.cssRules.length > 10 && !pageSheets.some((h) => /attention-lens/.test(h));
  });

// The app of tests/package/vite-app (its index.html and main.js, as a bundler built it) at url:
// the element, the API with a rare word from its shard, image mode's built-in photo, the
// trained preset, the stylesheet and the training worker, all from the files the build holds,
// with no failed request and no console error. name: the screenshot's.
export async function checkApp(context, url, name) {
  const { page, problems } = await openPage(context, url);
  const [element, picture, trained] = await waitForElements(page);
  assert.deepEqual(element, { loadError: null, heads: 2, tokens: SEED, kernels: RELAXED });
  // image mode's built-in photo, from the package's images/
  assert.deepEqual(picture, { loadError: null, grid: { patch: 16, side: 14, count: 196 }, kernels: RELAXED });
  assert.equal(trained.loadError, null);
  assert.deepEqual(
    await page.evaluate(() => {
      const { state } = document.querySelectorAll('attention-lens')[2];
      return { weights: state.options.weights, error: state.error, heads: state.result.heads };
    }),
    { weights: 'trained', error: null, heads: 4 },
    "the trained preset, from the package's weights/",
  );
  await page.waitForFunction(() => document.querySelector('#api').textContent !== 'loading', null, {
    timeout: 60000,
  });
  assert.equal(
    await page.textContent('#api'),
    'Tyrion:true drinks:true and:true knows:true things:true',
    'the API, with a rare word from its shard',
  );
  assert.equal(await page.getAttribute('#api', 'data-kernels'), RELAXED, "the API's kernels");
  assert.ok(await stylesheetLoaded(page), "the element's stylesheet loaded");
  assert.match(await trainSomeSteps(page), /^Step \d+/);
  await screenshot(page, name);
  assert.deepEqual(problems, []);
  await page.close();
}
