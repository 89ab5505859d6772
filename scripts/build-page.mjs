#!/usr/bin/env node
// Builds the static site in dist/ (which is also what the npm package ships): the page and the
// embed example; the <attention-lens> element as a classic script (attention-lens.js: one
// <script src> in any page, from any origin, finding its files beside itself) and as an ES
// module for bundlers (attention-lens.mjs: its files as literal URLs, which bundlers copy);
// the training worker (train-worker.js, with its wasm glue in it); the element's stylesheet;
// weights/index.json; indexes.js (the site's JSON indexes, bundled into the element and the
// worker) and asset-urls.js, the map of the package's files (scripts/asset-urls.mjs). dist/wasm,
// dist/embeddings, dist/corpus, dist/images and dist/weights come from their own builds.
import { build, transform } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeAssetUrls, writeIndexes } from './asset-urls.mjs';
import { literalModule } from './literal-module.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { SCHEMA } = await import(join(root, 'web', 'lib', 'generated', 'schema.js'));

const escapeHtml = (s) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

// A code block with its copy button (web/embed-example.js wires it) and where its words are said.
const codeBlock = (code, what) =>
  `<div class="code-block"><pre><code>${escapeHtml(code)}</code></pre>` +
  `<button type="button" class="copy" aria-label="Copy ${escapeHtml(what)}">Copy</button>` +
  '<span class="copied" aria-live="polite"></span></div>';

// How to embed, exactly: the script tag (from a CDN, at this package's version, or a copy of dist/
// beside the page) and one element.
function install() {
  const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const cdn = `https://cdn.jsdelivr.net/npm/${name}@${version}/dist/attention-lens.js`;
  return [
    '<p>Put this in your page: the script from a CDN (it finds its wasm and word vectors beside itself),',
    'then an element wherever a demo goes.</p>',
    codeBlock(
      `<script src="${cdn}"></script>\n\n<attention-lens sentence="A Lannister always pays his debts"></attention-lens>`,
      'the script tag and an element',
    ),
    `<p>Or serve the files yourself: <code>npm install ${name}</code>, copy its <code>dist/</code> folder`,
    'to your site and point the tag at it (this page sits inside that folder, so its own tag is',
    '<code>&lt;script src="attention-lens.js"&gt;</code>):</p>',
    codeBlock('<script src="dist/attention-lens.js"></script>', 'the script tag for your own copy'),
    '<p>With a bundler (Vite, webpack), import it instead of the script tag:</p>',
    codeBlock(`import '${name}/element';`, 'the import'),
  ].join('\n');
}

// The embed example shows its own HTML: each <!-- snippet --> becomes the element above it, as
// code; <!-- install --> the script tag; <!-- attributes --> the element's attributes, the
// options' from the core's schema.
function embedExample(html) {
  let last = '',
    demo = 0;
  html = html.replace(/(<attention-lens[^>]*><\/attention-lens>)|<!-- snippet -->/g, (_match, element) => {
    if (element) return (last = element);
    return codeBlock(last, `the HTML of demo ${++demo}`);
  });
  html = html.replace('<!-- install -->', install());
  const option = (o) => {
    const values = o.values ?? o.choices;
    const allowed = values ? values.join(', ') : o.type === 'boolean' ? 'true, false' : `${o.min} to ${o.max}`;
    return `<dt><code>${o.flag}</code></dt><dd>${escapeHtml(o.help)}: ${escapeHtml(allowed)} (default ${escapeHtml(String(o.default))})</dd>`;
  };
  const imageOnly = SCHEMA.imageOptions.filter((o) => !SCHEMA.options.some((t) => t.flag === o.flag));
  const list = [
    '<dl class="attributes">',
    '<dt><code>sentence</code></dt><dd>the text (default: the seed sentence)</dd>',
    '<dt><code>document</code></dt><dd>a text to search: cross-attention, its words are the keys</dd>',
    '<dt><code>mode</code></dt><dd><code>text</code> (default) or <code>image</code></dd>',
    '<dt><code>picture</code></dt><dd>image mode: a built-in photo (chelsea, coffee, astronaut, rocket)</dd>',
    '<dt><code>src</code></dt><dd>image mode: the URL of a picture (same origin, or served with CORS)</dd>',
    '<dt><code>view</code></dt><dd>only some parts: <code>filter</code>, <code>filter search</code>, <code>topic</code> (what the sentence is about; default: all)</dd>',
    '<dt><code>compact</code></dt><dd>hides the step-by-step pipeline, the explanations and most options</dd>',
    '<dt><code>url-state</code></dt><dd>keeps the view in the page’s URL</dd>',
    ...SCHEMA.options.filter((o) => !['maxTokens', 'maskedToken'].includes(o.name)).map(option),
    ...imageOnly.map((o) => option({ ...o, help: `image mode: ${o.help}` })),
    '</dl>',
  ];
  return html.replace('<!-- attributes -->', list.join('\n'));
}
const dist = join(root, 'dist');
mkdirSync(dist, { recursive: true });

// which trained weights the site offers (npm run train writes dist/weights/trained.bin)
mkdirSync(join(dist, 'weights'), { recursive: true });
// the preset's figures come from the training report (npm run train)
const reportPath = join(dist, 'weights', 'train-report.json');
const report = existsSync(reportPath) ? JSON.parse(readFileSync(reportPath, 'utf8')) : null;
const trained = existsSync(join(dist, 'weights', 'trained.bin')) && report ? 'trained.bin' : null;
// the image layer's preset (the options it was trained with are in its header: the core applies them)
const image = existsSync(join(dist, 'weights', 'image-trained.bin')) ? { file: 'image-trained.bin' } : null;
// the topic query's model, and its held-out accuracy
const topicReportPath = join(dist, 'weights', 'topic-report.json');
const topic =
  existsSync(join(dist, 'weights', 'topic.bin')) && existsSync(topicReportPath)
    ? {
        file: 'topic.bin',
        heldOutAccuracy: JSON.parse(readFileSync(topicReportPath, 'utf8')).heldOut.attention.accuracy,
      }
    : null;
writeFileSync(
  join(dist, 'weights', 'index.json'),
  `${JSON.stringify({
    trained,
    heldOutTop10: report?.heldOutAccuracy.trained.top10 ?? null,
    image,
    topic,
  })}\n`,
);
writeIndexes(dist);
for (const [from, to] of [
  ['web/styles/page.css', 'page.css'],
  ['web/favicon.svg', 'favicon.svg'],
  // the iframe twin: the element alone, sized by its parent from its messages
  ['web/frame.html', 'frame.html'],
  ['web/frame.css', 'frame.css'],
  ['web/frame.js', 'frame.js'],
])
  copyFileSync(join(root, from), join(dist, to));
// the element's stylesheet, for embedders: its parts in the cascade's order, joined as
// web/app/element.js joins them
writeFileSync(
  join(dist, 'attention-lens.css'),
  ['base', 'panels', 'modes']
    .map((part) => readFileSync(join(root, 'web', 'styles', `attention-lens-${part}.css`), 'utf8'))
    .join('\n'),
);
writeFileSync(
  join(dist, 'embed-example.html'),
  embedExample(readFileSync(join(root, 'web', 'embed-example.html'), 'utf8')),
);

// The classic script and the worker find their files under a base URL (the script's folder;
// the page's message), so they are bundled without the map of the package's files.
const withoutFileMap = {
  name: 'without-file-map',
  setup(b) {
    b.onResolve({ filter: /\/dist\/asset-urls\.js$/ }, () => ({ path: 'asset-urls', namespace: 'no-file-map' }));
    b.onLoad({ filter: /.*/, namespace: 'no-file-map' }, () => ({
      contents:
        'export const FILES = null;\nexport const GLUE = null;\nexport const WORD_MAPS = null;\nexport const wordMapOf = null;\n',
    }));
  },
};
// The ES module keeps the map's import('./wasm/….mjs') and import('./asset-urls-words-….js') as
// they are: it sits beside them.
const glueOutside = {
  name: 'glue-outside',
  setup(b) {
    b.onResolve({ filter: /^\.\/(?:wasm\/[\w-]+\.mjs|asset-urls-words-\w+\.js)$/ }, (a) => ({
      path: a.path,
      external: true,
    }));
  },
};
// The training worker bundles the training builds' glue (dist/wasm/attention-lens-train-*.mjs)
// instead of importing it from a URL: an app's bundler then sees one plain script, with nothing in
// it to resolve or wrap. The glue's default URL of its .wasm, new URL('….wasm', import.meta.url),
// would name a file beside the worker that is not there (the worker hands the glue its compiled
// module: web/lib/loader.js), so it becomes the bare name, which nothing fetches.
const glueInWorker = {
  name: 'glue-in-worker',
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/]wasm[\\/]attention-lens-train-[\w-]+\.mjs$/ }, (a) => {
      const glue = readFileSync(a.path, 'utf8');
      const wasmUrl = /new URL\(("[\w-]+\.wasm"),\s*import\.meta\.url\)\.toString\(\)/g;
      const found = glue.match(wasmUrl)?.length ?? 0;
      if (found !== 1) throw new Error(`${a.path}: ${found} URLs of its .wasm, expected 1`);
      return { contents: glue.replace(wasmUrl, '$1'), loader: 'js' };
    });
  },
};
// Modules of pure data computed with other packages (the colour scales, from d3): built in as
// their values (literal-module.mjs), so that the code and packages that compute them are not
// shipped: 7 kB less gzip in the element's script.
const BUILT_IN = new Set([join(root, 'web', 'app', 'palettes.js')]);
const builtIn = {
  name: 'built-in',
  setup(b) {
    b.onLoad({ filter: /[\\/]palettes\.js$/ }, async (a) =>
      BUILT_IN.has(a.path) ? { contents: await literalModule(a.path), loader: 'js' } : undefined,
    );
  },
};
// The element's stylesheets (in its script, as text: web/app/element.js) minified with the
// script: no comments or indentation in the bytes of the first screen (1.7 kB gzip less).
const MINIFY = !process.argv.includes('--dev'); // --dev: readable names, for profiling
const cssMinified = {
  name: 'css-minified',
  setup(b) {
    b.onLoad({ filter: /\.css$/ }, async (a) =>
      MINIFY
        ? {
            contents: (await transform(readFileSync(a.path, 'utf8'), { loader: 'css', minify: true })).code,
            loader: 'text',
          }
        : undefined,
    );
  },
};
const common = {
  bundle: true,
  loader: { '.css': 'text' }, // the element's stylesheet, in its script (web/app/element.js)
  target: ['es2022'],
  minify: MINIFY,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
};
const element = join(root, 'web', 'app', 'element.js');
// The element's parts (web/app/parts.js): code the first screen does not run, each a classic
// script beside the element's (dist/attention-lens-<name>.js), loaded when first needed by
// web/app/parts-script.js, which takes parts.js's place in the classic script. A part is built
// without the modules that hold the page's state (SHARED): it reads the element's, which
// parts-script.js hands it (globalThis.__attentionLensShared). Any other module both bundle is
// a copy, so it must hold no state: the build stops if one declares a top-level `let`, `var` or
// collection.
const PARTS = {
  image: join(root, 'web', 'app', 'image', 'mode.js'),
  explain: join(root, 'web', 'app', 'explain', 'bodies.js'),
};
const SHARED = {
  engine: join(root, 'web', 'app', 'engine.js'),
  training: join(root, 'web', 'app', 'compute', 'training.js'),
  dom: join(root, 'web', 'app', 'dom.js'), // uniqueId's counter: one, or two views share an id
  draw: join(root, 'web', 'app', 'draw.js'),
  keep: join(root, 'web', 'app', 'explain', 'keep-at-top.js'), // one element kept at the top, for both
};
// parts-script.js hands the part each of them, under its key
const handed = readFileSync(join(root, 'web', 'app', 'parts-script.js'), 'utf8');
for (const key of Object.keys(SHARED))
  if (!new RegExp(`import \\* as ${key} from '\\./${relative(join(root, 'web', 'app'), SHARED[key])}'`).test(handed))
    throw new Error(`build-page: web/app/parts-script.js does not hand the parts ${key} (import * as ${key})`);
const partsAsScripts = {
  name: 'parts-as-scripts',
  setup(b) {
    b.onResolve({ filter: /\/parts\.js$/ }, (a) =>
      resolve(a.resolveDir, a.path) === join(root, 'web', 'app', 'parts.js')
        ? { path: join(root, 'web', 'app', 'parts-script.js') }
        : undefined,
    );
  },
};
const sharedFromElement = {
  name: 'shared-from-element',
  setup(b) {
    b.onResolve({ filter: /\.js$/ }, (a) => {
      const target = resolve(a.resolveDir, a.path);
      const key = Object.keys(SHARED).find((k) => SHARED[k] === target);
      return key ? { path: key, namespace: 'shared' } : undefined;
    });
    b.onLoad({ filter: /.*/, namespace: 'shared' }, (a) => ({
      contents: `module.exports = globalThis.__attentionLensShared.${a.path};`,
      loader: 'js',
    }));
  },
};
async function buildParts(elementMeta) {
  const inElement = new Set(
    Object.keys(elementMeta.outputs[relative(root, join(dist, 'attention-lens-element.js'))].inputs),
  );
  for (const [name, entry] of Object.entries(PARTS)) {
    const out = join(dist, `attention-lens-${name}.js`);
    const r = await build({
      ...common,
      entryPoints: [entry],
      outfile: out,
      format: 'iife',
      globalName: `__attentionLens_${name}`,
      metafile: true,
      absWorkingDir: root,
      plugins: [withoutFileMap, sharedFromElement, builtIn, cssMinified],
    });
    const copies = Object.keys(r.metafile.outputs[relative(root, out)].inputs).filter(
      (f) => inElement.has(f) && f.endsWith('.js') && !f.startsWith('node_modules'),
    );
    for (const f of copies) {
      const code = readFileSync(join(root, f), 'utf8');
      const state = code.match(/^(?:let|var) \w+|^const \w+ = new (?:Map|Set|WeakMap|WeakSet)\b/m);
      if (state)
        throw new Error(
          `build-page: ${f} is in both the element and its ${name} part, and holds state (${state[0]}): ` +
            'add it to SHARED in scripts/build-page.mjs',
        );
    }
  }
}
// the training worker: a module worker (it imports the wasm glue, an ES module)
await build({
  ...common,
  entryPoints: [join(root, 'web', 'app', 'train', 'worker.js')],
  outfile: join(dist, 'train-worker.js'),
  format: 'esm',
  plugins: [withoutFileMap, glueInWorker],
});
// the element as a classic script, and the first script a page includes, which asks for the
// wasm module and then loads it (web/app/boot.js)
const elementBuild = await build({
  ...common,
  entryPoints: [element],
  outfile: join(dist, 'attention-lens-element.js'),
  format: 'iife',
  metafile: true,
  absWorkingDir: root, // the metafile's paths: from the repository's root
  plugins: [withoutFileMap, partsAsScripts, builtIn, cssMinified],
});
await buildParts(elementBuild.metafile);
await build({
  ...common,
  entryPoints: [join(root, 'web', 'app', 'boot.js')],
  outfile: join(dist, 'attention-lens.js'),
  format: 'iife',
});
// the embed page's own script: its copy buttons and the form that makes a snippet with a poster
await build({
  ...common,
  entryPoints: [join(root, 'web', 'embed-example.js')],
  outfile: join(dist, 'embed-example.js'),
  format: 'iife',
});
// the map names the worker, so it is written after it, and before the ES module that holds it
const files = writeAssetUrls(dist);
// The ES module for bundlers imports the JS API's own modules (web/lib/, shipped as they are)
// instead of holding copies: an app that imports both the element and the API bundles one
// runtime, and the file map (dist/asset-urls.js) once. It is not minified (the app's bundler
// minifies): minifying would drop the import() comments that tell bundlers to leave a
// run-time URL alone (webpackIgnore, @vite-ignore).
const libOutside = {
  name: 'lib-outside',
  setup(b) {
    const lib = join(root, 'web', 'lib') + sep;
    b.onResolve({ filter: /\/lib\/.*\.js$/ }, (a) => {
      const target = resolve(a.resolveDir, a.path);
      if (!target.startsWith(lib)) return undefined;
      return { path: relative(dist, target).split(sep).join('/'), external: true };
    });
  },
};
await build({
  ...common,
  minify: false,
  entryPoints: [element],
  outfile: join(dist, 'attention-lens.mjs'),
  format: 'esm',
  plugins: [libOutside, glueOutside, builtIn, cssMinified],
});
// The demo page asks for what its first attention needs from its first bytes (<!-- preloads -->):
// the element's script and the wasm build's glue (SIMD, what nearly every browser runs) as
// preloads, and the embeddings files of the seed sentence's words, as the core names them (a
// lens in Node, loading only what the seed needs), in a <meta> that the page's first script
// (web/app/boot.js) fetches with the wasm binary: not <link rel=preload as=fetch>, which WebKit
// downloads a second time when fetch() asks for the file.
async function preloads() {
  const { createAttentionLens } = await import(join(root, 'web', 'lib', 'index.js'));
  const { SEED_SENTENCE } = await import(join(root, 'web', 'lib', 'seed.js'));
  const lens = await createAttentionLens({ vocabulary: 'later', topic: false });
  await lens.loadFiles([SEED_SENTENCE], 1024);
  const needed = lens.loadedFiles.map((f) => `embeddings/${f}`);
  lens.dispose();
  return [
    '<link rel="preload" href="attention-lens-element.js" as="script">', // attention-lens.js loads it
    '<link rel="modulepreload" href="wasm/attention-lens-simd.mjs">',
    `<meta name="attention-lens-seed-files" content="${needed.join(' ')}">`,
  ].join('\n  ');
}
// after the file map: web/lib reads it
writeFileSync(
  join(dist, 'index.html'),
  readFileSync(join(root, 'web', 'index.html'), 'utf8').replace('<!-- preloads -->', await preloads()),
);
console.log(
  `page: built ${dist} (index.html, embed-example.html, attention-lens.js (-element.js) and .mjs, attention-lens.css, ` +
    `train-worker.js, asset-urls.js naming ${files} files)`,
);
