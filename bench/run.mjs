#!/usr/bin/env node
// npm run bench: the single-layer multi-head attention forward (f32), side by side in one run:
// this project's wasm SIMD and baseline builds, plain JS, onnxruntime-web (wasm, 1 thread),
// tfjs-backend-wasm (1 thread) and the native build. Every peer's output is checked against a
// double-precision reference. Prints the table and writes it into bench/RESULTS.md.
//   options: --n 8,32  --configs 100x1,256x4  --peers simd,ort  --quick (shorter timing)
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { flops, makeInputs, median, scaledError, timeRuns } from './inputs.mjs';
import { referenceForward } from './reference.mjs';
import { attentionLensPeer } from './peers/attention-lens.mjs';
import { nativePeer } from './peers/native.mjs';
import { onnxruntimePeer } from './peers/onnxruntime.mjs';
import { plainJsPeer } from './peers/plain-js.mjs';
import { tfjsPeer } from './peers/tfjs.mjs';

const { values: args } = parseArgs({ options: {
  n: { type: 'string', default: '8,32,128,512,2048' },
  configs: { type: 'string', default: '100x1,100x4,64x1,256x4' },
  peers: { type: 'string', default: 'simd,baseline,js,ort,tfjs,native' },
  quick: { type: 'boolean', default: false },
  write: { type: 'boolean', default: true },
} });

const PEERS = { simd: attentionLensPeer(true), baseline: attentionLensPeer(false), js: plainJsPeer,
  ort: onnxruntimePeer, tfjs: tfjsPeer, native: nativePeer };
const peers = args.peers.split(',').map((p) => [p, PEERS[p] ?? (() => { throw new Error(`unknown peer ${p}`); })()]);
const sizes = args.n.split(',').map(Number);
const configs = args.configs.split(',').map((c) => c.split('x').map(Number));
const timing = args.quick ? { minMs: 300, minReps: 3, maxReps: 50 } : { minMs: 1500, minReps: 5, maxReps: 200 };
const TOLERANCE = 1e-4;

// Peers are timed in interleaved rounds (each peer in turn, ROUNDS times) so that a slow spell
// of this shared VM falls on every peer alike rather than on whichever was running; a peer's
// figure is the median of all its timed runs.
const ROUNDS = args.quick ? 3 : 5;
const perRound = { minMs: timing.minMs / ROUNDS, minReps: Math.ceil(timing.minReps / ROUNDS),
  maxReps: Math.ceil(timing.maxReps / ROUNDS) };

async function timeRound(peer, instance, first) {
  if (peer.native) {
    const probe = instance.run(1);
    const reps = Math.max(perRound.minReps, Math.min(perRound.maxReps, Math.ceil(perRound.minMs / Math.max(probe.times[0], 1e-3))));
    const { times, output } = instance.run(reps + 1);
    return { times: times.slice(1), output };  // the process's first run warms up
  }
  const { times, result } = await timeRuns(() => instance.run(), { ...perRound, warmMs: first ? 500 : 0 });
  return { times, output: result };
}

const rows = [];
for (const [d, heads] of configs)
  for (const n of sizes) {
    const inputs = makeInputs(n, d, heads);
    const reference = referenceForward(inputs);
    const row = { n, d, heads, gflop: flops(n, d) / 1e9, peers: {} };
    const instances = [];
    try {
      for (const [key, peer] of peers) instances.push({ key, peer, instance: await peer.setup(inputs), times: [] });
      for (let round = 0; round < ROUNDS; round++)
        for (const m of instances) {
          const { times, output } = await timeRound(m.peer, m.instance, round === 0);
          m.times.push(...times);
          m.output = output;
        }
    } finally {
      for (const m of instances) await m.instance.dispose();
    }
    for (const { key, peer, times, output } of instances) {
      const ms = median(times);
      row.peers[key] = { ms, gflops: row.gflop / (ms / 1e3), error: scaledError(output, reference), reps: times.length };
      process.stderr.write(`n=${n} d=${d} h=${heads} ${peer.name}: ${ms.toFixed(3)} ms, ` +
        `${row.peers[key].gflops.toFixed(2)} GFLOP/s, error ${row.peers[key].error.toExponential(1)}\n`);
    }
    rows.push(row);
  }

// ---- report -------------------------------------------------------------------------------
const fmt = (x, digits = 2) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(digits));
const keys = peers.map(([k]) => k);
const bestPeer = (r) => Math.max(...['ort', 'tfjs'].filter((k) => r.peers[k]).map((k) => r.peers[k].gflops));
const lines = [
  `| n | d_model | heads | MFLOP | ${keys.map((k) => `${k} ms | ${k} GFLOP/s`).join(' | ')} | SIMD ÷ best of ort, tfjs |`,
  `|---|---|---|---|${keys.map(() => '---|---|').join('')}---|`,
];
let failures = 0;
for (const r of rows) {
  const cells = keys.map((k) => {
    const p = r.peers[k];
    const ok = p.error <= TOLERANCE;
    if (!ok) failures++;
    return `${fmt(p.ms, 3)} | ${fmt(p.gflops)}${ok ? '' : ` ✗ (error ${p.error.toExponential(1)})`}`;
  });
  const best = bestPeer(r);
  const ratio = r.peers.simd && Number.isFinite(best) ? `${(r.peers.simd.gflops / best).toFixed(2)}×` : '–';
  lines.push(`| ${r.n} | ${r.d} | ${r.heads} | ${fmt(r.gflop * 1e3, 3)} | ${cells.join(' | ')} | ${ratio} |`);
}
const maxError = Math.max(...rows.flatMap((r) => Object.values(r.peers).map((p) => p.error)));
const legend = `Peers: ${peers.map(([k, p]) => `**${k}** = ${p.name}`).join('; ')}.`;
const summary = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus()[0]?.model ?? 'unknown CPU'} ` +
  `(${cpus().length} cores), Node ${process.versions.node}, one thread each. Median of all runs after a warm-up, the peers timed in turn in ${ROUNDS} interleaved rounds; ` +
  `FLOPs = 8·n·d² + 4·n²·d. Every output matches the double-precision reference: largest scaled error ` +
  `${maxError.toExponential(1)} (limit ${TOLERANCE}).`,
  '', legend, '', ...lines,
].join('\n');
console.log(summary);
if (failures) {
  console.error(`${failures} outputs differ from the reference by more than ${TOLERANCE}`);
  process.exitCode = 1;
}
if (args.write && !args.quick && sizes.length === 5 && configs.length === 4 && peers.length === 6) {
  const path = new URL('RESULTS.md', import.meta.url);
  const doc = readFileSync(path, 'utf8');
  const start = '<!-- results:start -->', end = '<!-- results:end -->';
  writeFileSync(path, `${doc.slice(0, doc.indexOf(start) + start.length)}\n${summary}\n${doc.slice(doc.indexOf(end))}`);
  console.error('wrote bench/RESULTS.md');
}
