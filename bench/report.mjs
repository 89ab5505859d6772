// The benchmark's report (bench/run.mjs measures): the timings table, the targets per row, every
// formulation of the peers that have several, the kernels alone, and where the forward's time
// goes. Markdown, for the console and bench/RESULTS.md.
import { cpus } from 'node:os';
import { profileTable } from './profile.mjs';

const fmt = (x, digits = 2) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(digits));
const NAMES = { wasmrelaxedsimd: 'relaxed SIMD', wasmsimd: 'SIMD128' };

// The targets: our forward ≥ 1.3× the fastest fair peer (≥ 1.5× for n ≤ 128); ≥ 85% of the
// kernel peak for d_model = 256, n ≥ 128, and ≥ 70% for n ≥ 32.
const ratioTarget = (r) => (r.n <= 128 ? 1.5 : 1.3);
const peakTarget = (r) => (r.d === 256 && r.n >= 128 ? 85 : r.n >= 32 ? 70 : null);

export function report({ rows, peers, peaks, kernels, load, rounds, tolerance, dropSlowerThan, fairPeers, ours }) {
  const keys = peers.map(([k]) => k);
  const multi = peers.filter(([, f]) => f.length > 1).map(([k]) => k); // peers with several formulations
  const oursRun = Object.keys(ours).filter((k) => keys.includes(k));
  const fairPeer = (r) =>
    fairPeers
      .filter((k) => r.peers[k]?.error <= tolerance)
      .map((k) => r.peers[k])
      .sort((a, b) => b.gflops - a.gflops)[0];
  // a run fails when any formulation's output differs from the reference, or a peer has none that ran
  const timed = rows.flatMap((r) =>
    Object.values(r.all)
      .flat()
      .filter((f) => !f.failed),
  );
  const failures =
    timed.filter((f) => !(f.error <= tolerance)).length + rows.flatMap((r) => keys.filter((k) => !r.peers[k])).length;
  const cell = (p) => {
    if (!p) return 'failed | –'; // every formulation failed to set up
    const ok = p.error <= tolerance;
    return `${fmt(p.ms, 3)} | ${fmt(p.gflops)}${ok ? '' : ` ✗ (error ${p.error.toExponential(1)})`}`;
  };
  const ratio = (r, k) => (r.peers[k] && fairPeer(r) ? r.peers[k].gflops / fairPeer(r).gflops : null);
  const ofPeak = (r, k, peak = peaks[ours[k]]) => (r.peers[k] && peak ? (100 * r.peers[k].gflops) / peak.gflops : null);
  const mark = (x, target) => (target === null ? '' : x >= target ? ' ✓' : ' ✗');

  const lines = [
    `| n | d_model | heads | MFLOP | ${keys.map((k) => `${k} ms | ${k} GFLOP/s`).join(' | ')} |` +
      `${multi.length ? ` fastest formulation (${multi.join(', ')}) |` : ''}`,
    `|---|---|---|---|${keys.map(() => '---|---|').join('')}${multi.length ? '---|' : ''}`,
    ...rows.map(
      (r) =>
        `| ${r.n} | ${r.d} | ${r.heads} | ${fmt(r.gflop * 1e3, 3)} | ${keys.map((k) => cell(r.peers[k])).join(' | ')} |` +
        `${multi.length ? ` ${multi.map((k) => r.peers[k]?.formulation ?? 'none').join(', ')} |` : ''}`,
    ),
  ];
  // per row: each of our SIMD entries against the fastest fair peer and against its kernels' peak
  const literal = oursRun.includes('relaxed') && peaks.wasmsimd; // the relaxed forward against the SIMD128 peak too
  const targetLines = [
    `| n | d_model | heads | ratio target | ${oursRun.map((k) => `${k} ÷ fastest fair peer`).join(' | ')} | % target | ` +
      `${oursRun.map((k) => `${k} % of ${NAMES[ours[k]]} peak`).join(' | ')} |${literal ? ' relaxed % of SIMD128 peak |' : ''}`,
    `|---|---|---|---|${oursRun.map(() => '---|').join('')}---|${oursRun.map(() => '---|').join('')}${literal ? '---|' : ''}`,
    ...rows.map((r) => {
      const pt = peakTarget(r);
      const ratios = oursRun.map((k) => {
        const x = ratio(r, k);
        return x === null ? '–' : `${x.toFixed(2)}×${mark(x, ratioTarget(r))}`;
      });
      const pcts = oursRun.map((k) => {
        const x = ofPeak(r, k);
        return x === null ? '–' : `${x.toFixed(0)}%${mark(x, pt)}`;
      });
      const lit = literal ? ` ${ofPeak(r, 'relaxed', peaks.wasmsimd).toFixed(0)}% |` : '';
      return (
        `| ${r.n} | ${r.d} | ${r.heads} | ≥ ${ratioTarget(r)}× | ${ratios.join(' | ')} | ${pt === null ? '–' : `≥ ${pt}%`} | ` +
        `${pcts.join(' | ')} |${lit}`
      );
    }),
  ];
  // every formulation of the peers that have several, GFLOP/s (the losers too)
  const formulationKeys = multi.flatMap((k) => rows[0]?.all[k].map((f) => [k, f.formulation]) ?? []);
  const formulationCell = (r, [k, name]) => {
    const f = r.all[k].find((x) => x.formulation === name);
    if (!f || f.failed) return 'failed';
    return `${fmt(f.gflops)}${f.error > tolerance ? ' ✗' : ''}${f.dropped ? '¹' : ''}`;
  };
  const formulationLines = formulationKeys.length
    ? [
        '',
        `Every formulation, GFLOP/s (¹ dropped after the first round, more than ${dropSlowerThan}× slower than its peer's fastest):`,
        '',
        `| n | d_model | heads | ${formulationKeys.map(([k, name]) => `${k}: ${name}`).join(' | ')} |`,
        `|---|---|---|${formulationKeys.map(() => '---|').join('')}`,
        ...rows.map(
          (r) => `| ${r.n} | ${r.d} | ${r.heads} | ${formulationKeys.map((f) => formulationCell(r, f)).join(' | ')} |`,
        ),
      ]
    : [];
  // the kernels alone: the best of before and after the rows, per shape and kernel build
  const kernelSets = [...new Set(kernels.map((k) => k.kernels))];
  const kernelRows = [...new Set(kernels.map((k) => k.shape))].map((shape) => {
    const best = (set) => {
      const runs = kernels.filter((k) => k.shape === shape && k.kernels === set);
      if (!runs.length) return '–';
      return runs[0].nsPerElement !== undefined
        ? `${Math.min(...runs.map((k) => k.nsPerElement)).toFixed(2)} ns/element`
        : `${Math.max(...runs.map((k) => k.gflops)).toFixed(1)} GFLOP/s`;
    };
    return `| ${shape} | ${kernelSets.map(best).join(' | ')} |`;
  });
  const kernelLines = kernels.length
    ? [
        '',
        'The kernels alone (`kernel-bench`, best of six rounds, the kernel builds in alternating rounds; best of before and after the rows). The peak is the best gemm shape.',
        '',
        `| shape | ${kernelSets.map((s) => NAMES[s] ?? s).join(' | ')} |`,
        `|---|${kernelSets.map(() => '---|').join('')}`,
        ...kernelRows,
      ]
    : [];
  const profileLines = oursRun.flatMap((k) =>
    rows.some((r) => r.profiles?.[k])
      ? [
          '',
          `Where the time of one call of the ${NAMES[ours[k]]} forward goes (\`bench/profile.mjs\`: each step timed alone, best of 7 rounds; the call is timed from JS):`,
          '',
          profileTable(rows.filter((r) => r.profiles?.[k]).map((r) => ({ ...r, p: r.profiles[k] }))),
        ]
      : [],
  );
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
  const peakText = Object.keys(peaks).length
    ? `Kernel peaks of this machine in the same run (\`kernel-bench\`, gemm_packed alone, best of before and after the rows): ${Object.entries(
        peaks,
      )
        .map(([set, p]) => `${NAMES[set] ?? set} ${p.gflops.toFixed(1)} GFLOP/s (${p.shape})`)
        .join(', ')}.`
    : 'Kernel peak: not measured (build/wasm-simd/kernel-bench.js is not built).';
  const summary = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus()[0]?.model ?? 'unknown CPU'} ` +
      `(${cpus().length} cores), Node ${process.versions.node} with --experimental-wasm-relaxed-simd, one thread each; ` +
      `load average ${load.map((x) => x.toFixed(2)).join(' before, ')} after. Median of all runs after a warm-up, the peers timed in turn in ${rounds} interleaved rounds; ` +
      `FLOPs = 8·n·d² + 4·n²·d. Every output matches the double-precision reference: largest scaled error ` +
      `${maxError.toExponential(1)} (limit ${tolerance}). ${peakText}`,
    '',
    legend,
    '',
    ...lines,
    '',
    'Targets per row (✓ met, ✗ missed): our forward against the fastest fair peer (onnxruntime-web, tfjs-backend-wasm), and against the kernel peak of the kernels it runs.',
    '',
    ...targetLines,
    ...kernelLines,
    ...profileLines,
    ...formulationLines,
    ...(setupFailures.length ? ['', `Formulations that did not run: ${[...new Set(setupFailures)].join('; ')}.`] : []),
  ].join('\n');
  return { summary, failures };
}
