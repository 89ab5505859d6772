// A step of the word space with its one-click before/after on the reader's sentence: the attention
// filter (the current head) with the options as they are beside the filter with the step undone
// (one option flipped), and where the query word looks most in each. The flipped analysis is the
// core's, asked for through the store (compute/explanations.js) only while the comparison is open
// and its step on screen. Which steps have one, and what undoes each: ../step-compares.js.
import { smallMatrix } from '../explain/diff.js';
import { h, setHidden, setText, uniqueId } from '../dom.js';
import { fmt } from '../format.js';
import { watch } from '../store.js';

// where query i looks most: “debts” (24%)
function strongest(tokens, weights, i) {
  let best = -1;
  for (let j = 0; j < weights.cols; j++)
    if (best < 0 || weights.data[i * weights.cols + j] > weights.data[i * weights.cols + best]) best = j;
  return best < 0 ? 'nowhere' : `“${tokens[best].text}” (${fmt(100 * weights.data[i * weights.cols + best], 1)}%)`;
}

export function stepCompare(store, spec) {
  const askKey = `${spec.name}Ask`,
    answerKey = `${spec.name}Answer`;
  const bodyId = uniqueId('compare');
  const button = h('button', {
    type: 'button',
    class: 'compare-toggle',
    'aria-expanded': 'false',
    'aria-controls': bodyId,
  });
  const figures = h('div', { class: 'matrix-row' });
  const said = h('p', { class: 'compare-said', 'aria-live': 'polite' });
  const body = h('div', { class: 'compare-body', id: bodyId, hidden: true }, figures, said);
  const root = h('div', { class: 'step-compare', 'data-option': spec.option }, button, body);
  let visible = false;
  // the other side: the step undone, or (when the reader's options undid it) the step done
  const other = (options) => (options[spec.option] === spec.without ? spec.with : spec.without);
  const open = () => button.getAttribute('aria-expanded') === 'true';
  function label(options) {
    setText(button, `Before / after: your sentence with ${spec.said(other(options))}`);
  }

  function ask(state) {
    const { result, text, options, head } = state;
    if (!result || !text) return;
    label(result.options);
    if (!open() || !visible) return store.set({ [askKey]: null });
    // the same text, options and head, the one option flipped
    const flipped = { ...options, [spec.option]: other(result.options) };
    const prior = state[askKey];
    if (prior && prior.text === text && prior.head === head && sameOptions(prior.options, flipped)) return;
    store.set({ [askKey]: { text, options: flipped, head } });
  }

  function draw(state) {
    const answer = state[answerKey],
      { result, head, query } = state;
    if (!open() || !answer || answer.ask !== state[askKey] || !result) return;
    if (answer.error) return setText(said, `The comparison did not run: ${answer.error}`);
    const now = result.step('weights', Math.min(head, result.heads - 1));
    if (now.rows !== answer.weights.rows) return; // the text changed since: the next answer follows
    const i = Math.min(query ?? 0, now.rows - 1);
    const nowName = spec.said(result.options[spec.option]),
      thenName = spec.said(answer.ask.options[spec.option]);
    figures.replaceChildren(smallMatrix(`now: ${nowName}`, now), smallMatrix(thenName, answer.weights));
    setText(
      said,
      `“${result.tokens[i].text}” looks most at ${strongest(result.tokens, now, i)} now; ` +
        `with ${thenName}, at ${strongest(answer.tokens, answer.weights, i)}.`,
    );
  }

  button.addEventListener('click', () => {
    button.setAttribute('aria-expanded', String(!open()));
    setHidden(body, !open());
    ask(store.get());
    draw(store.get());
  });
  const stop = watch(store, [answerKey, 'query'], draw);
  return {
    root,
    // called by the pipeline when the stage's state or visibility changes
    render(state, shown) {
      visible = shown;
      ask(state);
    },
    destroy: stop,
  };
}

const sameOptions = (a, b) => Object.keys(b).every((k) => Object.is(a[k], b[k]));
