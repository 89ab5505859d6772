// The page draws the mask the core used, never a rule of its own: a check by behaviour, run by
// scripts/check-rules.mjs (npm run lint). It paints through the page's own drawing code
// (paintMatrix, web/app/draw.js; paintWeightGrid, web/app/image/paint.js) with mask tables made
// here that no mask rule gives (cells hidden below, on and above the diagonal, others left
// visible in each), on a canvas stand-in that keeps the pixels, and compares every pixel with
// the table: a drawing function that decides by a mask's name which cells are hidden draws
// something else, whatever its code is called. The views that hand these functions the core's
// table are held to it in the browser (tests/browser/mask-drawing.test.mjs).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// A canvas as the drawing code uses it: its size, its style and a 2-D context whose last
// putImageData is kept.
function canvasStandIn() {
  const canvas = { width: 0, height: 0, style: {}, painted: null };
  const context = {
    createImageData: (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4) }),
    putImageData: (image) => {
      canvas.painted = image;
    },
    clearRect: () => {
      canvas.painted = null;
    },
  };
  canvas.getContext = () => context;
  return canvas;
}

// A rows × cols table of 0/1 from hidden(i, j), as result.maskTable() gives one.
function table(rows, cols, hidden) {
  const data = new Uint8Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) data[i * cols + j] = hidden(i, j) ? 1 : 0;
  return { rows, cols, data };
}

// Each pixel of the painted image that differs from what `expected(k)` says of pixel k.
function compare(canvas, count, isShown, expected, what) {
  const image = canvas.painted;
  if (!image || image.width * image.height !== count)
    return [`${what}: painted ${image ? `${image.width} × ${image.height} pixels` : 'nothing'}, not ${count}`];
  const wrong = [];
  for (let k = 0; k < count; k++) {
    const rgba = image.data.subarray(4 * k, 4 * k + 4);
    if (isShown(rgba) !== expected(k)) wrong.push(k);
  }
  return wrong.length
    ? [`${what}: ${wrong.length} of ${count} pixels disagree with the mask table given (pixels ${wrong.slice(0, 8)}…)`]
    : [];
}

// Problems found (one line each); none when the drawing code draws the table it is given.
export async function maskDrawingProblems(root) {
  const load = (path) => import(pathToFileURL(join(root, path)).href);
  const { paintMatrix } = await load('web/app/draw.js');
  const { paintWeightGrid } = await load('web/app/image/paint.js');
  const { packRgba } = await load('web/app/colors.js');
  const problems = [];
  // one palette colour for every value: a pixel is the palette's (shown) or the grey check (hidden)
  const RED = packRgba(255, 0, 0);
  const palette = new Uint32Array(256).fill(RED);
  const grey = ([r, g, b]) => r === g && g === b;
  const red = ([r, g, b]) => r === 255 && g === 0 && b === 0;
  const matrix = (n) => ({ rows: n, cols: n, data: new Float32Array(n * n).fill(0.5) });

  // one pixel per cell: a pattern no rule makes, and every cell of the last row hidden
  const n = 9;
  const mask = table(n, n, (i, j) => (4 * i + 7 * j) % 5 === 0 || i === n - 1);
  const full = canvasStandIn();
  try {
    paintMatrix(full, matrix(n), palette, 0, 1, { width: 10 * n, height: 10 * n, mask });
    problems.push(...compare(full, n * n, grey, (k) => mask.data[k] === 1, 'paintMatrix, one pixel per cell'));
    problems.push(...compare(full, n * n, red, (k) => mask.data[k] === 0, 'paintMatrix, the visible cells'));
  } catch (e) {
    problems.push(`paintMatrix, one pixel per cell: ${e.message}`);
  }

  // 12 × 12 cells shown at 4 × 4 pixels (3 × 3 cells a pixel): a pixel is hidden when all of its
  // cells are; blocks with one visible cell, off the diagonal too, stay shown
  const whole = new Set(['0,2', '1,0', '3,3', '2,1']);
  const partial = (i, j) => (i % 3) + (j % 3) > 0; // every block's first cell stays visible
  const blocks = table(12, 12, (i, j) => {
    const key = `${Math.floor(i / 3)},${Math.floor(j / 3)}`;
    return whole.has(key) || (key !== '0,0' && partial(i, j));
  });
  const reduced = canvasStandIn();
  try {
    paintMatrix(reduced, matrix(12), palette, 0, 1, { width: 4, height: 4, mask: blocks });
    problems.push(
      ...compare(reduced, 16, grey, (k) => whole.has(`${Math.floor(k / 4)},${k % 4}`), 'paintMatrix, reduced'),
    );
  } catch (e) {
    problems.push(`paintMatrix, reduced: ${e.message}`);
  }

  // a picture query's row: the patches hidden are transparent, every other patch opaque
  const side = 5;
  const row = new Float32Array(side * side).fill(1 / (side * side));
  const hiddenPatches = new Uint8Array(side * side);
  for (const k of [0, 3, 12, 24]) hiddenPatches[k] = 1;
  const grid = canvasStandIn();
  try {
    paintWeightGrid(grid, row, side, 100, { mask: hiddenPatches });
    problems.push(
      ...compare(
        grid,
        side * side,
        (rgba) => rgba[3] === 0,
        (k) => hiddenPatches[k] === 1,
        'paintWeightGrid',
      ),
    );
  } catch (e) {
    problems.push(`paintWeightGrid: ${e.message}`);
  }
  return problems;
}
