// A word typed in the search box that is not in the sentence: its own vector becomes the query
// over the sentence's keys. The core computes it as cross-attention (lens.crossAnalyze, the
// typed word as the query text, the sentence as the document), with the page's options but no
// positional encoding: a word from outside has no place in the sentence, and at position 1 it
// would match the sentence's first word by position alone. Latest call wins; each result is
// disposed once it is replaced.
export function outsideSearch(onResult) {
  let token = 0,
    current = null; // { word, result } or { word, error }

  function drop() {
    token++;
    current?.result?.dispose();
    current = null;
  }

  async function search(word, { lens, text, document, options }) {
    const mine = ++token;
    let next;
    try {
      const result = await lens.crossAnalyze(word, document.trim() ? document : text, {
        ...options,
        maskedToken: -1,
        positional: false,
      });
      next = { word, result };
    } catch (e) {
      next = { word, error: e.message };
    }
    if (mine !== token) {
      next.result?.dispose();
      return;
    }
    current?.result?.dispose();
    current = next;
    onResult(current);
  }

  return { search, drop, get: () => current };
}

// Why a typed word cannot be searched with, or null when it can: one word with a vector.
export function outsideProblem(word, result) {
  if (result.tokens.length !== 1) return `Type one word: “${word}” is ${result.tokens.length} tokens.`;
  const t = result.tokens[0];
  if (!t.known && !t.standIn)
    return `“${word}” is not a word of this sentence, and the word vectors have no “${word}” either: there is nothing to search with.`;
  return null;
}
