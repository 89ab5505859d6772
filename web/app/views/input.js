// The sentence box and its tokens: typing re-analyzes; a token chip selects the query word.
import { h, setText, syncChildren, uniqueId } from '../dom.js';
import { watch } from '../store.js';

const SHOWN = 200; // token chips shown

export function inputView(store) {
  const id = uniqueId('sentence');
  const box = h('textarea', {
    id,
    rows: 2,
    spellcheck: false,
    autocomplete: 'off',
    oninput: () => store.set({ text: box.value, inputAt: performance.now() }),
  });
  const tokens = h('ol', {
    class: 'token-list',
    'aria-label': 'Tokens (click one to make it the query)',
    onclick: (e) => {
      const button = e.target.closest('button[data-index]');
      if (button) store.set({ query: Number(button.dataset.index), queryChosen: true });
    },
  });
  const more = h('p', { class: 'more' });
  const docId = uniqueId('document');
  const documentBox = h('textarea', {
    id: docId,
    rows: 3,
    spellcheck: false,
    placeholder: 'e.g. Tyrion drinks and knows things. The Lannisters send their regards.',
    oninput: () => store.set({ document: documentBox.value, inputAt: performance.now() }),
  });
  const documentPanel = h(
    'details',
    { class: 'document' },
    h('summary', {}, 'Search a document instead (cross-attention)'),
    h(
      'p',
      { class: 'hint' },
      'With a document, the queries come from your sentence and the keys and values from the document: ' +
        'the search results are the document’s words. There is no mask here: a causal mask says which words come ' +
        'before a word of the same text, and “itself” is a word of the same text; the document’s words are all ' +
        'another text’s, so every query may look at every one of them.',
    ),
    h('label', { for: docId }, 'Document'),
    documentBox,
  );
  const root = h(
    'section',
    { class: 'input' },
    h('label', { for: id }, 'Your sentence'),
    box,
    documentPanel,
    h('h2', { class: 'tokens-title' }, 'Tokens'),
    tokens,
    more,
  );

  const stopText = watch(store, ['text', 'document'], ({ text, document }) => {
    if (box.value !== text) box.value = text;
    if (documentBox.value !== document) documentBox.value = document;
    if (document) documentPanel.open = true;
  });
  const stopTokens = watch(store, ['result', 'query'], ({ result, query }) => {
    const list = result?.tokens ?? [];
    syncChildren(
      tokens,
      Math.min(list.length, SHOWN),
      () => h('li', {}, h('button', { type: 'button' })),
      (li, i) => {
        const t = list[i],
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
    setText(more, list.length > SHOWN ? `… and ${list.length - SHOWN} more tokens` : '');
  });
  return {
    root,
    focus: () => box.focus(),
    destroy: () => {
      stopText();
      stopTokens();
    },
  };
}
