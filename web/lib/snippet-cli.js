#!/usr/bin/env node
// npx attention-lens-snippet name=value …: prints the HTML to paste into a page: the script tag and
// <attention-lens> with its poster inside (the element's first view, computed now by the package's
// lens: the same numbers), so that readers without JavaScript, RSS readers and print see the
// filter, and the element's box is there before its script arrives. --iframe prints the iframe
// twin instead, --link a poster-free link to the live page.
import { parseArgs } from 'node:util';
import { createAttentionLens } from './create-lens.js';
import { DEFAULT_OPTIONS, OPTION_SPECS, withOptionText } from './options.js';
import { posterHtml, posterOf } from './poster.js';
import { firstQuery } from './seed.js';
import { elementSnippet, frameSnippet, liveUrl } from './snippet.js';

const USAGE = `usage: npx attention-lens-snippet [--src URL] [--live URL] [--iframe URL] name=value …
  name=value   the element's attributes: sentence="…", view="filter search", heads=2, mask=causal,
               mode=image picture=coffee, theme=dark, compact= (an attribute with no value), …
  --src URL    where attention-lens.js is served (default: attention-lens.js, beside the page)
  --live URL   the live demo page the poster links to, with the same sentence and options
  --iframe URL frame.html's URL: print the iframe twin and the script that sizes it instead
e.g. npx attention-lens-snippet sentence="A Lannister always pays his debts" view="filter search"`;

function fail(message) {
  console.error(`attention-lens-snippet: ${message}\n${USAGE}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      src: { type: 'string', default: 'attention-lens.js' },
      live: { type: 'string' },
      iframe: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
} catch (e) {
  fail(e.message);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!positionals.length) fail('name the element: at least sentence="…" (or mode=image)');
const attributes = {};
for (const p of positionals) {
  const at = p.indexOf('=');
  if (at <= 0) fail(`"${p}" is not name=value`);
  attributes[p.slice(0, at)] = p.slice(at + 1);
}
for (const url of ['live', 'iframe'])
  if (values[url] !== undefined && !URL.canParse(values[url])) fail(`--${url} ${values[url]} is not a URL`);

if (values.iframe) {
  console.log(frameSnippet({ attributes, frame: values.iframe }));
  process.exit(0);
}

// the analysis' options from the attributes, as the element reads them (a bad value is an error
// here: the blogger sees it before the readers do)
let options = { ...DEFAULT_OPTIONS };
for (const { flag } of OPTION_SPECS) {
  if (attributes[flag] === undefined) continue;
  const set = withOptionText(options, flag, attributes[flag] === '' ? 'true' : attributes[flag]);
  if (set.error) fail(`${flag}="${attributes[flag]}": ${set.error}`);
  options = set.options;
}
const link = values.live ? liveUrl(values.live, attributes) : null;
let poster;
if (attributes.mode === 'image') {
  const { INDEXES } = await import('../../dist/indexes.js');
  const photos = INDEXES['images/index.json']?.images ?? [];
  const photo = photos.find((p) => p.name === attributes.picture) ?? (attributes.src ? null : photos[0]);
  poster = posterHtml({ mode: 'image', title: photo?.title.replace(/ \(.*\)$/, '') ?? null, link });
} else {
  if (attributes.sentence === undefined) fail('a text element needs sentence="…"');
  const lens = await createAttentionLens();
  if (options.weights === 'trained') {
    const { readFile } = await import('node:fs/promises');
    const { INDEXES } = await import('../../dist/indexes.js');
    const file = INDEXES['weights/index.json']?.trained;
    if (!file) fail('weights=trained: this copy of the package has no trained weights');
    lens.setTrainedWeights(new Uint8Array(await readFile(new URL(`../../dist/weights/${file}`, import.meta.url))));
  }
  const result = await lens.analyze(attributes.sentence, options);
  const query = firstQuery(result, attributes.sentence); // as the element starts
  poster = posterHtml(posterOf(result, { query, view: attributes.view ?? null, link }));
  result.dispose();
  lens.dispose();
}
console.log(elementSnippet({ attributes, src: values.src, poster }));
