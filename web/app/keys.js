// The keys' tokens: the same text's in self-attention, the document's in cross-attention.
export const keyTokens = (result) => (result.cross ? result.documentTokens : result.tokens);
