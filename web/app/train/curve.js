// The training curve: the loss per step (blue, left axis, zoomed to its own range) and the
// held-out top-10 accuracy (orange dots, right axis), over the steps on a log scale, so that
// the first hundred steps (where most of the change is) and the thousands after both show.
const W = 320,
  H = 140,
  PAD = { left: 34, right: 34, top: 8, bottom: 22 };

export function drawCurve(canvas, losses, evals) {
  const dpr = globalThis.devicePixelRatio || 1;
  canvas.width = W * dpr;
  canvas.height = H * dpr;
  canvas.style.width = `${W}px`;
  canvas.style.height = `${H}px`;
  const ctx = canvas.getContext('2d');
  ctx.scale(dpr, dpr);
  ctx.clearRect(0, 0, W, H);
  ctx.font = '10px system-ui, sans-serif';
  const last = Math.max(10, losses.at(-1)?.steps ?? 10);
  const x = (s) => PAD.left + ((W - PAD.left - PAD.right) * Math.log10(Math.max(1, s))) / Math.log10(last);
  const values = losses.map((p) => p.loss);
  const lo = Math.min(...values, 1),
    hi = Math.max(...values, lo + 0.01);
  const y = (v) => PAD.top + ((H - PAD.top - PAD.bottom) * (hi - v)) / (hi - lo);
  const topMax = Math.max(0.05, ...evals.map((e) => e.top10)) * 1.1;
  const yAcc = (v) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - v / topMax);
  // the axes: steps at powers of ten; the loss's range left, the accuracy's right
  ctx.strokeStyle = '#ced4da';
  ctx.strokeRect(PAD.left + 0.5, PAD.top + 0.5, W - PAD.left - PAD.right, H - PAD.top - PAD.bottom);
  ctx.fillStyle = '#5c636a';
  ctx.textAlign = 'center';
  for (let p = 1; p <= last; p *= 10) ctx.fillText(p.toLocaleString('en-US'), x(p), H - 8);
  ctx.textAlign = 'right';
  ctx.fillStyle = '#3b5bdb';
  ctx.fillText(hi.toFixed(2), PAD.left - 3, PAD.top + 8);
  ctx.fillText(lo.toFixed(2), PAD.left - 3, H - PAD.bottom);
  ctx.textAlign = 'left';
  ctx.fillStyle = '#e8590c';
  ctx.fillText(`${Math.round(topMax * 100)}%`, W - PAD.right + 3, PAD.top + 8);
  ctx.fillText('0%', W - PAD.right + 3, H - PAD.bottom);
  ctx.strokeStyle = '#3b5bdb';
  ctx.beginPath();
  losses.forEach((p, i) => (i ? ctx.lineTo : ctx.moveTo).call(ctx, x(p.steps), y(p.loss)));
  ctx.stroke();
  ctx.fillStyle = '#e8590c';
  for (const e of evals) ctx.fillRect(x(e.steps) - 2, yAcc(e.top10) - 2, 4, 4);
}
