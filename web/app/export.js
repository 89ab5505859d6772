// The attention filter as PNG, SVG or CSV, downloaded from the page. The PNG and the SVG show
// what the screen shows: the token labels, masked cells as a grey check (never as a weight of
// 0 in colour), and the colour legend; the CSV holds the numbers. Each file is named for the
// sentence, the head and what it holds. It comes with the explanations' part (explain/bodies.js):
// the first screen holds only its buttons (EXPORT_KINDS, text-mode.js).
import { packRgba, WEIGHT_COLORS, weightScale } from './colors.js';
import { keyTokens } from './keys.js';

function download(host, name, blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  host.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const xml = (s) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const csvCell = (s) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const MASKED = ['#eeeeee', '#dedede']; // the screen's grey check
const LABEL_CHARS = 14;
const label = (t) => ([...t.text].length > LABEL_CHARS ? `${[...t.text].slice(0, LABEL_CHARS - 1).join('')}…` : t.text);

// "a-lannister-always-pays-head-1": the first words of the sentence and the head
export function exportName(result, head) {
  const words = result.tokens
    .slice(0, 4)
    .map((t) => t.text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''))
    .filter(Boolean);
  return `${words.join('-') || 'attention'}-head-${head + 1}`;
}

export function weightsCsv(result, head) {
  const keys = keyTokens(result),
    nk = keys.length,
    w = result.step('weights', head).data;
  const lines = [['query \\ key', ...keys.map((t) => t.text)].map(csvCell).join(',')];
  for (let i = 0; i < result.tokens.length; i++)
    lines.push([csvCell(result.tokens[i].text), ...Array.from(w.subarray(i * nk, (i + 1) * nk), String)].join(','));
  return `${lines.join('\r\n')}\r\n`;
}

// The layout both pictures share: cell size, the margin for the labels, the legend below.
function layout(result) {
  const n = result.tokens.length,
    nk = keyTokens(result).length,
    big = Math.max(n, nk);
  const cell = Math.max(2, Math.min(40, Math.floor(960 / big)));
  const labels = big <= 256;
  const margin = labels ? 110 : 20;
  return { n, nk, cell, labels, margin, width: margin + cell * nk + 20, height: margin + cell * n + 60 };
}

// A canvas of the filter with its labels and legend (the PNG, and the cells of a large SVG).
export function filterCanvas(result, head) {
  const { n, nk, cell, labels, margin, width, height } = layout(result);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  const w = result.view('weights', head).data,
    mask = result.options.mask;
  const image = ctx.createImageData(nk * cell, n * cell),
    px = new Uint32Array(image.data.buffer);
  const grey = MASKED.map((c) => packRgba(...[1, 3, 5].map((k) => parseInt(c.slice(k, k + 2), 16))));
  for (let i = 0; i < n; i++)
    for (let j = 0; j < nk; j++) {
      const colour = result.masked(i, j)
        ? grey[(i + j) & 1]
        : WEIGHT_COLORS[Math.round(255 * Math.min(1, w[i * nk + j]))];
      for (let y = 0; y < cell; y++)
        px.fill(colour, (i * cell + y) * nk * cell + j * cell, (i * cell + y) * nk * cell + (j + 1) * cell);
    }
  ctx.putImageData(image, margin, margin);
  ctx.fillStyle = '#1b1f24';
  ctx.font = `${Math.min(12, Math.max(8, cell * 0.8))}px sans-serif`;
  if (labels) {
    ctx.textAlign = 'right';
    result.tokens.forEach((t, i) => ctx.fillText(label(t), margin - 4, margin + (i + 0.7) * cell));
    keyTokens(result).forEach((t, j) => {
      ctx.save();
      ctx.translate(margin + (j + 0.7) * cell, margin - 4);
      ctx.rotate(-Math.PI / 3);
      ctx.textAlign = 'left';
      ctx.fillText(label(t), 0, 0);
      ctx.restore();
    });
  }
  // the legend: weights from 0 to 1 in the screen's colours
  const y = margin + n * cell + 20;
  for (let x = 0; x < 160; x++) {
    const c = WEIGHT_COLORS[Math.round((255 * x) / 159)];
    ctx.fillStyle = `rgb(${c & 255} ${(c >> 8) & 255} ${(c >> 16) & 255})`;
    ctx.fillRect(margin + x, y, 1, 10);
  }
  ctx.fillStyle = '#1b1f24';
  ctx.textAlign = 'left';
  ctx.font = '11px sans-serif';
  ctx.fillText('0', margin - 10, y + 9);
  ctx.fillText(
    `1   attention weight, head ${head + 1}${mask === 'none' ? '' : `; grey: masked (${mask})`}`,
    margin + 166,
    y + 9,
  );
  return canvas;
}

export function weightsSvg(result, head) {
  const { n, nk, cell, labels, margin, width, height } = layout(result);
  const keys = keyTokens(result),
    w = result.step('weights', head).data,
    mask = result.options.mask;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="${Math.min(12, cell * 0.8)}">`,
    `<title>${xml(`Attention weights, head ${head + 1}`)}</title>`,
    `<defs><pattern id="masked" width="2" height="2" patternUnits="userSpaceOnUse"><rect width="2" height="2" fill="${MASKED[0]}"/>` +
      `<rect width="1" height="1" fill="${MASKED[1]}"/><rect x="1" y="1" width="1" height="1" fill="${MASKED[1]}"/></pattern>` +
      '<linearGradient id="legend">' +
      [0, 0.25, 0.5, 0.75, 1].map((t) => `<stop offset="${t}" stop-color="${weightScale(t)}"/>`).join('') +
      '</linearGradient></defs>',
  ];
  if (labels) {
    result.tokens.forEach((t, i) =>
      parts.push(`<text x="${margin - 4}" y="${margin + (i + 0.7) * cell}" text-anchor="end">${xml(label(t))}</text>`),
    );
    keys.forEach((t, j) =>
      parts.push(
        `<text transform="translate(${margin + (j + 0.7) * cell},${margin - 4}) rotate(-60)">${xml(label(t))}</text>`,
      ),
    );
    for (let i = 0; i < n; i++)
      for (let j = 0; j < nk; j++) {
        const v = w[i * nk + j],
          hidden = result.masked(i, j);
        parts.push(
          `<rect x="${margin + j * cell}" y="${margin + i * cell}" width="${cell}" height="${cell}" ` +
            `fill="${hidden ? 'url(#masked)' : weightScale(v)}"><title>${hidden ? `masked (${mask})` : v}</title></rect>`,
        );
      }
  } else {
    // too many cells for one element each: the cells as the PNG, inside the SVG
    parts.push(
      `<image x="0" y="0" width="${width}" height="${height}" href="${filterCanvas(result, head).toDataURL('image/png')}"/>`,
    );
  }
  const y = margin + n * cell + 20;
  parts.push(
    `<rect x="${margin}" y="${y}" width="160" height="10" fill="url(#legend)"/>`,
    `<text x="${margin - 10}" y="${y + 9}" font-size="11">0</text>`,
    `<text x="${margin + 166}" y="${y + 9}" font-size="11">${xml(`1   attention weight, head ${head + 1}${mask === 'none' ? '' : `; grey: masked (${mask})`}`)}</text>`,
    '</svg>',
  );
  return parts.join('\n');
}

// The file of one kind ('PNG', 'SVG' or 'CSV': text-mode.js's EXPORT_KINDS) of the filter shown,
// downloaded.
export function exportFilter(host, store, kind) {
  const { result, head } = store.get();
  const name = exportName(result, head);
  if (kind === 'PNG') filterCanvas(result, head).toBlob((b) => download(host, `${name}-filter.png`, b), 'image/png');
  else if (kind === 'SVG')
    download(host, `${name}-filter.svg`, new Blob([weightsSvg(result, head)], { type: 'image/svg+xml' }));
  else if (kind === 'CSV')
    download(host, `${name}-weights.csv`, new Blob([weightsCsv(result, head)], { type: 'text/csv' }));
  else throw new RangeError(`no export of kind ${kind}`);
}
