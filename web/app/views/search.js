// The search-engine analogy, bound to the same numbers as the heatmap: the selected word's
// query is what you type, the keys are the result titles ranked by score, the values are their
// contents, and the answer is the weighted blend of the contents.
import { MASK_REASONS } from '../masks.js';
import { SIGNED_COLORS, maxAbs } from '../colors.js';
import { h, setHidden, setText, syncChildren, uniqueId } from '../dom.js';
import { paintMatrix } from '../draw.js';
import { fmt, percent } from '../format.js';
import { keyTokens } from '../keys.js';
import { watch } from '../store.js';
import { vocabularyNote } from '../vocabulary.js';
import { outsideProblem } from './search-outside.js';

const SHOWN = 6; // results shown: the rest, with smaller weights, are counted

function paintStrip(canvas, vector, extent) {
  paintMatrix(canvas, { data: vector, rows: 1, cols: vector.length }, SIGNED_COLORS, -extent, extent, {
    width: 160,
    height: 12,
  });
}

// one search result: title, the numbers, the weight bar, the value strip
function resultItem() {
  return h(
    'li',
    { class: 'result' },
    h(
      'span',
      { class: 'title' },
      h('span', { class: 'word' }), // the query is chosen in the box, on the filter or on a token
      h('span', { class: 'self' }, ' (itself)'),
    ),
    h('span', { class: 'numbers' }),
    h('span', { class: 'bar-track', 'aria-hidden': 'true' }, h('span', { class: 'bar' })),
    h(
      'span',
      { class: 'content' },
      h('span', { class: 'content-label' }, 'value'),
      h('canvas', { class: 'strip', 'aria-hidden': 'true' }),
    ),
  );
}

export function searchView(store) {
  // the search box: a word of the sentence (typed or chosen from the list) becomes the query at
  // each keystroke; a word from outside the sentence searches the sentence with its own vector
  // (the store's outsideWord, searched by compute/outside-search.js; its answer is `outside`)
  const wordsId = uniqueId('words');
  const words = h('datalist', { id: wordsId });
  const notFound = h('p', { class: 'not-found', 'aria-live': 'polite' });
  const choose = () => {
    const { result, query } = store.get();
    const typed = box.value.trim();
    const i = typed ? (result?.tokens.findIndex((t) => t.text.toLowerCase() === typed.toLowerCase()) ?? -1) : -1;
    if (i >= 0 || !typed) {
      store.set({ outsideWord: null });
      if (i >= 0 && i !== query) store.set({ query: i, queryChosen: true });
      else render(store.get());
    } else store.set({ outsideWord: typed });
  };
  const box = h('input', {
    type: 'search',
    list: wordsId,
    autocomplete: 'off',
    spellcheck: false,
    'aria-label': 'The query: type a word of the sentence, or any word to search the sentence with',
    oninput: choose,
    onchange: choose,
  });
  const results = h('ol', { class: 'results', 'aria-label': 'Search results: the keys, ranked by score' });
  const more = h('p', { class: 'more' });
  const answerStrip = h('canvas', { class: 'strip answer-strip', 'aria-hidden': 'true' });
  const about = h('p', { class: 'about' });
  const body = h(
    'div',
    { class: 'search-body' },
    results,
    more,
    h('h3', {}, 'The answer: Σ weight × value'),
    answerStrip,
    about,
  );
  const caption = h(
    'p',
    { class: 'caption' },
    'The query is what you type in the search box. The keys are the result titles: the similarity of query and ' +
      'key is how well they match (the score). The softmax turns the scores into weights that add up to 1, and the ' +
      'values are the contents: the answer is the contents blended by the weights.',
  );
  const root = h(
    'section',
    { class: 'search', part: 'search', 'aria-label': 'Attention as a search engine' },
    h('h2', {}, 'Attention as a search engine'),
    caption,
    h('div', { class: 'search-box' }, h('span', { class: 'magnifier', 'aria-hidden': 'true' }, '⌕'), box, words),
    notFound,
    body,
  );

  function render(state) {
    const { result: sentence, query: chosen, head, outside: o } = state;
    const nq = sentence?.tokens.length ?? 0;
    setHidden(root, nq === 0 || !sentence || keyTokens(sentence).length === 0);
    if (root.hidden) return;
    // a word from outside the sentence: its own search (or why there is none)
    const problem = o ? outsideProblem(o) : null;
    root.classList.toggle('outside', Boolean(o && !problem));
    setText(
      notFound,
      !o
        ? ''
        : (problem ??
            `“${o.word}” is not a word of this sentence. It searches the sentence anyway: its own vector is the ` +
              `query (a word from outside the sentence), over the ${sentence.cross ? 'document' : 'sentence'}’s keys, ` +
              'without positional encoding on either side: the outside word has no place in the sentence.'),
    );
    setHidden(body, Boolean(problem));
    if (problem) return;
    const result = o ? o.result : sentence;
    const keys = keyTokens(result),
      n = keys.length;
    const { dK } = result;
    const tokens = sentence.tokens;
    const query = o ? 0 : Math.min(chosen, nq - 1); // the query may be set before its sentence's result arrives
    // the keys the core's mask hid from the query, asked before the views below (a call into the
    // lens may grow its memory, which detaches a view taken before it)
    const hidden = o ? null : result.maskRow(query);
    // one row of each per-head matrix, copied; the value and context head slices are copies
    const row = (name) => result.view(name, head).data.slice(query * n, (query + 1) * n); // n = keys
    const scores = row('scores'),
      scaled = row('scaled'),
      weights = row('weights');
    const values = result.view('value', head),
      context = result.view('context', head);
    if (!o && (document.activeElement !== box.getRootNode().host || box.getRootNode().activeElement !== box))
      if (box.value !== tokens[query].text) box.value = tokens[query].text; // not while the reader types in it
    const unique = [...new Set(tokens.slice(0, 200).map((t) => t.text))];
    syncChildren(
      words,
      unique.length,
      () => h('option'),
      (o, i) => {
        if (o.value !== unique[i]) o.value = unique[i];
      },
    );
    const order = Array.from({ length: n }, (_, j) => j).sort(
      (a, b) => weights[b] - weights[a] || scores[b] - scores[a],
    );
    const extent = maxAbs(values.data);
    const shown = order.slice(0, SHOWN);
    syncChildren(results, shown.length, resultItem, (li, r) => {
      const j = shown[r],
        masked = hidden?.[j] === 1;
      const [title, numbers, track, content] = li.children;
      li.classList.toggle('masked', masked);
      li.dataset.key = String(j);
      li.dataset.weight = String(weights[j]);
      setText(title.firstChild, keys[j].text);
      setHidden(title.lastChild, result.cross || j !== query);
      setText(
        numbers,
        masked
          ? `masked: ${MASK_REASONS[result.options.mask]}`
          : `score ${fmt(scores[j], 2)} → scaled ${fmt(scaled[j], 2)} → weight ${percent(weights[j])}`,
      );
      track.firstChild.style.width = percent(weights[j]);
      paintStrip(content.lastChild, values.data.subarray(j * dK, (j + 1) * dK), extent);
    });
    setText(more, n > SHOWN ? `… and ${n - SHOWN} more results with smaller weights.` : '');
    paintStrip(answerStrip, context.data.subarray(query * dK, (query + 1) * dK), maxAbs(context.data) || extent);
    drawAbout(state);
  }
  // what the answer is about (compute/nearest-words.js), when it is of the answer shown
  function drawAbout({ searchNear, result: sentence, query: chosen, outside: o, vocabulary }) {
    if (root.hidden || body.hidden) return; // no search, or a word from outside that cannot search
    const shown = o
      ? { result: o.result, query: 0 }
      : { result: sentence, query: Math.min(chosen, sentence.tokens.length - 1) };
    const near = searchNear?.result === shown.result && searchNear.query === shown.query ? searchNear.words : null;
    setText(
      about,
      !near
        ? vocabularyNote(vocabulary)
        : near.length
          ? `What the answer is about: ${near.map((w) => `${w.word} (${fmt(w.similarity, 2)})`).join(', ')}. ` +
            'These are the GloVe words nearest to the weights × the words’ own vectors: the word part of the values. ' +
            'The positional part is left out: it says where a word is, not what it means, and would drown the words.'
          : 'The answer is the zero vector: it is about nothing.',
    );
    about.dataset.words = (near ?? []).map((w) => w.word).join(' ');
  }
  const stop = watch(store, ['result', 'query', 'head', 'outside'], render);
  const stopAbout = store.subscribe((state, changed) => {
    if (changed.has('searchNear') || changed.has('vocabulary')) drawAbout(state);
  });
  return {
    root,
    destroy: () => {
      stop();
      stopAbout();
    },
  };
}
