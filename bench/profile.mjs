#!/usr/bin/env node
// Where the production forward's time goes, per benchmark row: each step timed on its own in
// the wasm SIMD build (RawForward.profile in src/wasm/bench_bindings.cpp), and what a call from
// JS adds (copying X in, the output out). Best of several rounds; ms and share of the call.
//   node bench/profile.mjs [--n 8,128] [--configs 100x4] [--kernels simd128|auto]
import { parseArgs } from 'node:util';
import { makeInputs } from './inputs.mjs';
import { attentionLensPeer } from './peers/attention-lens.mjs';

export const STEPS = ['projections', 'pack', 'scores', 'softmax', 'values', 'output'];

// { call, forward, copyIn, copyOut, rest, [step]: ms } for one row, in ms
export async function profileRow(n, d, heads, { relaxed = false, rounds = 7 } = {}) {
  const instance = await attentionLensPeer(true, { relaxed }).setup(makeInputs(n, d, heads));
  try {
    const reps = Math.max(3, Math.min(200, Math.ceil(2e6 / (n * d * d + n * n * d))));
    for (let i = 0; i < 3 * reps; i++) instance.run(); // warm-up (V8 tiers the kernels up)
    // the call from JS and the steps in C++, in alternating rounds; the best of each
    const p = { call: Infinity, copyOut: Infinity };
    for (let r = 0; r < rounds; r++) {
      p.call = Math.min(
        p.call,
        timeEach(reps, () => instance.run()),
      );
      const view = instance.view(); // taken again: profile() may grow memory, which detaches views
      p.copyOut = Math.min(
        p.copyOut,
        timeEach(reps, () => view.slice()),
      );
      for (const [k, v] of Object.entries(instance.profile(reps))) p[k] = Math.min(p[k] ?? Infinity, v);
    }
    const rest = p.forward - STEPS.reduce((sum, s) => sum + p[s], 0);
    return { ...p, rest };
  } finally {
    instance.dispose();
  }
}

// ms per call of f, over reps calls
function timeEach(reps, f) {
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) f();
  return (performance.now() - t0) / reps;
}

// A markdown table: one row per configuration, each step's share of the call from JS.
export function profileTable(rows) {
  const pct = (x, total) => `${((100 * x) / total).toFixed(0)}%`;
  return [
    `| n | d_model | heads | call ms | ${STEPS.join(' | ')} | rest of forward | copy X in | JS side |`,
    `|---|---|---|---|${STEPS.map(() => '---|').join('')}---|---|---|`,
    ...rows.map(({ n, d, heads, p }) => {
      const js = p.call - p.forward - p.copyIn;
      return (
        `| ${n} | ${d} | ${heads} | ${p.call.toFixed(3)} | ${STEPS.map((s) => pct(p[s], p.call)).join(' | ')} | ` +
        `${pct(p.rest, p.call)} | ${pct(p.copyIn, p.call)} | ${pct(js, p.call)} |`
      );
    }),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: args } = parseArgs({
    options: {
      n: { type: 'string', default: '8,32,128,512,2048' },
      configs: { type: 'string', default: '100x1,100x4,64x1,256x4' },
      kernels: { type: 'string', default: 'simd128' },
    },
  });
  const rows = [];
  for (const [d, heads] of args.configs.split(',').map((c) => c.split('x').map(Number)))
    for (const n of args.n.split(',').map(Number)) {
      const p = await profileRow(n, d, heads, { relaxed: args.kernels !== 'simd128' });
      rows.push({ n, d, heads, p });
      console.error(
        `n=${n} d=${d} h=${heads}: ${JSON.stringify(p, (_k, v) => (typeof v === 'number' ? +v.toFixed(4) : v))}`,
      );
    }
  console.log(profileTable(rows));
}
