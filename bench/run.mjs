#!/usr/bin/env node
// npm run bench: the single-layer multi-head attention forward (f32), side by side in one run:
// this project's wasm SIMD build on its relaxed-SIMD and its SIMD128 kernels, its baseline
// build, plain JS, onnxruntime-web (wasm, 1 thread), tfjs-backend-wasm (1 thread) and the native
// build. onnxruntime-web and tfjs each run in several formulations; per row, each peer's fastest
// formulation that matches the reference is kept. Every output is checked against a
// double-precision reference. Also measures the matrix kernels' peaks and profiles the forward's
// steps in the same run. Prints the tables and writes them into bench/RESULTS.md.
// Node 20 runs relaxed SIMD behind a flag: without it, the script runs itself again with
// --experimental-wasm-relaxed-simd (every peer then runs on that engine).
//   options: --n 8,32  --configs 100x1,256x4  --peers relaxed,ort  --quick (shorter timing)  --no-write
//            --no-profile
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { supportsRelaxedSimd } from '../web/lib/loader.js';
import { flops, makeInputs, median, scaledError, timeRuns } from './inputs.mjs';
import { kernelBench, kernelPeaks } from './kernel-peak.mjs';
import { profileRow } from './profile.mjs';
import { report } from './report.mjs';
import { writeResults } from './results-file.mjs';
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
    peers: { type: 'string', default: 'relaxed,simd,baseline,js,ort,tfjs,native' },
    quick: { type: 'boolean', default: false },
    write: { type: 'boolean', default: true }, // --no-write: only print (a --quick run never writes)
    profile: { type: 'boolean', default: true },
  },
  allowNegative: true,
});

if (!supportsRelaxedSimd() && !process.execArgv.includes('--experimental-wasm-relaxed-simd')) {
  const self = [...process.execArgv, '--experimental-wasm-relaxed-simd', fileURLToPath(import.meta.url)];
  process.exit(spawnSync(process.execPath, [...self, ...process.argv.slice(2)], { stdio: 'inherit' }).status ?? 1);
}

// each peer: its formulations (one for most)
const PEERS = {
  relaxed: [attentionLensPeer(true, { relaxed: true })],
  simd: [attentionLensPeer(true)],
  baseline: [attentionLensPeer(false)],
  js: [plainJsPeer],
  ort: onnxruntimePeers,
  tfjs: tfjsPeers,
  native: [nativePeer],
};
const FAIR_PEERS = ['ort', 'tfjs']; // the libraries the SIMD build is compared with
const OURS = { relaxed: 'wasmrelaxedsimd', simd: 'wasmsimd' }; // our SIMD entries, and the kernels each runs
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

const loadBefore = loadavg()[0];
const kernelsBefore = kernelBench(); // the kernels alone, before and after the rows; the higher of each is kept
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
    // where our forward's time goes, on each kernel build that ran (bench/profile.mjs)
    if (args.profile)
      row.profiles = Object.fromEntries(
        await Promise.all(
          Object.keys(OURS)
            .filter((k) => row.peers[k]?.ms !== undefined)
            .map(async (k) => [k, await profileRow(n, d, heads, { relaxed: k === 'relaxed' })]),
        ),
      );
    rows.push(row);
  }
const kernelsAfter = kernelBench();
const loadAfter = loadavg()[0];
const peaks = kernelPeaks([...kernelsBefore, ...kernelsAfter]);

// ---- report (bench/report.mjs) -------------------------------------------------------------
const { summary, failures } = report({
  rows,
  peers,
  peaks,
  kernels: [...kernelsBefore, ...kernelsAfter],
  load: [loadBefore, loadAfter],
  rounds: ROUNDS,
  tolerance: TOLERANCE,
  dropSlowerThan: DROP_SLOWER_THAN,
  fairPeers: FAIR_PEERS,
  ours: OURS,
});
console.log(summary);
if (failures) {
  console.error(`${failures} outputs differ from the reference by more than ${TOLERANCE} or are missing`);
  process.exitCode = 1;
}
if (args.write && !args.quick && sizes.length === 5 && configs.length === 4 && peers.length === 7) {
  writeResults('results', summary);
}
