#!/usr/bin/env node
// Builds the training corpus from WordNet's example sentences, as installed by Debian's
// `wordnet-base` package (apt-get install -y --no-install-recommends wordnet-base):
//   /usr/share/wordnet/data.{noun,verb,adj,adv}: one synset per line; its gloss follows " | "
//   and holds the examples in double quotes ("the team is a unit").
// Writes (never committed; the data stays in the package):
//   wordnet-examples.txt   one sentence per line: the quotes stripped, whitespace collapsed,
//                          duplicates (ignoring case) dropped, 4 to 30 tokens, in file order
//   manifest.json          counts, the package version, and this script's hash
// into dist/corpus/ (or the folder given as the first argument). Skips all work when the
// outputs are up to date (same script, same package version). WORDNET_DIR overrides the source.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIN_TOKENS = 4;
const MAX_TOKENS = 30;
const FILES = ['data.noun', 'data.verb', 'data.adj', 'data.adv'];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.argv[2] ?? join(root, 'dist', 'corpus');
const sourceDir = process.env.WORDNET_DIR ?? '/usr/share/wordnet';
const corpusPath = join(outDir, 'wordnet-examples.txt');
const manifestPath = join(outDir, 'manifest.json');
const scriptHash = createHash('sha256')
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .digest('hex');

function packageVersion() {
  try {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own ${Version} format, not a template
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', 'wordnet-base'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

const missing = FILES.filter((f) => !existsSync(join(sourceDir, f)));
if (missing.length) {
  console.error(
    `corpus: ${missing.join(', ')} not found in ${sourceDir}: ` +
      "install Debian's wordnet-base (apt-get install -y --no-install-recommends wordnet-base)",
  );
  process.exit(1);
}
const version = packageVersion();
if (existsSync(manifestPath) && existsSync(corpusPath)) {
  const old = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (old.scriptHash === scriptHash && old.source?.version === version && old.source?.dir === sourceDir) {
    console.log(`corpus: up to date in ${outDir}`);
    process.exit(0);
  }
}

// Roughly the C++ tokenizer's units: words (letters and digits, with internal ' or -),
// and every other non-space character on its own. Used only for the length filter.
const TOKEN = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu;
const countTokens = (s) => (s.match(TOKEN) ?? []).length;

const t0 = Date.now();
const seen = new Set();
const sentences = [];
const counts = { quoted: 0, duplicates: 0, tooShort: 0, tooLong: 0, kept: 0 };
const perFile = {};
for (const file of FILES) {
  let kept = 0;
  for (const line of readFileSync(join(sourceDir, file), 'utf8').split('\n')) {
    if (line.startsWith('  ') || !line.includes(' | ')) continue; // the license header, blank lines
    const gloss = line.slice(line.indexOf(' | ') + 3);
    for (const [, quoted] of gloss.matchAll(/"([^"]*)"/g)) {
      counts.quoted++;
      const sentence = quoted.replace(/\s+/g, ' ').trim();
      const n = countTokens(sentence);
      if (n < MIN_TOKENS) {
        counts.tooShort++;
        continue;
      }
      if (n > MAX_TOKENS) {
        counts.tooLong++;
        continue;
      }
      const key = sentence.toLowerCase();
      if (seen.has(key)) {
        counts.duplicates++;
        continue;
      }
      seen.add(key);
      sentences.push(sentence);
      kept++;
    }
  }
  perFile[file] = kept;
}
counts.kept = sentences.length;

const manifest = {
  file: 'wordnet-examples.txt',
  sentences: sentences.length,
  tokens: { min: MIN_TOKENS, max: MAX_TOKENS },
  counts,
  perFile,
  source: { package: 'wordnet-base', version, dir: sourceDir, files: FILES },
  scriptHash,
};
// Write beside, then rename, so that a crash never leaves a half-written corpus.
mkdirSync(outDir, { recursive: true });
writeFileSync(`${corpusPath}.tmp`, `${sentences.join('\n')}\n`);
renameSync(`${corpusPath}.tmp`, corpusPath);
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(
  `corpus: wrote ${corpusPath} in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${sentences.length} ` +
    `sentences from wordnet-base ${version} (${counts.quoted} quoted; dropped ${counts.duplicates} duplicates, ` +
    `${counts.tooShort} under ${MIN_TOKENS} tokens, ${counts.tooLong} over ${MAX_TOKENS})`,
);
