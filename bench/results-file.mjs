// Writes a benchmark's summary into its section of bench/RESULTS.md: between the lines
// <!-- NAME:start --> and <!-- NAME:end -->, which stay.
import { readFileSync, writeFileSync } from 'node:fs';

export function writeResults(name, summary) {
  const path = new URL('RESULTS.md', import.meta.url);
  const doc = readFileSync(path, 'utf8');
  const start = `<!-- ${name}:start -->`,
    end = `<!-- ${name}:end -->`;
  if (!doc.includes(start) || !doc.includes(end)) throw new Error(`bench/RESULTS.md has no ${start} … ${end} section`);
  writeFileSync(path, `${doc.slice(0, doc.indexOf(start) + start.length)}\n${summary}\n${doc.slice(doc.indexOf(end))}`);
  console.error('wrote bench/RESULTS.md');
}
