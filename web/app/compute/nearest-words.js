// What an answer is about, as the vocabulary's nearest words (lens.nearestWords, once the whole
// vocabulary is in; until then null, and the views say what is still loading): the search's
// answer (`searchNear`: the query word's, or the outside word's), the topic query's answer
// (`topicNear`, once the topic panel's body asks for its result: `topicNearAsk`, so not while its
// chapter is closed) and the encoder-decoder's chosen output word's (`encoderDecoderNear`). Each
// names what it was computed for, so that a view draws only the words of what it shows.
import { keyTokens } from '../keys.js';
import { watch } from '../store.js';

const ready = (lens) => Boolean(lens?.vocabularyReady);

// the answer the search panel shows: the outside word's (it is the only query), else the
// query word's; none where the panel shows no search
function searchAnswer({ result, query, outside }) {
  const n = result?.tokens.length ?? 0;
  if (n === 0 || keyTokens(result).length === 0) return null;
  if (outside) return outside.result && !outside.problem ? { result: outside.result, query: 0 } : null;
  return { result, query: Math.min(query, n - 1) };
}

export function startNearestWords(store) {
  const stops = [
    watch(store, ['lens', 'vocabulary', 'result', 'query', 'outside'], (state) => {
      const answer = searchAnswer(state);
      const near =
        answer &&
        ready(state.lens) &&
        state.lens.nearestWords(
          answer.result.answerMeaning(answer.query),
          5,
          answer.result.options.sharedDirection, // the word space the layer took the words in
        );
      store.set({ searchNear: near ? { ...answer, words: near } : null });
    }),
    watch(store, ['lens', 'vocabulary', 'result', 'topicNearAsk'], ({ lens, result, topicNearAsk }) => {
      // the panel's body does not show this result: nothing to compute, nothing kept
      if (topicNearAsk !== result) return store.get().topicNear && store.set({ topicNear: null });
      const topic = result?.topic() ?? null;
      const searched = topic?.wordScores.some((s) => s !== null); // a word took part
      // the topic query reads the words without the shared direction, whatever the layer's option
      store.set({
        topicNear: searched && ready(lens) ? { result, words: lens.nearestWords(topic.answer, 4, 'removed') } : null,
      });
    }),
    watch(store, ['lens', 'vocabulary', 'encoderDecoderAnswer', 'encoderDecoderRow'], (state) => {
      const { lens, encoderDecoderAnswer: answer, encoderDecoderRow: row } = state;
      const context = answer?.context;
      if (!context || !ready(lens) || !(row < context.rows)) return store.set({ encoderDecoderNear: null });
      const words = lens.nearestWords(
        context.data.slice(row * context.cols, (row + 1) * context.cols),
        5,
        answer.sharedDirection,
      );
      store.set({ encoderDecoderNear: { answer, row, words } });
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
