// The sentence the page opens with, from the article: "A Lannister always pays his debts".
export const SEED_SENTENCE = 'A Lannister always pays his debts';
// Its query word until the reader chooses one: "pays", whose search finds "debts" (the article's point).
export const SEED_QUERY = 'pays';
// A paragraph that ends on the seed sentence: long enough that a recurrent network's reach to its
// first words fades, where attention's does not (the tour's "why attention?").
export const SEED_PARAGRAPH =
  'Tyrion Lannister, the youngest son of Lord Tywin, was never loved by his father, and the whole court knew ' +
  'it. He drank too much, talked too much and trusted almost no one. Yet when the sellsword Bronn fought for him ' +
  'and won, Tyrion kept his word and paid him in gold, because, as he liked to remind everyone, a Lannister ' +
  'always pays his debts.';

// Whether text is the seed sentence (any case, spacing or final punctuation).
export function isSeedSentence(text) {
  const plain = (s) =>
    s
      .toLowerCase()
      .replace(/[\s.!?,;:]+/g, ' ')
      .trim();
  return plain(text) === plain(SEED_SENTENCE);
}
