// Generates src/core/unicode_tables.inc: the character classes and the simple
// lower-case mapping the tokenizer needs, taken from this Node's Unicode data.
//
//   node scripts/gen-unicode-tables.mjs
//
// Re-run it (and commit the .inc) when moving to a Node with a newer Unicode.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(new URL('../src/core/unicode_tables.inc', import.meta.url));
const MAX_CP = 0x10ffff;

// Must match `enum class CharClass` in src/core/unicode.h, in order.
// Other (0) is never emitted: a code point in no range is Other.
const CLASSES = [
  'Other',
  'Space',
  'Control',
  'Format',
  'RegionalIndicator',
  'Pictographic',
  'EmojiModifier',
  'Ideograph',
  'Letter',
  'Mark',
  'Digit',
  'Punctuation',
  'Symbol',
];

// Scripts written without spaces: each letter of these is its own token.
// Script_Extensions catches the prolonged sound mark U+30FC and the kana iteration marks.
const ideographic = /[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}]/u;
const letterLike = /[\p{L}\p{Nl}]/u;

// First match wins: the order settles code points that have several properties
// (U+0085 is both Cc and White_Space, U+00A9 is both So and Extended_Pictographic).
const RULES = [
  ['Space', /\p{White_Space}/u],
  ['Control', /\p{Cc}/u],
  ['Format', /\p{Cf}/u],
  ['RegionalIndicator', /\p{Regional_Indicator}/u],
  ['Pictographic', /\p{Extended_Pictographic}/u],
  ['EmojiModifier', /\p{Emoji_Modifier}/u],
  ['Ideograph', { test: (s) => ideographic.test(s) && letterLike.test(s) }],
  ['Letter', /\p{L}/u],
  ['Mark', /\p{M}/u],
  ['Digit', /\p{Nd}/u],
  ['Punctuation', /\p{P}/u],
  ['Symbol', /\p{S}/u],
];

function classify(cp) {
  if (cp >= 0xd800 && cp <= 0xdfff) return 'Other'; // surrogates never reach the tokenizer
  const s = String.fromCodePoint(cp);
  for (const [name, re] of RULES) if (re.test(s)) return name;
  return 'Other';
}

// Merged ranges [first, last] of one class, in code point order.
function classRanges() {
  const ranges = [];
  for (let cp = 0; cp <= MAX_CP; cp++) {
    const cls = classify(cp);
    const prev = ranges[ranges.length - 1];
    if (prev && prev.cls === cls && prev.last === cp - 1) prev.last = cp;
    else ranges.push({ first: cp, last: cp, cls });
  }
  return ranges.filter((r) => r.cls !== 'Other');
}

// Simple (one code point to one code point) lower-case mappings, as runs
// first, first+stride, ..., last that all map by the same delta.
function lowerRuns() {
  const runs = [];
  for (let cp = 0; cp <= MAX_CP; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const lower = [...String.fromCodePoint(cp).toLowerCase()];
    if (lower.length !== 1) continue;
    const delta = lower[0].codePointAt(0) - cp;
    if (delta === 0) continue;
    const run = runs[runs.length - 1];
    if (run && run.delta === delta) {
      const single = run.first === run.last;
      if (single && (cp - run.last === 1 || cp - run.last === 2)) {
        run.stride = cp - run.last;
        run.last = cp;
        continue;
      }
      if (!single && cp - run.last === run.stride) {
        run.last = cp;
        continue;
      }
    }
    runs.push({ first: cp, last: cp, delta, stride: 1 });
  }
  return runs;
}

const hex = (cp) => `0x${cp.toString(16).toUpperCase().padStart(4, '0')}`;

function rows(items, perLine) {
  const lines = [];
  for (let i = 0; i < items.length; i += perLine) lines.push(`  ${items.slice(i, i + perLine).join(' ')}`);
  return lines.join('\n');
}

const ranges = classRanges();
const runs = lowerRuns();
const abbrev = Object.fromEntries(CLASSES.map((c, i) => [c, `k${i}`]));

const out = `// GENERATED FILE: do not edit. Produced by \`node scripts/gen-unicode-tables.mjs\`
// from Unicode ${process.versions.unicode} (Node ${process.versions.node}, ICU ${process.versions.icu}).
// Included once, by src/core/unicode.cpp, inside an unnamed namespace in al.

// Short names for CharClass so the table stays compact (Other has none: it is never listed).
${CLASSES.slice(1)
  .map((c, i) => `constexpr CharClass k${i + 1} = CharClass::${c};`)
  .join('\n')}
${CLASSES.map((c, i) => `static_assert(static_cast<int>(CharClass::${c}) == ${i});`).join('\n')}

// ${ranges.length} ranges {first, last, class}, sorted, non-overlapping; gaps are CharClass::Other.
constexpr ClassRange kClassRanges[] = {
${rows(
  ranges.map((r) => `{${hex(r.first)}, ${hex(r.last)}, ${abbrev[r.cls]}},`),
  4,
)}
};

// ${runs.length} runs {first, last, delta, stride}: every stride-th code point from first
// to last lower-cases to itself + delta. Other code points lower-case to themselves.
constexpr LowerRun kLowerRuns[] = {
${rows(
  runs.map((r) => `{${hex(r.first)}, ${hex(r.last)}, ${r.delta}, ${r.stride}},`),
  4,
)}
};
`;

writeFileSync(OUT, out);
console.log(`wrote ${OUT}: ${ranges.length} class ranges, ${runs.length} lower-case runs`);
