// The tokens as chips, in the step by step's first stage: each chip a button that makes its word
// the query; a stand-in shows whose vector it takes ("A = an"), a word with no vector is greyed.
import { h, setText, syncChildren } from '../dom.js';
import { watch } from '../store.js';

const SHOWN = 200; // chips shown; a longer text says how many more

export function tokenChipsView(store) {
  const list = h('ol', {
    class: 'token-list',
    'aria-label': 'Tokens (click one to make it the query)',
    onclick: (e) => {
      const button = e.target.closest('button[data-index]');
      if (button) store.set({ query: Number(button.dataset.index), queryChosen: true });
    },
  });
  const more = h('p', { class: 'more' });
  const stop = watch(store, ['result', 'query'], ({ result, query }) => {
    const tokens = result?.tokens ?? [];
    syncChildren(
      list,
      Math.min(tokens.length, SHOWN),
      () => h('li', {}, h('button', { type: 'button' })),
      (li, i) => {
        const t = tokens[i],
          button = li.firstChild;
        // a stand-in shows, on the chip itself, whose vector the word takes: "I = me"
        if (t.standIn) button.replaceChildren(t.text, h('small', { class: 'stand-in-word' }, ` = ${t.standIn}`));
        else setText(button, t.text);
        const kind = t.known ? '' : t.standIn ? ' stand-in' : ' unknown';
        button.className = `token${kind}${i === query ? ' selected' : ''}`;
        button.dataset.index = String(i);
        button.setAttribute('aria-pressed', i === query ? 'true' : 'false');
        button.title = t.known
          ? `GloVe word #${t.rank + 1}`
          : t.standIn
            ? `no GloVe vector of its own: it takes the vector of “${t.standIn}”`
            : 'no GloVe vector: its embedding is zero';
      },
    );
    setText(more, tokens.length > SHOWN ? `… and ${tokens.length - SHOWN} more tokens` : '');
  });
  return { root: h('div', { class: 'tokens' }, list, more), destroy: stop };
}
