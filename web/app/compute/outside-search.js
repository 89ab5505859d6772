// A word typed in the search box that is not in the sentence (the store's `outsideWord`, the
// search view's intent): its own vector becomes the query over the sentence's keys. The core
// computes it as cross-attention (lens.crossAnalyze, the typed word as the query text, the
// sentence as the document), with the page's options but no positional encoding: a word from
// outside has no place in the sentence, and at position 1 it would match the sentence's first
// word by position alone. The answer is the store's `outside`: { word, result, problem } or
// { word, error }, problem naming why it cannot search ('words': not one token; 'unknown': no
// vector), else null. A new sentence searches again; another query word chosen drops it. Words
// typed while one is searched coalesce; each result is disposed once it is replaced.
import { coalesce } from '../coalesce.js';

function problemOf(result) {
  if (result.tokens.length !== 1) return 'words';
  const t = result.tokens[0];
  return !t.known && !t.standIn ? 'unknown' : null;
}

export function startOutsideSearch(store) {
  const replace = (outside) => {
    const old = store.get().outside;
    store.set({ outside });
    old?.result?.dispose();
  };
  const run = coalesce(async () => {
    const { lens, outsideWord: word, result: sentence, text, document, options } = store.get();
    if (!lens || !word) return;
    let next;
    try {
      const result = await lens.crossAnalyze(word, document.trim() ? document : text, {
        ...options,
        maskedToken: -1,
        positional: false,
      });
      next = { word, result, problem: problemOf(result) };
    } catch (e) {
      next = { word, error: e.message };
    }
    const now = store.get();
    // asked again meanwhile (another word, a new sentence, or none): the next run answers it
    if (now.outsideWord !== word || now.result !== sentence) return next.result?.dispose();
    replace(next);
  });
  const stop = store.subscribe((state, changed) => {
    // another word chosen (the search view's, or a new sentence's) becomes the query
    if (changed.has('query') && state.outside) store.set({ outsideWord: null });
    else if (changed.has('outsideWord') && !state.outsideWord) replace(null);
    else if (state.outsideWord && (changed.has('outsideWord') || changed.has('result'))) run();
  });
  return () => {
    stop();
    store.get().outside?.result?.dispose(); // the element is going: nothing is drawn again
  };
}
