// Training curves over the steps on a log scale, so that the first hundred steps (where most of
// the change is) and the thousands after both show:
// - drawCurve (the text layer): the loss per step (blue, left axis, zoomed to its own range) and
//   the held-out top-10 accuracy (orange dots, right axis);
// - drawLossCurve (the image layer): the training loss (blue) and the held-out loss (orange
//   dots) on one loss axis, with what to beat as dashed lines (a baseline's loss and label).
const W = 320,
  H = 140,
  PAD = { left: 34, right: 34, top: 8, bottom: 22 };

// The canvas sized and cleared, the step axis drawn; x(steps) and the plot's top and bottom.
function frame(canvas, lastStep) {
  const dpr = globalThis.devicePixelRatio || 1;
  canvas.width = W * dpr;
  canvas.height = H * dpr;
  canvas.style.width = `${W}px`;
  canvas.style.height = `${H}px`;
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

// A line through the points' (steps, value) in blue.
function lossLine(ctx, points, x, y) {
  ctx.strokeStyle = '#3b5bdb';
  ctx.beginPath();
  points.forEach((p, i) => (i ? ctx.lineTo : ctx.moveTo).call(ctx, x(p.steps), y(p.loss)));
  ctx.stroke();
}

export function drawCurve(canvas, losses, evals) {
  const { ctx, x, top, bottom } = frame(canvas, losses.at(-1)?.steps);
  const values = losses.map((p) => p.loss);
  const lo = Math.min(...values, 1),
    hi = Math.max(...values, lo + 0.01);
  const y = (v) => top + ((bottom - top) * (hi - v)) / (hi - lo);
  const topMax = Math.max(0.05, ...evals.map((e) => e.top10)) * 1.1;
  const yAcc = (v) => top + (bottom - top) * (1 - v / topMax);
  // the loss's range left, the accuracy's right
  ctx.textAlign = 'right';
  ctx.fillStyle = '#3b5bdb';
  ctx.fillText(hi.toFixed(2), PAD.left - 3, top + 8);
  ctx.fillText(lo.toFixed(2), PAD.left - 3, bottom);
  ctx.textAlign = 'left';
  ctx.fillStyle = '#e8590c';
  ctx.fillText(`${Math.round(topMax * 100)}%`, W - PAD.right + 3, top + 8);
  ctx.fillText('0%', W - PAD.right + 3, bottom);
  lossLine(ctx, losses, x, y);
  ctx.fillStyle = '#e8590c';
  for (const e of evals) ctx.fillRect(x(e.steps) - 2, yAcc(e.top10) - 2, 4, 4);
}

// losses and heldOut: [{ steps, loss }]; lines: [{ loss, label }] drawn dashed across (those
// above twice the highest loss drawn are left out, so that they do not flatten the curve).
export function drawLossCurve(canvas, losses, heldOut, lines = []) {
  const { ctx, x, top, bottom } = frame(canvas, Math.max(losses.at(-1)?.steps ?? 0, heldOut.at(-1)?.steps ?? 0));
  const drawn = [...losses, ...heldOut].map((p) => p.loss);
  const shown = lines.filter((l) => !drawn.length || l.loss <= 2 * Math.max(...drawn));
  const values = [...drawn, ...shown.map((l) => l.loss)];
  const lo = values.length ? Math.min(...values) * 0.95 : 0,
    hi = Math.max(...values, lo + 0.01) * 1.02;
  const y = (v) => top + ((bottom - top) * (hi - v)) / (hi - lo);
  ctx.textAlign = 'right';
  ctx.fillStyle = '#5c636a';
  ctx.fillText(hi.toFixed(2), PAD.left - 3, top + 8);
  ctx.fillText(lo.toFixed(2), PAD.left - 3, bottom);
  ctx.textAlign = 'left';
  ctx.setLineDash([4, 3]);
  for (const l of shown) {
    ctx.strokeStyle = '#868e96';
    ctx.beginPath();
    ctx.moveTo(PAD.left, y(l.loss));
    ctx.lineTo(W - PAD.right, y(l.loss));
    ctx.stroke();
    ctx.fillStyle = '#5c636a';
    ctx.fillText(l.label, PAD.left + 3, y(l.loss) - 3); // inside the plot, above its line
  }
  ctx.setLineDash([]);
  lossLine(ctx, losses, x, y);
  ctx.fillStyle = '#e8590c';
  for (const e of heldOut) ctx.fillRect(x(e.steps) - 2, y(e.loss) - 2, 4, 4);
}
