// What the search panel says of a word from outside the sentence (compute/outside-search.js
// searches with it): why it cannot be searched with, or null when it can (one word with a vector).
export function outsideProblem({ word, result, problem, error }) {
  if (error) return error;
  if (problem === 'words') return `Type one word: “${word}” is ${result.tokens.length} tokens.`;
  if (problem === 'unknown')
    return `“${word}” is not a word of this sentence, and the word vectors have no “${word}” either: there is nothing to search with.`;
  return null;
}
