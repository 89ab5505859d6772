// One smoke suite for the engines beside Chromium (firefox.test.mjs, webkit.test.mjs): the page
// renders and answers every keystroke, the topic, a picture, a training worker, the embed page;
// on every page, no console error and no file fetched twice (counted by the server: what the
// network saw, whatever the engine's cache or preload did). Pages are dist/'s, served on loopback,
// each with tests/engines/problems.js as its first script.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { artifacts, dist, root } from '../browser/browser.mjs';
import { startServer } from '../../scripts/serve.mjs';

const COLLECTOR = '<script src="/__problems.js"></script>';
const withCollector = (html) => html.replace(/<head>/i, `<head>\n  ${COLLECTOR}`);
const host = (body) =>
  withCollector(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>` +
      `<script src="attention-lens.js"></script></head><body>${body}</body></html>`,
  );
// a post holding what attention-lens-snippet prints (its preloads, script tag and poster), pasted
// into its body as a blogger would
const snippet = execFileSync(
  'node',
  [join(root, 'web', 'lib', 'snippet-cli.js'), 'sentence=The night is dark and full of terrors'],
  { encoding: 'utf8' },
);
const PAGES = {
  'snippet.html': withCollector(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>a post</title></head>` +
      `<body><h1>A post</h1><p>Every word looks at every other word:</p>\n${snippet}</body></html>`,
  ),
  'index.html': withCollector(readFileSync(join(dist, 'index.html'), 'utf8')),
  'embed-example.html': withCollector(readFileSync(join(dist, 'embed-example.html'), 'utf8')),
  'topic.html': host(
    '<attention-lens view="topic" sentence="the priest waved at us from the corner"></attention-lens>',
  ),
  'picture.html': host('<attention-lens mode="image" picture="coffee" patch="32" view="filter"></attention-lens>'),
  'pictures.html': host('<attention-lens mode="image" picture="coffee" loading="eager"></attention-lens>'),
};

// In the page: the first element's analysis of its current text is on screen (with the topic
// model, once it has come or is known to be missing).
const analyzed = () => {
  const s = document.querySelector('attention-lens')?.state;
  return (
    s?.result &&
    s.analyzed?.text === s.text &&
    s.analyzed.options === s.options &&
    s.topicModel !== undefined &&
    s.analyzed.topicModel === s.topicModel
  );
};

export function smokeSuite(open) {
  const env = {};
  before(async () => {
    env.dir = mkdtempSync(join(tmpdir(), 'al-engine-'));
    const extra = { '/__problems.js': join(root, 'tests', 'engines', 'problems.js') };
    for (const [name, html] of Object.entries(PAGES)) {
      writeFileSync(join(env.dir, name), html);
      extra[`/${name}`] = join(env.dir, name);
    }
    env.requests = new Map();
    const count = (path) => env.requests.set(path, (env.requests.get(path) ?? 0) + 1);
    env.server = await startServer({ root: dist, port: 0, quiet: true, extra, onRequest: count });
    env.engine = await open();
  });
  after(async () => {
    await env.engine?.close();
    env.server?.server.close();
    rmSync(env.dir, { recursive: true, force: true });
  });

  // Opens a page with a fresh request count.
  async function visit(name) {
    await env.engine.goto('about:blank');
    env.requests.clear();
    await env.engine.goto(env.server.url + name);
  }
  // What the page did wrong: console errors, uncaught errors, files fetched more than once.
  async function checkClean(name) {
    const { engine } = env;
    const problems = [
      ...(await engine.run(() => window.__problems ?? ['the collector did not run'])),
      ...engine.logged,
    ];
    engine.logged.length = 0;
    assert.deepEqual(problems, [], `${engine.name}, ${name}: no console error`);
    const twice = [...env.requests].filter(([path, n]) => n > 1 && path !== '/favicon.ico');
    assert.deepEqual(twice, [], `${engine.name}, ${name}: no file fetched twice`);
    await engine.screenshot(join(artifacts, `engine-${engine.name}-${name.replace('.html', '')}.png`));
  }

  test('the page renders, with the same numbers, and answers every keystroke', async () => {
    const { engine } = env;
    await visit('index.html');
    await engine.waitFor(analyzed);
    const first = await engine.run(() => {
      const el = document.querySelector('attention-lens');
      const root = el.shadowRoot;
      const filter = root.querySelector('.filter canvas.heatmap').getBoundingClientRect();
      return {
        tokens: el.state.result.tokens.map((t) => t.text),
        query: root.querySelector('.search-box input').value,
        top: root.querySelector('.search .result .title .word')?.textContent,
        filter: [filter.width, filter.height],
      };
    });
    assert.ok(first.tokens.length > 3, `tokens: ${first.tokens}`);
    assert.ok(first.filter[0] > 200 && first.filter[1] > 100, `the filter is drawn at ${first.filter}`);
    // the seed's query and its best key, as Chromium computes them (tests/browser/search-box)
    assert.deepEqual([first.query, first.top], ['pays', 'debts']);

    // each key press: the element answers with the analysis of the text as it now is
    await engine.run(() => {
      window.__rendered = [];
      const el = document.querySelector('attention-lens');
      el.addEventListener('attention-lens-render', () => window.__rendered.push(el.state.analyzed.text));
      const box = el.shadowRoot.querySelector('.input > textarea');
      box.focus();
      box.setSelectionRange(box.value.length, box.value.length);
    });
    const box = () => document.querySelector('attention-lens').shadowRoot.querySelector('.input > textarea');
    for (const key of ' and his dog') {
      await engine.type(box, key);
      await engine.waitFor(() => {
        const text = document.querySelector('attention-lens').shadowRoot.querySelector('.input > textarea').value;
        return window.__rendered.includes(text);
      });
    }
    const last = await engine.run(() =>
      document.querySelector('attention-lens').state.result.tokens.map((t) => t.text),
    );
    assert.deepEqual(last.slice(-3), ['and', 'his', 'dog']);
    await checkClean('index.html');
  });

  test('the topic', async () => {
    const { engine } = env;
    await visit('topic.html');
    await engine.waitFor(() => {
      const s = document.querySelector('attention-lens')?.state;
      return s?.topic && s.analyzed?.topicModel === s.topicModel && s.topicModel;
    });
    await engine.run(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const answer = await engine.run(
      () => document.querySelector('attention-lens').shadowRoot.querySelector('.topic h2 .topic-answer').textContent,
    );
    assert.match(answer ?? '', /^religion \(\d+%\)$/);
    await checkClean('topic.html');
  });

  test('a picture', async () => {
    const { engine } = env;
    await visit('picture.html');
    await engine.waitFor(() => {
      const s = document.querySelector('attention-lens')?.state;
      return s?.imageResult && s.imageAnalyzed?.picture === s.picture;
    });
    // the patches' weights: each row a distribution, the query's own patch masked
    const picture = await engine.run(() => {
      const { imageResult: r, picture } = document.querySelector('attention-lens').state;
      const n = r.grid.count;
      const w = r.step('blendWeights').data;
      const sums = Array.from({ length: n }, (_, i) => w.slice(i * n, (i + 1) * n).reduce((a, b) => a + b, 0));
      return { name: picture.name, n, sums, diagonal: Array.from({ length: n }, (_, i) => w[i * n + i]) };
    });
    assert.equal(picture.name, 'coffee');
    assert.ok(picture.n >= 4, `${picture.n} patches`);
    for (const s of picture.sums) assert.ok(Math.abs(s - 1) < 1e-5, `a row sums to ${s}`);
    assert.ok(
      picture.diagonal.every((x) => x === 0),
      'the self mask: no patch attends to itself',
    );
    await checkClean('picture.html');
    // the whole image mode: the picker's thumbnails come from the files the pictures are read from
    await visit('pictures.html');
    await engine.waitFor(() => {
      const el = document.querySelector('attention-lens');
      const canvases = [...(el?.shadowRoot?.querySelectorAll('.photo canvas') ?? [])];
      const drawn = Object.keys(el?.state?.photoThumbnails ?? {}).length;
      // a canvas is 300 px wide until a thumbnail is drawn into it
      const painted = (c) => {
        const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        return new Set(px.filter((_, i) => i % 4 === 0)).size > 20; // a photo's reds, not one colour
      };
      return (
        el?.state?.imageResult &&
        canvases.length >= 4 &&
        drawn === canvases.length &&
        canvases.every((c) => c.width < 300 && painted(c))
      );
    });
    await checkClean('pictures.html');
  });

  test('a training worker', async () => {
    const { engine } = env;
    await visit('index.html');
    await engine.waitFor(analyzed);
    // the training chapter, opened as a reader would (outermost <details> first), then Train
    await engine.run(async () => {
      const panel = document.querySelector('attention-lens').shadowRoot.querySelector('details.train');
      const closed = [];
      for (let d = panel; d; d = d.parentElement?.closest('details')) if (!d.open) closed.unshift(d);
      for (const d of closed) {
        const toggled = new Promise((r) => d.addEventListener('toggle', r, { once: true }));
        d.querySelector(':scope > summary').click();
        await toggled;
      }
    });
    // the panel builds itself once open (busy until then)
    await engine.waitFor(() =>
      [...document.querySelector('attention-lens').shadowRoot.querySelectorAll('details.train button')].some(
        (b) => b.textContent.trim() === 'Train',
      ),
    );
    await engine.run(() =>
      [...document.querySelector('attention-lens').shadowRoot.querySelectorAll('details.train button')]
        .find((b) => b.textContent.trim() === 'Train')
        .click(),
    );
    const started = Date.now();
    await engine.waitFor(
      () =>
        Number(document.querySelector('attention-lens').shadowRoot.querySelector('.train-status').dataset.steps) >= 100,
      null,
      120000,
    );
    console.log(
      `${engine.name}: 100 training steps ${Date.now() - started} ms after Train (a smoke test, not a benchmark)`,
    );
    await engine.run(() =>
      [...document.querySelector('attention-lens').shadowRoot.querySelectorAll('details.train button')]
        .find((b) => b.textContent.trim() === 'Pause')
        .click(),
    );
    await engine.waitFor(
      () =>
        document.querySelector('attention-lens').shadowRoot.querySelector('.train-status').dataset.paused === 'true',
    );
    await checkClean('index.html');
  });

  test('a post holding what the snippet prints: live, each file fetched once', async () => {
    const { engine } = env;
    await visit('snippet.html');
    await engine.waitFor(analyzed);
    const tokens = await engine.run(() => document.querySelector('attention-lens').state.result.tokens.length);
    assert.equal(tokens, 8);
    await checkClean('snippet.html');
  });

  test('the embed page, each element started as the reader scrolls to it', async () => {
    const { engine } = env;
    await visit('embed-example.html');
    const n = await engine.run(() => document.querySelectorAll('attention-lens').length);
    assert.ok(n >= 5);
    for (let i = 0; i < n; i++) {
      await engine.run((k) => document.querySelectorAll('attention-lens')[k].scrollIntoView(), i);
      await engine.waitFor((k) => {
        const s = document.querySelectorAll('attention-lens')[k].state;
        return s?.result || s?.imageResult;
      }, i);
    }
    await checkClean('embed-example.html');
  });
}
