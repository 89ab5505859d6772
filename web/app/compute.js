// The compute layer of the text mode, the only part of the page that calls the lens: the views
// read the store and put their intents in it, and what they ask for is computed here, the
// result going back into the store. This module runs the analysis whenever the text or an
// option changes (keystrokes arriving while an analysis runs coalesce: only the latest text is
// analyzed next), and starts the rest (compute/): the search with a word from outside the
// sentence, the nearest words, the explanations' analyses, the training run, and the shared
// load's progress.
import { coalesce } from './coalesce.js';
import { startExplanations } from './compute/explanations.js';
import { startNearestWords } from './compute/nearest-words.js';
import { startOutsideSearch } from './compute/outside-search.js';
import { startTextTraining } from './compute/training.js';
import { loadTopicModel, loadTrainedWeights, loadVocabulary, onLoadProgress } from './engine.js';
import { PAGE_MAX_CHARS } from './limits.js';
import { firstQuery } from '../lib/seed.js';
import { watch } from './store.js';

const LONG_TEXT = 20000; // characters

// A task after the next frame (or, in a page that draws no frames, as a hidden one, soon).
function afterLayout() {
  return new Promise((resolve) => {
    const hidden = setTimeout(resolve, 100);
    requestAnimationFrame(() => {
      clearTimeout(hidden);
      setTimeout(resolve, 0);
    });
  });
}
const INPUTS = ['text', 'document', 'options', 'lens', 'trainedPreset', 'topicModel'];

// The query word: the one the user chose (kept in range), else the seed's ("pays") in the seed
// sentence, else the first word with a vector.
function pickQuery(result, text, query, chosen) {
  const n = result?.tokens.length ?? 0;
  if (n === 0) return 0;
  if (chosen) return Math.min(query, n - 1);
  return firstQuery(result, text);
}

// The focused cell (the arithmetic panel and the readout explain it): the one the user chose,
// else the query word's row at the other real word it attends to most, so that every panel
// starts on the same real pair of words.
function pickFocus(result, query, head, focus, chosen) {
  const n = result?.tokens.length ?? 0,
    keys = result?.cross ? result.documentTokens : result?.tokens;
  if (!n || !keys?.length) return focus;
  if (chosen) return { i: Math.min(focus.i, n - 1), j: Math.min(focus.j, keys.length - 1) };
  const row = result.view('weights', head).data.subarray(query * keys.length, (query + 1) * keys.length);
  let best = -1;
  for (let j = 0; j < keys.length; j++)
    if ((result.cross || j !== query) && keys[j].known && (best < 0 || row[j] > row[best])) best = j;
  return { i: query, j: best < 0 ? Math.min(query, keys.length - 1) : best };
}

// Starts the text mode's compute layer for one element's store; returns the function that stops it.
export function startCompute(store) {
  const stops = [
    onLoadProgress((loadProgress) => store.set({ loadProgress })),
    startAnalysis(store),
    startOutsideSearch(store),
    startNearestWords(store),
    startExplanations(store),
    startTextTraining(store),
  ];
  return () => stops.forEach((stop) => stop());
}

function startAnalysis(store) {
  let stopVocabulary = null;
  let waitNext = false; // the next analysis waits for its files (after a fetch that brought none)
  const run = coalesce(async () => {
    const { lens, text, options, document, trainedPreset, trainedSource } = store.get();
    const analyzed = { text, options, document, topicModel: store.get().topicModel };
    // the trained preset's weights come the first time it is chosen (unless the page's own
    // training gave the lens its trained weights)
    if (options.weights === 'trained' && trainedPreset && !trainedSource)
      await loadTrainedWeights(lens, trainedPreset).catch(() => {});
    const startedAt = performance.now();
    let result = null,
      error = null;
    try {
      const head = (s) => s.slice(0, PAGE_MAX_CHARS); // keeps a 1 MB paste quick
      // once something is on screen, a word whose file is on its way never holds the frame of the
      // words already known: drawn now, filled in when the file comes (pending)
      const how = { wait: !store.get().result || waitNext };
      waitNext = false;
      result = document.trim()
        ? await lens.crossAnalyze(head(text), head(document), { ...options, maskedToken: -1 }, how) // "what if" hides a word of one text
        : await lens.analyze(head(text), options, how);
    } catch (e) {
      error = e.message;
    }
    const { result: old, query, queryChosen, head, focus, focusChosen } = store.get();
    const q = pickQuery(result, text, query, queryChosen),
      h = Math.min(head, (result?.heads ?? 1) - 1);
    store.set({
      result,
      topic: result?.topic() ?? null, // the topic query's answer (the core's), for its views
      error,
      analyzed,
      computeMs: performance.now() - startedAt,
      query: q,
      head: h,
      focus: pickFocus(result, q, h, focus, focusChosen),
    });
    old?.dispose();
    // the missing words' files have come: the same text again, with their vectors (where none
    // could come, once more waiting for them: its last round analyses as it is, and says why)
    const again = (came) => {
      if (store.get().result !== result) return; // a later text is on its way already
      waitNext = !came;
      run();
    };
    result?.pending?.then(again, () => again(false));
    // the whole vocabulary (nearest words) once the first attention is shown
    // (where a view shown decodes answers to words: not for view="filter")
    if (result && !stopVocabulary && store.get().decodes)
      stopVocabulary = loadVocabulary(lens, (vocabulary) => store.set({ vocabulary }));
  });

  // a new query word (or head) moves an unchosen focus to its row
  const stopFocus = watch(store, ['query', 'head'], ({ result, query, head, focus, focusChosen }) => {
    if (result && !focusChosen) store.set({ focus: pickFocus(result, query, head, focus, false) });
  });
  let topicAsked = false;
  const stopRun = watch(store, INPUTS, async (state) => {
    if (!state.lens) return;
    // the topic model comes after the module; its arrival analyses the text again
    if (!topicAsked && state.topicModel !== 'unused') {
      topicAsked = true;
      loadTopicModel(state.lens).then(
        (ready) => store.set({ topicModel: ready ? 'ready' : 'none' }),
        (e) => {
          console.warn('the topic model did not load:', e); // a damaged file: the panel says it is missing
          store.set({ topicModel: 'none' });
        },
      );
    }
    // a long paste is analyzed in a task of its own after the frame that lays the paste out:
    // the browser's layout of the text (WebKit: ~0.6 s for 1 MB, a bare textarea's too) and the
    // analysis are two holds of the main thread, not one (a task queued before the frame,
    // WebKit runs with the frame's layout in one stretch). Short texts go at once, so that their
    // repaint makes the next frame.
    if (state.text.length > LONG_TEXT) await afterLayout();
    run();
  });
  return () => {
    stopFocus();
    stopRun();
    stopVocabulary?.();
  };
}
