// The "why attention" chart: each word's share of the influence on the last word, through the
// recurrent network and through attention, on a log scale (an RNN's early words fall to 10⁻⁶⁰ and
// below, which a linear scale would draw as nothing). Shares are the core's; this draws them.
import { h } from '../dom.js';
import { label } from '../format.js';

const FLOOR = 1e-10; // shares at or below this are drawn on the bottom line, marked as below it
const DECADES = -Math.log10(FLOOR);
const BARS_UP_TO = 48; // words; longer texts are drawn as two lines
const LABELS_UP_TO = 24; // words labelled one by one under the chart
const SUP = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };
const superscript = (s) => [...s].map((c) => SUP[c] ?? c).join('');

// A share as a percentage readable at any size: "12.3%", "4.5 × 10⁻²⁸%", "0%".
export function shareText(x) {
  if (x >= 0.001) return `${(100 * x).toFixed(1)}%`;
  if (!(x > 0)) return '0%';
  const [mantissa, exponent] = (100 * x).toExponential(1).split('e');
  return `${mantissa} × 10${superscript(String(Number(exponent)))}%`;
}

// the label of the grid line at 10^−d: 100%, 1%, 0.01%, 10⁻⁴%, …, and "≤" at the floor
function tick(d) {
  const text = d <= 4 ? ['100%', '1%', '0.01%'][d / 2] : `10${superscript(String(2 - d))}%`;
  return d === DECADES ? `≤ ${text}` : text;
}

// tokens: the words; recurrent, attention: their shares (Float64Array); width in CSS pixels.
export function influenceChart(tokens, recurrent, attention, width) {
  const n = tokens.length,
    labelled = n <= LABELS_UP_TO;
  const left = 60,
    right = 8,
    top = 8,
    plotH = 170,
    bottom = labelled ? 74 : 30;
  const plotW = Math.max(40, width - left - right),
    height = top + plotH + bottom;
  const y = (v) => top + (plotH * -Math.log10(Math.max(v, FLOOR))) / DECADES;
  const slot = plotW / Math.max(n, 1),
    x = (j) => left + (j + 0.5) * slot;
  const svg = h('svg:svg', {
    class: 'influence-chart',
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'aria-label':
      `Each word’s share of the influence on the last word, on a log scale. Through the RNN: ` +
      `${shareText(recurrent[0])} for the first word, ${shareText(recurrent[n - 1])} for the last. Through attention: ` +
      `${shareText(attention[0])} for the first word, ${shareText(attention[n - 1])} for the last.`,
  });
  for (let d = 0; d <= DECADES; d += 2) {
    const at = y(10 ** -d);
    svg.append(
      h('svg:line', { x1: left, x2: left + plotW, y1: at, y2: at, class: 'grid' }),
      h('svg:text', { x: left - 6, y: at + 4, 'text-anchor': 'end', class: 'tick' }, tick(d)),
    );
  }
  if (n <= BARS_UP_TO) {
    const barW = Math.max(1, slot * 0.38);
    for (let j = 0; j < n; j++)
      [
        [recurrent[j], x(j) - barW, 'rnn'],
        [attention[j], x(j), 'attention'],
      ].forEach(([v, x0, kind]) => {
        const y0 = Math.min(y(v), top + plotH - 2); // a share at the floor still shows a sliver
        svg.append(
          h('svg:rect', {
            x: x0,
            y: y0,
            width: barW,
            height: top + plotH - y0,
            class: `${kind}${v <= FLOOR ? ' below' : ''}`,
          }),
        );
      });
  } else
    for (const [values, kind] of [
      [recurrent, 'rnn'],
      [attention, 'attention'],
    ])
      svg.append(
        h('svg:polyline', {
          points: Array.from(values, (v, j) => `${x(j).toFixed(1)},${y(v).toFixed(1)}`).join(' '),
          class: `${kind} line`,
        }),
      );
  const base = top + plotH;
  svg.append(h('svg:line', { x1: left, x2: left + plotW, y1: base, y2: base, class: 'axis' }));
  if (labelled)
    tokens.forEach((t, j) =>
      svg.append(
        h(
          'svg:text',
          { x: x(j), y: base + 12, transform: `rotate(-45 ${x(j)} ${base + 12})`, 'text-anchor': 'end', class: 'word' },
          label(t, 10),
        ),
      ),
    );
  else
    for (const [j, anchor] of [
      [0, 'start'],
      [Math.floor((n - 1) / 2), 'middle'],
      [n - 1, 'end'],
    ])
      svg.append(h('svg:text', { x: x(j), y: base + 16, 'text-anchor': anchor, class: 'tick' }, `word ${j + 1}`));
  return svg;
}
