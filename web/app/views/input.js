// The sentence box and its tokens: typing re-analyzes; a token chip selects the query word.
import { clear, h, uniqueId } from '../dom.js';
import { watch } from '../store.js';

export function inputView(store) {
  const id = uniqueId('sentence');
  const box = h('textarea', { id, rows: 2, spellcheck: false, autocomplete: 'off',
    oninput: () => store.set({ text: box.value, inputAt: performance.now() }) });
  const tokens = h('ol', { class: 'token-list', 'aria-label': 'Tokens (click one to make it the query)' });
  const root = h('section', { class: 'input' },
    h('label', { for: id }, 'Your sentence'), box,
    h('h3', {}, '1. Tokens'), tokens);

  const stopText = watch(store, ['text'], ({ text }) => {
    if (box.value !== text) box.value = text;
  });
  const stopTokens = watch(store, ['result', 'query'], ({ result, query }) => {
    clear(tokens);
    if (!result) return;
    result.tokens.slice(0, 200).forEach((t, i) => {
      tokens.append(h('li', {},
        h('button', { type: 'button', class: `token${t.known ? '' : ' unknown'}${i === query ? ' selected' : ''}`,
          'aria-pressed': i === query ? 'true' : 'false',
          title: t.known ? `GloVe word #${t.rank + 1}` : 'no GloVe vector: its embedding is zero',
          onclick: () => store.set({ query: i }) }, t.text)));
    });
    if (result.tokens.length > 200) tokens.append(h('li', { class: 'more' }, `and ${result.tokens.length - 200} more`));
  });
  return { root, focus: () => box.focus(), destroy: () => { stopText(); stopTokens(); } };
}
