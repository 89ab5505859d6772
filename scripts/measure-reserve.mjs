#!/usr/bin/env node
// Measures the live element's height in Chromium for each kind of element (web/lib/reserve.js's kinds),
// at widths and sentence lengths, and writes the table the page's first script reserves boxes
// from (web/lib/reserve-table.js). Run it after a change to the element's layout (npm run
// build:page first); tests/browser/layout-shift.test.mjs says when the table is off.
//   node scripts/measure-reserve.mjs
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, root, serve } from '../tests/browser/browser.mjs';

const WIDTHS = [280, 320, 390, 480, 600, 680, 800, 1000, 1280];
const TOKENS = [1, 3, 6, 10, 16, 24, 40];
const WORDS =
  'the king rode north before the winter came and his brother waited at the wall for news of the war ' +
  'in the south where the queen kept her court among the lords who feared her temper and her dragons';
export const sentence = (n) => WORDS.split(' ').slice(0, n).join(' ');
// each kind (web/app/reserve.js) as an element's attributes; the picture kinds have one row
export const KINDS = {
  filter: (s) => `sentence="${s}" view="filter"`,
  'filter search': (s) => `sentence="${s}" view="filter search"`,
  topic: (s) => `sentence="${s}" view="topic"`,
  compact: (s) => `sentence="${s}" compact`,
  full: (s) => `sentence="${s}"`,
  'image filter': null,
  image: null,
};
const PICTURES = {
  'image filter': 'mode="image" picture="coffee" view="filter"',
  image: 'mode="image" picture="coffee"',
};

// The height of the element given its attributes, live and released, in the page at its width.
export async function liveHeight(page, attributes) {
  return page.evaluate(async (attrs) => {
    document.body.innerHTML = `<attention-lens ${attrs} loading="eager"></attention-lens>`;
    const el = document.body.firstElementChild;
    const ready = () => {
      const s = el.state;
      if (!s) return false;
      if (s.mode === 'image') return s.imageResult && s.imageAnalyzed?.picture === s.picture;
      return s.result && s.topicModel !== undefined && s.analyzed?.topicModel === s.topicModel;
    };
    while (!ready()) await new Promise((r) => requestAnimationFrame(r));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    el.dispatchEvent(new PointerEvent('pointerdown')); // the reader's hand: the box holds no more
    return el.getBoundingClientRect().height;
  }, attributes);
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const server = await serve();
  const context = await launch();
  const page = await context.newPage();
  const kinds = {};
  for (const kind of Object.keys(KINDS)) kinds[kind] = KINDS[kind] ? TOKENS.map(() => []) : [[]];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.url}embed-example.html`);
    await page.setContent(
      `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width">` +
        `<style>body { margin: 0; }</style><script src="${server.url}attention-lens.js"></script></head><body></body></html>`,
    );
    for (const [kind, attrs] of Object.entries(KINDS)) {
      if (!attrs) kinds[kind][0].push(Math.round(await liveHeight(page, PICTURES[kind])));
      else
        for (const [i, n] of TOKENS.entries())
          kinds[kind][i].push(Math.round(await liveHeight(page, attrs(sentence(n)))));
    }
    console.log(`measure-reserve: ${width} px measured`);
  }
  await context.close();
  server.server.close();
  const rows = Object.entries(kinds)
    .map(([kind, table]) => `    ${JSON.stringify(kind)}: ${JSON.stringify(table)},`)
    .join('\n');
  writeFileSync(
    join(root, 'web', 'lib', 'reserve-table.js'),
    `// Written by scripts/measure-reserve.mjs (the live element's heights in Chromium, in CSS px, per
// kind: one row per token count, one column per width): do not edit.
export const RESERVE = {
  widths: ${JSON.stringify(WIDTHS)},
  tokens: ${JSON.stringify(TOKENS)},
  kinds: {
${rows}
  },
};
`,
  );
  // as the linter would write it
  execFileSync(join(root, 'node_modules', '.bin', 'biome'), ['format', '--write', 'web/lib/reserve-table.js'], {
    cwd: root,
  });
  console.log('measure-reserve: wrote web/lib/reserve-table.js');
}
