// The attention filter as PNG, SVG or CSV, downloaded from the page.
import { weightScale } from './colors.js';
import { scaledCopy } from './draw.js';

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

export function weightsCsv(result, head) {
  const n = result.tokens.length,
    w = result.step('weights', head).data;
  const lines = [['query \\ key', ...result.tokens.map((t) => t.text)].map(csvCell).join(',')];
  for (let i = 0; i < n; i++)
    lines.push(
      [csvCell(result.tokens[i].text), ...Array.from(w.subarray(i * n, (i + 1) * n), (v) => String(v))].join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}

const SVG_CELLS_UP_TO = 256; // tokens; a larger matrix goes into the SVG as one PNG image

export function weightsSvg(result, head, pngDataUrl) {
  const n = result.tokens.length,
    w = result.step('weights', head).data;
  const cell = Math.max(4, Math.min(40, 640 / n)),
    margin = 110,
    size = margin + cell * n;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" font-family="sans-serif" font-size="${Math.min(12, cell * 0.8)}">`,
    `<title>${xml(`Attention weights, head ${head + 1}`)}</title>`,
  ];
  result.tokens.forEach((t, i) => {
    const text = xml(t.text);
    parts.push(`<text x="${margin - 4}" y="${margin + (i + 0.7) * cell}" text-anchor="end">${text}</text>`);
    parts.push(`<text transform="translate(${margin + (i + 0.7) * cell},${margin - 4}) rotate(-60)">${text}</text>`);
  });
  if (n > SVG_CELLS_UP_TO) {
    parts.push(
      `<image x="${margin}" y="${margin}" width="${cell * n}" height="${cell * n}" preserveAspectRatio="none" ` +
        `style="image-rendering:pixelated" href="${pngDataUrl}"/>`,
    );
  } else {
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++)
        parts.push(
          `<rect x="${margin + j * cell}" y="${margin + i * cell}" width="${cell}" height="${cell}" fill="${weightScale(w[i * n + j])}"><title>${w[i * n + j]}</title></rect>`,
        );
  }
  parts.push('</svg>');
  return parts.join('\n');
}

// pixels per cell in the exported PNG: large enough to see, at most ~2,048 pixels wide
const pngCell = (n) => Math.max(1, Math.min(32, Math.floor(2048 / n)));

export function exportButtons(host, store, heatmapCanvas) {
  const base = () => `attention-head${store.get().head + 1}`;
  return [
    [
      'PNG',
      () =>
        scaledCopy(heatmapCanvas, pngCell(heatmapCanvas.width)).toBlob(
          (blob) => download(host, `${base()}.png`, blob),
          'image/png',
        ),
    ],
    [
      'SVG',
      () =>
        download(
          host,
          `${base()}.svg`,
          new Blob(
            [
              weightsSvg(
                store.get().result,
                store.get().head,
                scaledCopy(heatmapCanvas, pngCell(heatmapCanvas.width)).toDataURL('image/png'),
              ),
            ],
            { type: 'image/svg+xml' },
          ),
        ),
    ],
    [
      'CSV',
      () =>
        download(
          host,
          `${base()}.csv`,
          new Blob([weightsCsv(store.get().result, store.get().head)], { type: 'text/csv' }),
        ),
    ],
  ];
}
