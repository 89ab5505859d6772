// Training curves over the steps on a log scale, so that the first hundred steps (where most of
// the change is) and the thousands after both show: the loss per step (blue, left axis, zoomed
// to its own range) and a held-out score (orange dots, right axis): the text layer's top-10
// accuracy, the image layer's filter × V PSNR with identity weights' dashed.
const W = 320,
  H = 140,
  PAD = { left: 34, right: 34, top: 8, bottom: 22 };

// The canvas sized and cleared, the step axis drawn; x(steps) and the plot's top and bottom.
function frame(canvas, lastStep) {
  const dpr = globalThis.devicePixelRatio || 1;
  canvas.width = W * dpr;
  canvas.height = H * dpr;
  // as wide as its card allows, up to W px, at its own aspect ratio (a phone's card is narrower)
  canvas.style.width = '100%';
  canvas.style.maxWidth = `${W}px`;
  canvas.style.height = 'auto';
  const ctx = canvas.getContext('2d');
  ctx.scale(dpr, dpr);
  ctx.clearRect(0, 0, W, H);
  ctx.font = '10px system-ui, sans-serif';
  const last = Math.max(10, lastStep ?? 10);
  const x = (s) => PAD.left + ((W - PAD.left - PAD.right) * Math.log10(Math.max(1, s))) / Math.log10(last);
  ctx.strokeStyle = '#ced4da';
  ctx.strokeRect(PAD.left + 0.5, PAD.top + 0.5, W - PAD.left - PAD.right, H - PAD.top - PAD.bottom);
  ctx.fillStyle = '#5c636a';
  ctx.textAlign = 'center';
  for (let p = 1; p <= last; p *= 10) ctx.fillText(p.toLocaleString('en-US'), x(p), H - 8);
  return { ctx, x, top: PAD.top, bottom: H - PAD.bottom };
}

// The empty chart a panel shows before training starts: the frame and the step axis.
export function drawEmptyCurve(canvas) {
  frame(canvas, 10);
}

// A line through the points' (steps, value) in blue.
function lossLine(ctx, points, x, y) {
  ctx.strokeStyle = '#3b5bdb';
  ctx.beginPath();
  points.forEach((p, i) => (i ? ctx.lineTo : ctx.moveTo).call(ctx, x(p.steps), y(p.loss)));
  ctx.stroke();
}

// losses: [{ steps, loss }], the training loss per step (blue, left axis, zoomed to its own
// range); evals: held-out scores at some steps (orange dots, right axis), read by held:
// { value(e), lo, hi (the axis' range), label(v), lines: [{ value, label }] drawn dashed across on
// that axis: what to beat }.
export function drawCurve(canvas, losses, evals, held = TOP10) {
  const { ctx, x, top, bottom } = frame(canvas, Math.max(losses.at(-1)?.steps ?? 0, evals.at(-1)?.steps ?? 0));
  const values = losses.map((p) => p.loss);
  const lo = Math.min(...values, 1),
    hi = Math.max(...values, lo + 0.01);
  const y = (v) => top + ((bottom - top) * (hi - v)) / (hi - lo);
  const { lo: heldLo, hi: heldHi } = held.range(evals);
  const yHeld = (v) => top + ((bottom - top) * (heldHi - v)) / (heldHi - heldLo);
  // the loss's range left, the held-out score's right
  ctx.textAlign = 'right';
  ctx.fillStyle = '#3b5bdb';
  ctx.fillText(hi.toFixed(2), PAD.left - 3, top + 8);
  ctx.fillText(lo.toFixed(2), PAD.left - 3, bottom);
  ctx.textAlign = 'left';
  ctx.fillStyle = '#e8590c';
  ctx.fillText(held.label(heldHi), W - PAD.right + 3, top + 8);
  ctx.fillText(held.label(heldLo), W - PAD.right + 3, bottom);
  ctx.setLineDash([4, 3]);
  for (const l of held.lines ?? []) {
    ctx.strokeStyle = '#868e96';
    ctx.beginPath();
    ctx.moveTo(PAD.left, yHeld(l.value));
    ctx.lineTo(W - PAD.right, yHeld(l.value));
    ctx.stroke();
    ctx.fillStyle = '#5c636a';
    ctx.fillText(l.label, PAD.left + 3, yHeld(l.value) - 3); // inside the plot, above its line
  }
  ctx.setLineDash([]);
  lossLine(ctx, losses, x, y);
  ctx.fillStyle = '#e8590c';
  for (const e of evals) ctx.fillRect(x(e.steps) - 2, yHeld(held.value(e)) - 2, 4, 4);
}

// The text layer's held-out score: the top-10 accuracy, from 0.
const TOP10 = {
  value: (e) => e.top10,
  range: (evals) => ({ lo: 0, hi: Math.max(0.05, ...evals.map((e) => e.top10)) * 1.1 }),
  label: (v) => `${Math.round(v * 100)}%`,
};
