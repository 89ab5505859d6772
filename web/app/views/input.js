// The sentence box (typing re-analyzes), and the document box for cross-attention, which the
// text mode puts under "More options". The tokens are chips in the step by step (tokens.js).
import { h, uniqueId } from '../dom.js';
import { watch } from '../store.js';

export function inputView(store) {
  const id = uniqueId('sentence');
  const box = h('textarea', {
    id,
    rows: 2,
    spellcheck: false,
    autocomplete: 'off',
    oninput: () => store.set({ text: box.value, inputAt: performance.now() }),
  });
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
  const root = h('section', { class: 'input', part: 'sentence' }, h('label', { for: id }, 'Your sentence'), box);

  const stop = watch(store, ['text', 'document'], ({ text, document }) => {
    if (box.value !== text) box.value = text;
    if (documentBox.value !== document) documentBox.value = document;
    if (document) {
      documentPanel.open = true;
      documentPanel.closest('details.more-options')?.setAttribute('open', '');
    }
  });
  return { root, documentPanel, focus: () => box.focus(), destroy: stop };
}
