// The sentence the page opens with, from the article: "A Lannister always pays his debts".
export const SEED_SENTENCE = 'A Lannister always pays his debts';
// Its query word until the reader chooses one: "pays", whose search finds "debts" (the article's point).
export const SEED_QUERY = 'pays';

// Whether text is the seed sentence (any case, spacing or final punctuation).
export function isSeedSentence(text) {
  const plain = (s) =>
    s
      .toLowerCase()
      .replace(/[\s.!?,;:]+/g, ' ')
      .trim();
  return plain(text) === plain(SEED_SENTENCE);
}
