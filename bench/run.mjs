#!/usr/bin/env node
// npm run bench: the single-layer multi-head attention forward (f32), side by side in one run:
// this project's wasm SIMD and baseline builds, plain JS, onnxruntime-web (wasm, 1 thread),
// tfjs-backend-wasm (1 thread) and the native build. onnxruntime-web and tfjs each run in
// several formulations; per row, each peer's fastest formulation that matches the reference is
// kept. Every output is checked against a double-precision reference. Also measures the SIMD
// matrix kernel's peak in the same run. Prints the table and writes it into bench/RESULTS.md.
//   options: --n 8,32  --configs 100x1,256x4  --peers simd,ort  --quick (shorter timing)  --no-write
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { flops, makeInputs, median, scaledError, timeRuns } from './inputs.mjs';
import { kernelPeak } from './kernel-peak.mjs';
import { referenceForward } from './reference.mjs';
import { attentionLensPeer } from './peers/attention-lens.mjs';
import { nativePeer } from './peers/native.mjs';
import { onnxruntimePeers } from './peers/onnxruntime.mjs';
import { plainJsPeer } from './peers/plain-js.mjs';
import { tfjsPeers } from './peers/tfjs.mjs';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '8,32,128,512,2048' },
    configs: { type: 'string', default: '100x1,100x4,64x1,256x4' },
    peers: { type: 'string', default: 'simd,baseline,js,ort,tfjs,native' },
    quick: { type: 'boolean', default: false },
    write: { type: 'boolean', default: true }, // --no-write: only print (a --quick run never writes)
  },
  allowNegative: true,
});

// each peer: its formulations (one for most)
const PEERS = {
  simd: [attentionLensPeer(true)],
  baseline: [attentionLensPeer(false)],
  js: [plainJsPeer],
  ort: onnxruntimePeers,
  tfjs: tfjsPeers,
  native: [nativePeer],
};
const FAIR_PEERS = ['ort', 'tfjs']; // the libraries the SIMD build is compared with
const peers = args.peers.split(',').map((p) => [
  p,
  PEERS[p] ??
    (() => {
      throw new Error(`unknown peer ${p}`);
    })(),
]);
const sizes = args.n.split(',').map(Number);
const configs = args.configs.split(',').map((c) => c.split('x').map(Number));
const timing = args.quick ? { minMs: 300, minReps: 3, maxReps: 50 } : { minMs: 1500, minReps: 5, maxReps: 200 };
const TOLERANCE = 1e-4;
// after the first round, a formulation this much slower than its peer's fastest cannot win:
// it is not timed further (its first-round figure is still reported)
const DROP_SLOWER_THAN = 3;

// Peers are timed in interleaved rounds (each peer in turn, ROUNDS times) so that a slow spell
// of this shared VM falls on every peer alike rather than on whichever was running; a peer's
// figure is the median of all its timed runs.
const ROUNDS = args.quick ? 3 : 5;
const perRound = {
  minMs: timing.minMs / ROUNDS,
  minReps: Math.ceil(timing.minReps / ROUNDS),
  maxReps: Math.ceil(timing.maxReps / ROUNDS),
};

async function timeRound(peer, instance, first) {
  if (peer.native) {
    const probe = instance.run(1);
    const reps = Math.max(
      perRound.minReps,
      Math.min(perRound.maxReps, Math.ceil(perRound.minMs / Math.max(probe.times[0], 1e-3))),
    );
    const { times, output } = instance.run(reps + 1);
    return { times: times.slice(1), output }; // the process's first run warms up
  }
  const { times, result } = await timeRuns(() => instance.run(), { ...perRound, warmMs: first ? 500 : 0 });
  return { times, output: result };
}

// Drops the formulations that cannot be a peer's fastest (see DROP_SLOWER_THAN).
function dropSlowFormulations(instances) {
  for (const m of instances) {
    const fastest = Math.min(...instances.filter((o) => o.key === m.key).map((o) => median(o.times)));
    if (median(m.times) > DROP_SLOWER_THAN * fastest) m.dropped = true;
  }
}

// One row: every formulation of every peer timed in interleaved rounds; returns per peer key
// the list of { formulation, ms, gflops, error, reps, dropped }, or { failed } when setup threw.
async function measureRow(inputs, reference, gflop) {
  const instances = [];
  const results = {};
  try {
    for (const [key, formulations] of peers)
      for (const peer of formulations) {
        try {
          instances.push({ key, peer, instance: await peer.setup(inputs), times: [] });
        } catch (e) {
          // e.g. an op the runtime's wasm build lacks: reported, not fatal
          (results[key] ??= []).push({ formulation: peer.formulation, failed: e.message ?? String(e) });
        }
      }
    for (let round = 0; round < ROUNDS; round++) {
      for (const m of instances.filter((o) => !o.dropped)) {
        const { times, output } = await timeRound(m.peer, m.instance, round === 0);
        m.times.push(...times);
        m.output = output;
      }
      if (round === 0) dropSlowFormulations(instances);
    }
  } finally {
    for (const m of instances) await m.instance.dispose();
  }
  for (const { key, peer, times, output, dropped = false } of instances) {
    const ms = median(times);
    (results[key] ??= []).push({
      formulation: peer.formulation,
      ms,
      gflops: gflop / (ms / 1e3),
      error: scaledError(output, reference),
      reps: times.length,
      dropped,
    });
  }
  return results;
}

// A peer's entry in a row: its fastest formulation that matches the reference (else its
// fastest, which then shows as a failure).
function fastest(results) {
  const timed = results.filter((r) => !r.failed).sort((a, b) => a.ms - b.ms);
  return timed.find((r) => r.error <= TOLERANCE) ?? timed[0];
}

const peak = kernelPeak(); // measured before and after the rows; the higher is kept
const rows = [];
for (const [d, heads] of configs)
  for (const n of sizes) {
    const inputs = makeInputs(n, d, heads);
    const row = { n, d, heads, gflop: flops(n, d) / 1e9 };
    row.all = await measureRow(inputs, referenceForward(inputs), row.gflop);
    row.peers = Object.fromEntries(Object.entries(row.all).map(([key, results]) => [key, fastest(results)]));
    for (const [key, formulations] of peers)
      for (const r of row.all[key]) {
        const what = `n=${n} d=${d} h=${heads} ${formulations[0].name}${r.formulation ? ` (${r.formulation})` : ''}`;
        process.stderr.write(
          r.failed
            ? `${what}: setup failed: ${r.failed}\n`
            : `${what}: ${r.ms.toFixed(3)} ms, ` +
                `${r.gflops.toFixed(2)} GFLOP/s, error ${r.error.toExponential(1)}${r.dropped ? ', dropped after round 1' : ''}` +
                `${r === row.peers[key] && row.all[key].length > 1 ? ', fastest' : ''}\n`,
        );
      }
    rows.push(row);
  }
const peakAfter = kernelPeak();
const machinePeak = [peak, peakAfter].filter(Boolean).sort((a, b) => b.gflops - a.gflops)[0];

// ---- report -------------------------------------------------------------------------------
const fmt = (x, digits = 2) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(digits));
const keys = peers.map(([k]) => k);
const multi = peers.filter(([, f]) => f.length > 1).map(([k]) => k); // peers with several formulations
const fairPeer = (r) =>
  FAIR_PEERS.filter((k) => r.peers[k]?.error <= TOLERANCE)
    .map((k) => r.peers[k])
    .sort((a, b) => b.gflops - a.gflops)[0];
// a run fails when any formulation's output differs from the reference, or a peer has none that ran
const timed = rows.flatMap((r) =>
  Object.values(r.all)
    .flat()
    .filter((f) => !f.failed),
);
const failures =
  timed.filter((f) => !(f.error <= TOLERANCE)).length + rows.flatMap((r) => keys.filter((k) => !r.peers[k])).length;
const cell = (p) => {
  if (!p) return 'failed | –'; // every formulation failed to set up
  const ok = p.error <= TOLERANCE;
  return `${fmt(p.ms, 3)} | ${fmt(p.gflops)}${ok ? '' : ` ✗ (error ${p.error.toExponential(1)})`}`;
};
const lines = [
  `| n | d_model | heads | MFLOP | ${keys.map((k) => `${k} ms | ${k} GFLOP/s`).join(' | ')} | SIMD ÷ fastest fair peer |` +
    ` SIMD % of kernel peak |${multi.length ? ` fastest formulation (${multi.join(', ')}) |` : ''}`,
  `|---|---|---|---|${keys.map(() => '---|---|').join('')}---|---|${multi.length ? '---|' : ''}`,
];
for (const r of rows) {
  const fair = fairPeer(r),
    simd = r.peers.simd;
  const ratio = simd && fair ? `${(simd.gflops / fair.gflops).toFixed(2)}×` : '–';
  const ofPeak = simd && machinePeak ? `${((100 * simd.gflops) / machinePeak.gflops).toFixed(0)}%` : '–';
  const won = multi.map((k) => r.peers[k]?.formulation ?? 'none').join(', ');
  lines.push(
    `| ${r.n} | ${r.d} | ${r.heads} | ${fmt(r.gflop * 1e3, 3)} | ${keys.map((k) => cell(r.peers[k])).join(' | ')} | ` +
      `${ratio} | ${ofPeak} |${multi.length ? ` ${won} |` : ''}`,
  );
}
// every formulation of the peers that have several, GFLOP/s (the losers too)
const formulationKeys = multi.flatMap((k) => rows[0]?.all[k].map((f) => [k, f.formulation]) ?? []);
const formulationCell = (r, [k, name]) => {
  const f = r.all[k].find((x) => x.formulation === name);
  if (!f || f.failed) return 'failed';
  return `${fmt(f.gflops)}${f.error > TOLERANCE ? ' ✗' : ''}${f.dropped ? '¹' : ''}`;
};
const formulationLines = formulationKeys.length
  ? [
      '',
      `Every formulation, GFLOP/s (¹ dropped after the first round, more than ${DROP_SLOWER_THAN}× slower than its peer's fastest):`,
      '',
      `| n | d_model | heads | ${formulationKeys.map(([k, name]) => `${k}: ${name}`).join(' | ')} |`,
      `|---|---|---|${formulationKeys.map(() => '---|').join('')}`,
      ...rows.map(
        (r) => `| ${r.n} | ${r.d} | ${r.heads} | ${formulationKeys.map((f) => formulationCell(r, f)).join(' | ')} |`,
      ),
    ]
  : [];
const setupFailures = rows.flatMap((r) =>
  Object.entries(r.all).flatMap(([k, all]) =>
    all.filter((f) => f.failed).map((f) => `${k}${f.formulation ? ` (${f.formulation})` : ''}: ${f.failed}`),
  ),
);
const maxError = Math.max(...timed.map((f) => f.error));
const legend = `Peers: ${peers
  .map(
    ([k, f]) =>
      `**${k}** = ${f[0].name}` +
      (f.length > 1 ? ` (fastest per row of: ${f.map((x) => x.formulation).join('; ')})` : ''),
  )
  .join('; ')}.`;
const peakText = machinePeak
  ? `Kernel peak of this machine in the same run: ${machinePeak.gflops.toFixed(1)} GFLOP/s ` +
    `(\`kernel-bench\`, the SIMD gemm alone, best shape ${machinePeak.shape}, best of before and after the rows).`
  : 'Kernel peak: not measured (build/wasm-simd/kernel-bench.js is not built).';
const summary = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus()[0]?.model ?? 'unknown CPU'} ` +
    `(${cpus().length} cores), Node ${process.versions.node}, one thread each. Median of all runs after a warm-up, the peers timed in turn in ${ROUNDS} interleaved rounds; ` +
    `FLOPs = 8·n·d² + 4·n²·d. Every output matches the double-precision reference: largest scaled error ` +
    `${maxError.toExponential(1)} (limit ${TOLERANCE}). ${peakText}`,
  '',
  legend,
  '',
  ...lines,
  ...formulationLines,
  ...(setupFailures.length ? ['', `Formulations that did not run: ${[...new Set(setupFailures)].join('; ')}.`] : []),
].join('\n');
console.log(summary);
if (failures) {
  console.error(`${failures} outputs differ from the reference by more than ${TOLERANCE} or are missing`);
  process.exitCode = 1;
}
if (args.write && !args.quick && sizes.length === 5 && configs.length === 4 && peers.length === 6) {
  const path = new URL('RESULTS.md', import.meta.url);
  const doc = readFileSync(path, 'utf8');
  const start = '<!-- results:start -->',
    end = '<!-- results:end -->';
  writeFileSync(path, `${doc.slice(0, doc.indexOf(start) + start.length)}\n${summary}\n${doc.slice(doc.indexOf(end))}`);
  console.error('wrote bench/RESULTS.md');
}
