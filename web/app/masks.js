// What each mask hides, in words (the masks themselves are the core's: result.masked(i, j) in
// web/lib; the filter draws the masked cells grey, draw.js).
export const MASK_NOTES = {
  causal:
    'Causal mask: a decoder may only look back, so each word attends to itself and the words before it. ' +
    'The grey cells above the diagonal are masked: their weight is exactly 0, and each row’s softmax is taken over ' +
    'the visible keys only.',
  self: 'Self mask: each word attends to every word but itself. The grey diagonal is masked: weight exactly 0.',
};

// Why one masked cell has weight 0.
export const MASK_REASONS = { causal: 'after the query: a word may not look ahead', self: 'the query itself' };

export const MASK_LABELS = {
  none: 'none',
  causal: 'causal: only earlier words (a decoder)',
  self: 'self: every word but itself',
};
