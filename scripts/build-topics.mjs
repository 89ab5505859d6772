#!/usr/bin/env node
// Builds the topic classifier's labelled corpus from WordNet 3.0 (Debian's `wordnet-base`):
// every synset that belongs to a topic domain ("law", "baseball", …: WordNet's `;c` pointers),
// and every hyponym of such a synset, gives its own words, its definition and its example
// sentences as samples of that topic; synsets of no domain at all give the samples of "none"
// (a sentence that belongs to no topic).
//   /usr/share/wordnet/data.{noun,verb,adj,adv}: one synset per line: offset, lexicographer file,
//   part of speech, its words, its pointers ("@" hypernym, "~" hyponym, ";c" topic domain, …),
//   then " | " and the gloss: the definition, then the examples in double quotes.
// The domains are grouped into topics by their own hypernym chain: a domain belongs to the
// topic of the nearest synset on its chain that TOPICS names (baseball > ball game > field game
// > outdoor game > athletic game > sport: "sport"); the chain's synsets named in EXCLUDED (and
// every domain whose chain meets no topic) belong to no topic, and their synsets are used for
// neither a topic nor "none".
// Writes (never committed; the data stays in the package) into build/topics/ (or the folder
// given as the first argument):
//   wordnet-topics.tsv     one sample per line: synset id, label, kind (words, definition,
//                          example), text; topics in TOPICS order, then "none"
//   plain-words.txt        one-word names of synsets in no domain (the trainer's distractors)
//   topics.json            the labels, the domains of each, counts, the package version and
//                          this script's hash
// The split into training and held-out samples is the trainer's (by synset, so that one
// synset's samples are all on one side: src/core/topic/corpus.cpp).
// Skips all work when the outputs are up to date. WORDNET_DIR overrides the source.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashScript, packageVersion, requireFiles, sourceDir, upToDate } from './wordnet.mjs';

// label -> the synsets (offset + part of speech) whose domains it gathers
const TOPICS = {
  sport: ['00523513n'], // sport, athletics
  music: ['07020895n', '00543233n', '05718935n', '05718556n'], // music (the art, the activity, the sound)
  law: ['08441203n', '06667792n', '06520944n', '00766234n'], // law, legal code, contract, crime
  medicine: ['06045562n', '00612160n', '00657604n', '01024392n', '03247620n', '14046202n'], // medical science, the profession, care, procedures, drugs, pregnancy
  military: ['08199025n', '08198137n', '00952963n', '00973077n'], // the military, armed services, military action, war
  cooking: ['00243918n'], // cooking, cookery
  computing: ['06128570n', '03082979n', '00928947n'], // computer science, computers, programming
  religion: ['05946687n', '08081668n', '06182144n', '06183899n', '01028082n', '06429590n', '08146782n'], // religion, theology, rites, sacred texts, denominations
  chemistry: ['06084469n'],
  physics: ['06090869n'], // physics, with astronomy, electronics, optics
  biology: ['06037666n', '00004475n'], // biology (botany, zoology, genetics, anatomy, …), organisms
  mathematics: ['06000644n'],
  business: ['01090446n', '06149484n', '13308999n', '05662532n', '04323026n', '08059412n'], // commerce, economics, tax, accounting, the stock exchange, corporations
  politics: ['01124794n', '06148148n', '00181781n', '08163273n'], // government, politics, elections, legislatures
};
// domains on these chains are commercial_enterprise's but not business (farming, mining,
// printing), or biology's closure of every species name (left out for being names, not words)
const EXCLUDED = ['00916464n', '00922327n', '01103159n'];
const NONE = 'none';
const SPECIES_FILES = ['05', '20'];
// lexicographer files of the distractors: adj.all, noun.animal, noun.artifact, noun.attribute,
// noun.location, noun.object, noun.person, noun.plant
const PLAIN_FILES = ['a00', 'n05', 'n06', 'n07', 'n15', 'n17', 'n18', 'n20']; // WordNet's lexicographer files noun.animal and noun.plant
// "none" takes one synset in NONE_STRIDE of those in no domain (by a hash of its id), so that
// it is a few times a topic's size, not 40 times
const NONE_STRIDE = 16;
const FILES = [
  ['data.noun', 'n'],
  ['data.verb', 'v'],
  ['data.adj', 'a'],
  ['data.adv', 'r'],
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.argv[2] ?? join(root, 'build', 'topics');
const corpusPath = join(outDir, 'wordnet-topics.tsv');
const wordsPath = join(outDir, 'plain-words.txt');
const manifestPath = join(outDir, 'topics.json');
const scriptHash = hashScript(import.meta.url);

requireFiles(
  'topics',
  FILES.map(([f]) => f),
);
const version = packageVersion();
if (upToDate(manifestPath, [corpusPath, wordsPath], scriptHash, version)) {
  console.log(`topics: up to date in ${outDir}`);
  process.exit(0);
}

// One synset: its id (offset + part of speech, satellite adjectives as "a"), words, pointers, gloss.
function parseLine(line) {
  const bar = line.indexOf(' | ');
  const head = line.slice(0, bar).split(' ');
  const pos = (p) => (p === 's' ? 'a' : p);
  const id = head[0] + pos(head[2]);
  const wordCount = Number.parseInt(head[3], 16);
  const words = [];
  let i = 4;
  for (let k = 0; k < wordCount; k++, i += 2) words.push(head[i].replace(/\(.*\)$/, '').replaceAll('_', ' '));
  const pointerCount = Number.parseInt(head[i++], 10);
  const pointers = [];
  for (let k = 0; k < pointerCount; k++, i += 4) pointers.push({ symbol: head[i], to: head[i + 1] + pos(head[i + 2]) });
  return { id, lexFile: head[1], words, pointers, gloss: line.slice(bar + 3).trim() };
}

const synsets = new Map();
for (const [file] of FILES)
  for (const line of readFileSync(join(sourceDir, file), 'utf8').split('\n')) {
    if (line.startsWith('  ') || !line.includes(' | ')) continue; // the licence header, blank lines
    const s = parseLine(line);
    synsets.set(s.id, s);
  }
function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const c of Buffer.from(text, 'utf8')) h = Math.imul(h ^ c, 0x01000193) >>> 0;
  return h;
}
const targets = (s, ...symbols) => s.pointers.filter((p) => symbols.includes(p.symbol)).map((p) => p.to);

// the topic of a domain: the nearest synset on its hypernym chain (itself first) that TOPICS or
// EXCLUDED names; null when none is
const topicOf = new Map();
for (const [label, ids] of Object.entries(TOPICS)) for (const id of ids) topicOf.set(id, label);
for (const id of EXCLUDED) topicOf.set(id, null);
function domainTopic(id) {
  const seen = new Set();
  for (let cur = id; cur && !seen.has(cur); cur = targets(synsets.get(cur), '@', '@i')[0]) {
    seen.add(cur);
    if (topicOf.has(cur)) return topicOf.get(cur);
  }
  return null;
}

// every domain's members, and their hyponyms (instances too), take the domain's topic; a synset
// reached from domains of two different topics is ambiguous and left out
const members = new Map(); // domain id -> member ids
for (const s of synsets.values())
  for (const d of targets(s, ';c')) {
    if (!members.has(d)) members.set(d, []);
    members.get(d).push(s.id);
  }
const labelOf = new Map(); // synset id -> label, or null (in a domain, but of no single topic)
const domainsOf = {};
for (const [domain, ids] of members) {
  const label = domainTopic(domain);
  if (label) (domainsOf[label] ??= []).push(synsets.get(domain).words[0]);
  const stack = [...ids];
  const seen = new Set();
  while (stack.length) {
    const id = stack.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    const old = labelOf.get(id);
    labelOf.set(id, old === undefined || old === label ? label : null);
    // a domain's species are its members, but their hyponyms are names of animals and plants
    // ("dog", "oak"), which carry no topic in an everyday sentence
    if (!SPECIES_FILES.includes(synsets.get(id).lexFile)) stack.push(...targets(synsets.get(id), '~', '~i'));
  }
}

// A definition without the domain's own label ("(law) a judgment …" -> "a judgment …").
const definition = (gloss) =>
  gloss
    .replace(/;?\s*"[^"]*"/g, '')
    .replace(/^\s*\((?:[^()]*)\)\s*/, '')
    .replace(/\s+/g, ' ')
    .replace(/[;\s]+$/, '')
    .trim();
const examples = (gloss) => [...gloss.matchAll(/"([^"]*)"/g)].map(([, q]) => q.replace(/\s+/g, ' ').trim());
const clean = (text) => text.replace(/[\t\n\r]/g, ' ').trim();

const lines = [];
const counts = {};
const add = (id, label, kind, text) => {
  const t = clean(text);
  if (!t) return;
  lines.push(`${id}\t${label}\t${kind}\t${t}`);
  counts[label] ??= { synsets: 0, samples: 0 };
  counts[label].samples++;
};
const order = [...Object.keys(TOPICS), NONE];
const byLabel = new Map(order.map((l) => [l, []]));
for (const s of synsets.values()) {
  const label = labelOf.has(s.id) ? labelOf.get(s.id) : fnv1a(s.id) % NONE_STRIDE === 0 ? NONE : null;
  if (label) byLabel.get(label).push(s);
}
for (const label of order)
  for (const s of byLabel.get(label)) {
    counts[label] ??= { synsets: 0, samples: 0 };
    counts[label].synsets++;
    add(s.id, label, 'words', s.words.join(', '));
    add(s.id, label, 'definition', definition(s.gloss));
    for (const e of examples(s.gloss)) add(s.id, label, 'example', e);
  }

// the distractors: one-word names of synsets in no domain, of places, objects, artefacts,
// people, animals, plants and qualities (colours), that are not also a word of a synset in one
const topical = new Set();
for (const s of synsets.values()) if (labelOf.has(s.id)) for (const w of s.words) topical.add(w.toLowerCase());
const plain = new Set();
for (const s of synsets.values())
  if (!labelOf.has(s.id) && PLAIN_FILES.includes(`${s.id.at(-1)}${s.lexFile}`))
    for (const w of s.words) if (/^\p{L}+$/u.test(w) && !topical.has(w.toLowerCase())) plain.add(w.toLowerCase());

const write = (path, text) => {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
};
mkdirSync(outDir, { recursive: true });
write(corpusPath, `${lines.join('\n')}\n`);
write(wordsPath, `${[...plain].sort().join('\n')}\n`);
const manifest = {
  labels: order,
  domains: domainsOf,
  counts,
  samples: lines.length,
  plainWords: plain.size,
  source: { package: 'wordnet-base', version, dir: sourceDir, licence: 'WordNet 3.0 licence (Princeton)' },
  scriptHash,
};
write(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(
  `topics: wrote ${corpusPath}: ${lines.length} samples; ` +
    order.map((l) => `${l} ${counts[l]?.synsets ?? 0}/${counts[l]?.samples ?? 0}`).join(', ') +
    `; ${plain.size} plain words`,
);
