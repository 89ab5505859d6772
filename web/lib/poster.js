// A poster of an element's first view: plain HTML with inline styles (no script, no stylesheet,
// no class the host must define), which a page writes inside <attention-lens> (the snippet:
// snippet.js, and the embed page's form). Where scripts do not run (no JavaScript, RSS readers,
// print), and until the element is live, it shows the same numbers the element will: the
// attention filter of the element's sentence as an SVG, and the query word's answer in words.
// Text from the sentence is escaped: markup in it shows as text.

// viridis (the element's weight colours), nine stops interpolated: colour-blind safe
const VIRIDIS = ['#440154', '#472d7b', '#3b528b', '#2c728e', '#21918c', '#28ae80', '#5ec962', '#addc30', '#fde725'];
const MASKED = '#d0d4d9';
const MAX_TOKENS = 24; // beyond, the poster shows the first 24 (and says so)

export const escapeHtml = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const percent = (w) => `${Math.round(w * 100)}%`;
const short = (t, n = 12) => ([...t].length > n ? `${[...t].slice(0, n - 1).join('')}…` : t);

// The colour of a weight in [0, 1].
export function weightColour(w) {
  const x = Math.min(1, Math.max(0, w)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x)),
    f = x - i;
  const [a, b] = [VIRIDIS[i], VIRIDIS[i + 1]].map((c) => [1, 3, 5].map((k) => Number.parseInt(c.slice(k, k + 2), 16)));
  return `#${a
    .map((v, k) =>
      Math.round(v + (b[k] - v) * f)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

// The filter as an SVG that scales to its box: rows the queries, columns the keys, the query's
// row outlined, masked cells grey.
export function filterSvg({ tokens, keys, weights, masked, query }) {
  const n = Math.min(tokens.length, MAX_TOKENS),
    nk = Math.min(keys.length, MAX_TOKENS);
  const cell = Math.max(10, Math.min(32, Math.floor(480 / Math.max(n, nk, 1))));
  const font = Math.min(13, Math.max(8, Math.round(cell * 0.45)));
  const chars = (list) => Math.max(1, ...list.map((t) => [...short(t)].length));
  const left = Math.ceil(chars(tokens.slice(0, n)) * font * 0.6) + 8;
  const top = Math.ceil(chars(keys.slice(0, nk)) * font * 0.6 * 0.87) + 10;
  const width = left + nk * cell + 4,
    height = top + n * cell + 4;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" ` +
      `aria-label="The attention filter: the weight each word (row) gives each word (column)" ` +
      `style="display:block;width:100%;max-width:${width}px;height:auto" font-family="system-ui,sans-serif" font-size="${font}" fill="currentColor">`,
  ];
  for (let i = 0; i < n; i++)
    out.push(
      `<text x="${left - 4}" y="${top + (i + 0.5) * cell}" text-anchor="end" dominant-baseline="central"${i === query ? ' font-weight="bold"' : ''}>${escapeHtml(short(tokens[i]))}</text>`,
    );
  for (let j = 0; j < nk; j++)
    out.push(
      `<text transform="translate(${left + (j + 0.6) * cell},${top - 4}) rotate(-60)">${escapeHtml(short(keys[j]))}</text>`,
    );
  out.push(`<g transform="translate(${left},${top}) scale(${cell})">`);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < nk; j++)
      out.push(
        `<rect x="${j}" y="${i}" width="1" height="1" fill="${masked(i, j) ? MASKED : weightColour(weights[i * keys.length + j])}"/>`,
      );
  if (query < n)
    out.push(
      `<rect x="0" y="${query}" width="${nk}" height="1" fill="none" stroke="currentColor" stroke-width="${2 / cell}"/>`,
    );
  out.push('</g></svg>');
  return out.join('');
}

// The query's answer in words: its keys ranked by weight, the first three (HTML: the words escaped).
export function answer({ tokens, keys, weights, masked, query }) {
  const row = keys.map((k, j) => ({ k, w: weights[query * keys.length + j], hidden: masked(query, j) }));
  const top = row
    .filter((r) => !r.hidden)
    .sort((a, b) => b.w - a.w)
    .slice(0, 3);
  if (!top.length) return '';
  const list = top.map((r) => `“${escapeHtml(r.k)}” (${percent(r.w)})`);
  const joined = list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : list[0];
  return `“${escapeHtml(tokens[query])}” looks most at ${joined}.`;
}

// poster: { mode: 'text' | 'image', tokens, keys, weights (rows × keys, row-major), masked(i, j),
// query, topic ({ label, best, score, word } or null), view (the element's view attribute or
// null), title (the picture's, in image mode), link (the live page, or null) } -> HTML.
export function posterHtml(poster) {
  const { mode = 'text', view = null, link = null } = poster;
  const parts = [];
  const say = (html) => parts.push(`<p style="margin:.4em 0">${html}</p>`);
  if (mode === 'image')
    say(
      `Self-attention on the patches of ${poster.title ? `the picture “${escapeHtml(poster.title)}”` : 'a picture'}: ` +
        'each patch attends to the patches that look like it.',
    );
  else {
    const showsFilter = view === null || /\b(filter|search)\b/.test(view);
    const showsTopic = view === null || /\btopic\b/.test(view);
    if (showsFilter && poster.tokens.length) {
      parts.push(filterSvg(poster));
      say(answer(poster));
      if (poster.tokens.length > MAX_TOKENS)
        say(`The first ${MAX_TOKENS} of its ${poster.tokens.length} words are drawn.`);
    }
    const t = poster.topic;
    if (showsTopic && t)
      say(
        `What is it about? ${t.label ? `<b>${escapeHtml(t.label)}</b> (${percent(t.score)})` : `not sure (best guess ${escapeHtml(t.best)}, ${percent(t.score)})`}` +
          `${t.word ? `: the question weighs “${escapeHtml(t.word)}” most` : ''}.`,
      );
  }
  const live = link ? ` <a href="${escapeHtml(link)}">Open it live</a>.` : '';
  const what = mode === 'image' ? 'on the picture’s patches' : 'with GloVe word vectors';
  say(`<small>Self-attention ${what}, computed by Attention Lens: it runs live where scripts run.${live}</small>`);
  return `<figure data-attention-lens-poster style="margin:0;font:15px/1.45 system-ui,sans-serif">${parts.join('')}</figure>`;
}

// The poster's numbers from a result of the API (head 1, as the element shows first).
export function posterOf(result, { query = 0, view = null, link = null } = {}) {
  const tokens = result.tokens.map((t) => t.text);
  const keys = (result.cross ? result.documentTokens : result.tokens).map((t) => t.text);
  const weights = tokens.length ? result.step('weights', 0).data : new Float32Array(0);
  const q = Math.min(query, Math.max(0, tokens.length - 1));
  // the mask of the rows drawn and of the query's (a copy: the poster outlives the result)
  const hidden = new Map();
  for (let i = 0; i < tokens.length; i++)
    if (i < MAX_TOKENS || i === q)
      hidden.set(
        i,
        keys.map((_, j) => result.masked(i, j)),
      );
  const topic = result.topic?.() ?? null;
  let word = null;
  if (topic) {
    const best = topic.weights.reduce((b, w, i) => (w > topic.weights[b] ? i : b), 0);
    word = topic.weights[best] > 0 ? tokens[best] : null;
  }
  return {
    mode: 'text',
    tokens,
    keys,
    weights,
    masked: (i, j) => hidden.get(i)?.[j] ?? false,
    query: q,
    topic: topic && { label: topic.label, best: topic.best, score: topic.scores[topic.label ?? topic.best], word },
    view,
    link,
  };
}
