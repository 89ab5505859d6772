// "What is this about?": the topic query's answer for the sentence (result.topic(), computed by
// the core and put in the store as `topic` by compute.js), its attention over the words drawn like the filter (one row, the same colours), the
// search behind it (the question is the query, the words are the results) and every topic's
// score; sentences where one word gives the topic away, one click each.
import { weightScale } from '../colors.js';
import { h, setHidden, setText, syncChildren } from '../dom.js';
import { weightLegend } from '../legend.js';
import { fmt, label, percent } from '../format.js';
import { watch } from '../store.js';
import { isSeedSentence } from '../../lib/seed.js';
import { NO_TOPIC_EXAMPLE, TOPIC_EXAMPLES } from '../topic-examples.js';
import { vocabularyNote } from '../vocabulary.js';

const WORDS_SHOWN = 60; // word cells; a longer text says how many more
const RESULTS_SHOWN = 4;
const SCORES_SHOWN = 5; // topics, besides "no topic"
const NONE_LABEL = 'no topic';
const className = (l) => (l === 'none' ? NONE_LABEL : l);

// a word, a bar as long as its weight (in the filter's colours) and the weight in numbers: the text
// stays dark on white whatever the colour, so that it is readable at every weight
function wordCell() {
  return h(
    'li',
    { class: 'topic-word' },
    h('span', { class: 'w' }),
    h('span', { class: 'cell', 'aria-hidden': 'true' }, h('span')), // a bar as long as the weight
    h('span', { class: 'p' }),
  );
}

function scoreRow() {
  return h(
    'li',
    { class: 'topic-score' },
    h('span', { class: 'name' }),
    h('span', { class: 'bar-track', 'aria-hidden': 'true' }, h('span', { class: 'bar' })),
    h('span', { class: 'value' }),
  );
}

function resultRow() {
  return h('li', { class: 'topic-result' }, h('span', { class: 'title' }), ' ', h('span', { class: 'numbers' }));
}

export function topicView(store) {
  // the first screen's one line: the answer and the word the question weighs most
  const lineAnswer = h('strong', { class: 'topic-answer' }),
    lineWhy = h('span');
  const line = h(
    'p',
    { class: 'topic-line', part: 'topic', 'aria-live': 'polite' },
    'What is this about? ',
    lineAnswer,
    lineWhy,
  );
  const answer = h('span', { class: 'topic-answer', 'aria-live': 'polite' });
  const detail = h('span', { class: 'topic-detail' });
  const words = h('ol', { class: 'topic-words', 'aria-label': "The question's weight on each word" });
  const more = h('p', { class: 'more' });
  const legend = weightLegend('the question’s weight (dashed: no part: punctuation, or no vector of its own)');
  const seedNote = h('p', { class: 'topic-seed', hidden: true });
  const example = (text, words = text) =>
    h(
      'button',
      { type: 'button', class: 'example', onclick: () => store.set({ text, inputAt: performance.now() }) },
      words,
    );
  const examples = h(
    'div',
    { class: 'topic-examples', role: 'group', 'aria-label': 'Example sentences' },
    h('span', {}, 'Try a sentence where one word gives the topic away:'),
    h(
      'span',
      { class: 'example-list' },
      TOPIC_EXAMPLES.map(({ text }) => example(text)),
    ),
    h('span', {}, 'or one with no topic:'),
    h('span', { class: 'example-list' }, example(NO_TOPIC_EXAMPLE)),
  );
  const results = h('ol', {
    class: 'results',
    'aria-label': 'The words ranked by how well their key matches the question',
  });
  const about = h('p', { class: 'about' });
  const scores = h('ul', { class: 'topic-scores', 'aria-label': 'Every topic’s probability' });
  const missing = h('p', { class: 'topic-missing', hidden: true });
  const searchCaption = h(
    'p',
    { class: 'caption' },
    h('strong', {}, 'The search behind it. '),
    'The question is the query, a vector q the layer learned; each word’s key k = tanh(x·W_K + b_K) of its GloVe ' +
      'vector x is a result title, ranked by the score q·k/√d_k. The answer blends the words’ vectors by the ' +
      'weights; one linear layer turns it into the topics’ scores.',
  );
  const body = h(
    'div',
    { class: 'topic-body' },
    h('div', { class: 'topic-main' }, words, more, legend, searchCaption),
    h('div', { class: 'topic-search' }, h('h3', {}, 'The results: the words by score'), results, about),
    h('div', { class: 'topic-classes' }, h('h3', {}, 'Every topic’s score'), scores),
    seedNote,
  );
  const root = h(
    'section',
    { class: 'topic', 'aria-label': 'What is this about?' },
    h('h2', {}, 'What is this about? ', answer, ' ', detail),
    missing,
    body,
  );

  // The panel's body (the words' bars, the ranked results, every topic's score) is drawn only
  // while a reader can see it: in a closed chapter a keystroke leaves it stale, and the chapter's
  // opening draws it (its 'toggle', before anyone else's who listens later). The answer in its
  // heading and the first screen's line are drawn always.
  let stale = true;
  const listened = new WeakSet();
  const chapters = () => {
    const list = [];
    for (let d = root.parentElement?.closest('details'); d; d = d.parentElement?.closest('details')) list.push(d);
    return list;
  };
  const shown = () => chapters().every((d) => d.open);
  function listen() {
    for (const d of chapters())
      if (!listened.has(d)) {
        listened.add(d);
        d.addEventListener('toggle', () => {
          const state = store.get();
          if (stale && shown() && state.topic && state.result) drawBody(state, ranked(state.result, state.topic));
        });
      }
  }

  // the answer's nearest words (compute/nearest-words.js), when they are of the result shown
  function drawAbout({ result, topic, topicNear, vocabulary }) {
    if (root.hidden || !topic || stale) return;
    const searched = topic.wordScores.some((s) => s !== null);
    if (!searched) setText(about, 'No word has a vector: the search finds nothing, and the answer is “not sure”.');
    else if (topicNear?.result !== result) setText(about, vocabularyNote(vocabulary));
    else setText(about, `The answer’s nearest words: ${topicNear.words.map((w) => w.word).join(', ')}.`);
  }

  // the words with a vector, by the question's weight (the search's ranking)
  const ranked = (result, topic) =>
    result.tokens
      .map((_, i) => i)
      .filter((i) => topic.wordScores[i] !== null)
      .sort((a, b) => topic.weights[b] - topic.weights[a]);

  // order: ranked(result, topic), which the heading's line has computed already
  function drawBody(state, order) {
    const { result, topic, text } = state;
    const n = result?.tokens.length ?? 0;
    if (root.hidden || !topic || n === 0) return;
    stale = false;
    const tokens = result.tokens;
    const count = Math.min(n, WORDS_SHOWN);
    syncChildren(words, count, wordCell, (li, i) => {
      const w = topic.weights[i],
        used = topic.wordScores[i] !== null;
      li.classList.toggle('unused', !used);
      // CSSOM styles: allowed under the page's CSP
      const bar = li.children[1].firstChild;
      bar.style.width = used ? percent(w) : '0';
      bar.style.background = used ? weightScale(w) : '';
      setText(li.firstChild, label(tokens[i]));
      setText(li.lastChild, used ? percent(w) : '—');
    });
    setText(more, n > count ? `… and ${n - count} more words.` : '');

    const top = order.slice(0, RESULTS_SHOWN);
    syncChildren(results, top.length, resultRow, (li, r) => {
      const i = top[r];
      setText(li.firstChild, tokens[i].text);
      setText(li.lastChild, `${fmt(topic.wordScores[i], 2)} → ${percent(topic.weights[i])}`);
    });
    // its nearest words are computed for the result a body shows, when it shows it
    // (compute/nearest-words.js: topicNearAsk); their arrival draws them (stopAbout)
    if (store.get().topicNearAsk !== result) store.set({ topicNearAsk: result });
    drawAbout(store.get());

    // every topic's probability: the best few, then "no topic"
    const classes = topic.labels.filter((l) => l !== 'none').sort((a, b) => topic.scores[b] - topic.scores[a]);
    const rows = [...classes.slice(0, SCORES_SHOWN), 'none'];
    syncChildren(scores, rows.length, scoreRow, (li, r) => {
      const l = rows[r];
      li.classList.toggle('none', l === 'none');
      li.classList.toggle('named', l === topic.label);
      setText(li.children[0], className(l));
      li.children[1].firstChild.style.width = percent(topic.scores[l]);
      setText(li.children[2], percent(topic.scores[l]));
    });

    // the seed sentence belongs to a TV series, which no WordNet topic covers
    const seed = isSeedSentence(text);
    setHidden(seedNote, !seed);
    if (seed && order.length)
      setText(
        seedNote,
        'A line from a TV series (Game of Thrones): no WordNet topic covers TV series' +
          (topic.label ? `; the closest it knows is ${topic.label}. ` : ', so it is not sure. ') +
          `Still, the question weighs “${tokens[order[0]].text}” most (${percent(topic.weights[order[0]])}): ` +
          'the word that gives the line away to anyone who knows the show.',
      );
  }

  const stop = watch(store, ['result', 'topic', 'text', 'topicModel'], (state) => {
    const { result, topic, topicModel } = state;
    const n = result?.tokens.length ?? 0;
    setHidden(root, !result || n === 0);
    setHidden(line, root.hidden || !topic);
    if (root.hidden) return;
    setHidden(missing, topic !== null);
    setHidden(body, topic === null);
    if (!topic) {
      setText(answer, '');
      setText(detail, '');
      setText(
        missing,
        topicModel === 'none'
          ? 'The topic query’s model (weights/topic.bin) is not on this site: run npm run train to make it.'
          : 'The topic query’s model is loading…',
      );
      return;
    }
    const best = topic.scores[topic.best];
    if (topic.label) {
      setText(answer, `${topic.label} (${Math.round(100 * best)}%)`);
      setText(detail, '');
    } else {
      setText(answer, 'not sure');
      const why =
        best < topic.threshold
          ? `below ${Math.round(100 * topic.threshold)}% it names no topic`
          : `“${NONE_LABEL}” is at least as likely`;
      setText(
        detail,
        `(its best guess, ${topic.best}, has ${Math.round(100 * best)}%, and “${NONE_LABEL}” ` +
          `${Math.round(100 * topic.scores.none)}%: ${why})`,
      );
    }
    answer.classList.toggle('unsure', !topic.label);

    // the search: the words ranked by weight (their scores' order)
    const tokens = result.tokens;
    const order = ranked(result, topic);
    setText(lineAnswer, topic.label ? `${topic.label} (${Math.round(100 * best)}%)` : 'not sure');
    lineAnswer.classList.toggle('unsure', !topic.label);
    const most = order.length ? `“${tokens[order[0]].text}” (${percent(topic.weights[order[0]])})` : null;
    setText(
      lineWhy,
      !most
        ? ': no word has a vector to ask.'
        : topic.label
          ? `: the question weighs ${most} most.`
          : ` (best guess ${topic.best}, ${Math.round(100 * best)}%): the question weighs ${most} most.`,
    );
    listen();
    if (shown()) drawBody(state, order);
    else stale = true;
  });
  const stopAbout = store.subscribe((state, changed) => {
    if (changed.has('topicNear') || changed.has('vocabulary')) drawAbout(state);
  });
  // the example sentences sit under the sentence box (text-mode.js places them)
  const stopExamples = watch(store, ['topic'], ({ topic }) => setHidden(examples, !topic));
  return {
    root,
    line,
    examples,
    destroy() {
      stop();
      stopAbout();
      stopExamples();
    },
  };
}
