// Loading progress, errors and notes about the input, in words.
import { h, setHidden, setText, syncChildren } from '../dom.js';
import { fmtInt } from '../format.js';
import { PAGE_MAX_CHARS } from '../limits.js';
import { watch } from '../store.js';

const PHASES = { wasm: 'Loading the WebAssembly module', embeddings: 'Loading the GloVe word vectors' };

export function statusView(store) {
  const bar = h('progress', { max: 1, value: 0, 'aria-label': 'Loading' });
  const loadText = h('span');
  const loading = h('div', { class: 'loading' }, bar, loadText); // the bar first: the words' changing length never moves it
  const error = h('div', { class: 'error', role: 'alert' });
  const notes = h('ul', { class: 'notes', 'aria-live': 'polite' });
  const root = h('div', { class: 'status' }, loading, error, notes);

  // the shared load's progress (compute.js puts it in the store): { phase, loaded, total }
  const stopProgress = watch(store, ['loadProgress'], ({ loadProgress }) => {
    if (!loadProgress) return;
    const { phase, loaded, total } = loadProgress;
    loading.hidden = phase === 'ready';
    if (phase === 'ready') return;
    bar.value = total ? Math.min(1, loaded / total) : 0;
    loadText.textContent = `${PHASES[phase]}… ${total > 1 ? `${(loaded / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB` : ''}`;
  });

  const stop = watch(
    store,
    ['result', 'error', 'loadError', 'text', 'mode', 'vocabulary'],
    ({ result, error: computeError, loadError, text, mode, vocabulary }) => {
      const message = loadError ?? (mode === 'text' ? computeError : null); // the image mode shows its own
      setHidden(error, !message);
      setText(error, message ? `Something went wrong: ${message}` : '');
      if (loadError) loading.hidden = true;
      // notes about the sentence, rewritten only where they change (most keystrokes change none)
      const shown = [];
      const add = (text, cls = '') => shown.push({ text, cls });
      const update = () =>
        syncChildren(
          notes,
          shown.length,
          () => h('li'),
          (li, i) => {
            setText(li, shown[i].text);
            if (li.className !== shown[i].cls) li.className = shown[i].cls;
          },
        );
      if (!result || mode !== 'text') return update();
      if (result.tokens.length === 0)
        add(
          text.trim() === ''
            ? 'Type a sentence in the “Your sentence” box to see attention at work, for example “A Lannister always pays his debts”.'
            : 'There are no words in this text: only spaces or invisible characters.',
          'prompt',
        );
      if (text.length > PAGE_MAX_CHARS)
        add(
          `This text is long (${fmtInt(text.length)} characters, all kept in the box): the first ${fmtInt(result.tokens.length)} tokens are shown.`,
        );
      else if (result.truncated)
        add(`This text has ${fmtInt(result.totalTokens)} tokens; the first ${fmtInt(result.tokens.length)} are shown.`);
      const standIns = [...new Map(result.tokens.filter((t) => t.standIn).map((t) => [t.text, t.standIn]))];
      if (standIns.length)
        add(
          `The word vectors keep no one-letter or one-digit words, so ${standIns
            .map(([word, standIn]) => `“${word}” takes the vector of “${standIn}”`)
            .join(', ')} (the step by step’s tokens show it).`,
        );
      const unknown = result.tokens.filter((t) => !t.known && !t.standIn);
      if (result.pending && unknown.length)
        add('Looking up the vectors of the words just typed: they fill in as their files arrive.', 'loading-words');
      else if (unknown.length)
        add(
          `${
            unknown.length === 1
              ? 'One token has no GloVe vector (marked with a dashed outline), so its embedding is'
              : `${unknown.length} tokens have no GloVe vector (marked with a dashed outline), so their embeddings are`
          } zero: for example other single letters, numbers, contractions such as “don’t”, and words outside English.`,
        );
      for (const w of result.warnings) add(w, 'warning');
      if (vocabulary?.error)
        add(`The whole vocabulary did not load, so no nearest words are shown: ${vocabulary.error}`, 'warning');
      update();
    },
  );
  return {
    root,
    destroy: () => {
      stop();
      stopProgress();
    },
  };
}
