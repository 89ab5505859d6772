// The page's seed, which the element and the snippet command share. The sentence the page opens with, from the article: "A Lannister always pays his debts".
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

// The query an element starts on, until the reader chooses one: the seed's ("pays") in the seed
// sentence, else the first word with a vector, else the first token (result: the API's).
export function firstQuery(result, text) {
  const n = result?.tokens.length ?? 0;
  if (n === 0) return 0;
  const seed = isSeedSentence(text) ? result.tokens.findIndex((t) => t.text.toLowerCase() === SEED_QUERY) : -1;
  return seed >= 0
    ? seed
    : Math.max(
        0,
        result.tokens.findIndex((t) => t.known),
      );
}
