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
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashScript, packageVersion, requireFiles, sourceDir, upToDate } from './wordnet.mjs';

const MIN_TOKENS = 4;
const MAX_TOKENS = 30;
const FILES = ['data.noun', 'data.verb', 'data.adj', 'data.adv'];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.argv[2] ?? join(root, 'dist', 'corpus');
const corpusPath = join(outDir, 'wordnet-examples.txt');
const manifestPath = join(outDir, 'manifest.json');
const scriptHash = hashScript(import.meta.url);

requireFiles('corpus', FILES);
const version = packageVersion();
if (upToDate(manifestPath, [corpusPath], scriptHash, version)) {
  console.log(`corpus: up to date in ${outDir}`);
  process.exit(0);
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
