#!/usr/bin/env node
// npm run bench:first-screen: the time from navigation start to the first frame that shows
// attention, in headless Chromium with a cold cache, on Lighthouse's mobile network (CDP network
// emulation: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip) and on loopback; the files
// served gzipped, as static hosts serve them (scripts/serve.mjs). Two pages: the demo page
// (dist/index.html) and a page holding one <attention-lens sentence="…"> (the embed case,
// bench/embed-one.html, served from the same origin). Median of RUNS cold loads each, with the
// bytes received before the first attention and in all; for the embed, when its poster (the
// element's fallback content, as the attention-lens-snippet command prints it) is first painted
// (Element Timing on the poster's first line). Writes its table into bench/RESULTS.md
// (--no-write: only prints).
//   node bench/first-screen.mjs [--runs N] [--no-write] [--network mobile|loopback] [--browser running|fresh]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CONTEXT, dist, launch, launchBrowser } from '../tests/browser/browser.mjs';
import { startServer } from '../scripts/serve.mjs';
import { median } from './inputs.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'no-write': { type: 'boolean', default: false },
    network: { type: 'string' }, // one of NETWORKS only (implies --no-write)
    // running: each load in a new context (a fresh profile: its own cache and renderer processes)
    // of one browser already running, as Lighthouse loads a page; fresh: a new browser each load,
    // whose own start-up then shares the machine's cores with the page
    browser: { type: 'string', default: 'running' },
  },
});
const RUNS = Number(args.runs);
const EMBED = '/bench-embed-one.html';
// Lighthouse's mobile preset ("slow 4G"), as Chromium's network emulation takes it (bytes/s, ms)
const NETWORKS = {
  mobile: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6e6 / 8) * 1.024,
    uploadThroughput: (750e3 / 8) * 1.024,
  },
  loopback: null,
};
const PAGES = { page: '/', embed: EMBED };

// In the page, before any of its scripts: the time of the first frame after the first render of
// a result with tokens ('attention-lens-render' is sent in the task that rendered it; the next
// animation frame is the one that shows it), and the bytes received until then.
function listen() {
  // the poster's first paint (its first line carries elementtiming="poster": embedPage())
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.identifier === 'poster') window.__poster ??= e.renderTime || e.startTime;
  }).observe({ type: 'element', buffered: true });
  window.__firstAttentionSeen = new Promise((resolve) => {
    window.__resolveFirstAttention = resolve;
  });
  document.addEventListener(
    'attention-lens-render',
    (e) => {
      if (window.__firstAttention || !e.detail.tokens) return;
      requestAnimationFrame(() => {
        const at = performance.now();
        const entries = performance.getEntriesByType('resource');
        const nav = performance.getEntriesByType('navigation')[0];
        const before = entries.filter((r) => r.responseEnd <= at);
        window.__firstAttention = {
          ms: at,
          bytesBefore: (nav?.transferSize ?? 0) + before.reduce((s, r) => s + r.transferSize, 0),
          requestsBefore: before.length + 1,
        };
        window.__resolveFirstAttention(window.__firstAttention);
      });
    },
    true, // capture: the element's event does not bubble
  );
}

async function oneLoad(context, url, network) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (network) await cdp.send('Network.emulateNetworkConditions', network);
  await page.addInitScript(listen);
  await page.goto(url, { waitUntil: 'commit' });
  // one evaluate that awaits the page's own promise: polling (waitForFunction) would run
  // Playwright's selector engine in the page while it loads (~115 ms of its main thread here)
  const first = await page.evaluate(() => window.__firstAttentionSeen);
  const poster = await page.evaluate(() => window.__poster ?? null);
  // everything the page loads eagerly, to the end
  await page.waitForLoadState('networkidle', { timeout: 180000 });
  const all = await page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0]?.transferSize ?? 0) +
      performance.getEntriesByType('resource').reduce((s, r) => s + r.transferSize, 0),
  );
  await page.close();
  return { ...first, poster, bytesAll: all };
}

// bench/embed-one.html with its element as a blogger pastes it: the snippet command's whole output
// (the two preloads, the script tag, the element with its poster inside), the poster's first line
// marked for Element Timing
function embedPage() {
  const html = readFileSync(new URL('embed-one.html', import.meta.url), 'utf8');
  return html.replace(/<attention-lens ([^>]*)><\/attention-lens>/, (_m, attrs) => {
    const args = [...attrs.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => `${name}=${value ?? ''}`);
    const cli = fileURLToPath(new URL('../web/lib/snippet-cli.js', import.meta.url));
    const out = execFileSync('node', [cli, ...args], { encoding: 'utf8' });
    return out.replace('<p ', '<p elementtiming="poster" '); // all of it: its preloads, script tag and element
  });
}
const dir = mkdtempSync(join(tmpdir(), 'al-first-screen-'));
writeFileSync(join(dir, 'embed.html'), embedPage());
const { server, url } = await startServer({
  root: dist,
  port: 0,
  quiet: true,
  extra: { [EMBED]: join(dir, 'embed.html') },
});
const rows = [];
try {
  for (const [networkName, network] of Object.entries(NETWORKS).filter(([n]) => (args.network ?? n) === n))
    for (const [pageName, path] of Object.entries(PAGES)) {
      const loads = [];
      const running = args.browser === 'running' ? await launchBrowser() : null;
      for (let r = 0; r < RUNS; r++) {
        // a fresh profile (a cold cache): a new browser, or a new context of one already running
        const context = running ? await running.newContext(CONTEXT) : await launch();
        try {
          loads.push(await oneLoad(context, new URL(path, url).href, network));
        } finally {
          await context.close();
        }
      }
      await running?.close();
      const row = {
        network: networkName,
        page: pageName,
        ms: median(loads.map((l) => l.ms)),
        min: Math.min(...loads.map((l) => l.ms)),
        max: Math.max(...loads.map((l) => l.ms)),
        kbBefore: median(loads.map((l) => l.bytesBefore)) / 1000,
        requestsBefore: median(loads.map((l) => l.requestsBefore)),
        kbAll: median(loads.map((l) => l.bytesAll)) / 1000,
        poster: loads.every((l) => l.poster !== null) ? median(loads.map((l) => l.poster)) : null,
      };
      rows.push(row);
      console.log(
        `${networkName.padEnd(8)} ${pageName.padEnd(5)} first attention ${(row.ms / 1000).toFixed(2)} s ` +
          `(${(row.min / 1000).toFixed(2)}–${(row.max / 1000).toFixed(2)}), ${row.kbBefore.toFixed(0)} kB in ` +
          `${row.requestsBefore} requests before it, ${row.kbAll.toFixed(0)} kB in all` +
          (row.poster === null ? '' : `; poster painted at ${(row.poster / 1000).toFixed(2)} s`),
      );
    }
} finally {
  server.close();
  rmSync(dir, { recursive: true, force: true });
}

const TARGET = { mobile: 2000, loopback: 1000 };
const POSTER_TARGET = 1000;
const table = [
  `### First attention (\`npm run bench:first-screen\`, ${new Date().toISOString().slice(0, 10)}, median of ${RUNS} cold loads)`,
  '',
  'From navigation start to the first frame that shows attention; headless Chromium, cache disabled, files gzipped;',
  args.browser === 'running'
    ? 'each load in a new context (its own cache and renderer processes) of a browser already running.'
    : 'each load in a new browser (its own start-up shares the cores with the page).',
  'Mobile: CDP network emulation at Lighthouse’s mobile settings (1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip).',
  'The embed is bench/embed-one.html with what `attention-lens-snippet` prints for its element pasted in its body (preloads, script, poster);',
  '"poster": when its first line was first painted (Element Timing), target ≤ 1 s.',
  '',
  '| network | page | poster | first attention | min–max | target | kB before it (requests) | kB in all (eager) |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.network} | ${r.page === 'page' ? 'the demo page' : 'one <attention-lens> (embed)'} | ` +
      `${r.poster === null ? '–' : `${(r.poster / 1000).toFixed(2)} s${r.poster <= POSTER_TARGET ? '' : ' (missed)'}`} | ` +
      `${(r.ms / 1000).toFixed(2)} s | ${(r.min / 1000).toFixed(2)}–${(r.max / 1000).toFixed(2)} s | ` +
      `≤ ${TARGET[r.network] / 1000} s${r.ms <= TARGET[r.network] ? '' : ' (missed)'} | ` +
      `${r.kbBefore.toFixed(0)} (${r.requestsBefore}) | ${r.kbAll.toFixed(0)} |`,
  ),
  '',
].join('\n');
console.log(`\n${table}`);
if (!args['no-write'] && !args.network) {
  const path = fileURLToPath(new URL('RESULTS.md', import.meta.url));
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf('### First attention');
  const end = start < 0 ? -1 : text.indexOf('\n### ', start + 1);
  const next =
    start < 0
      ? `${text.trimEnd()}\n\n${table}`
      : text.slice(0, start) + table + (end < 0 ? '' : `\n${text.slice(end + 1)}`);
  writeFileSync(path, next.endsWith('\n') ? next : `${next}\n`);
  console.log(`wrote ${path}`);
}
