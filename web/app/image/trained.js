// The image options that trained weights bring with them (the page's own training's or the
// preset's): the heads, patch size and positional switch they were trained with, since weights
// learnt on content alone mean little on content plus position; shown as the mean of their heads.
export const trainedImageOptions = ({ heads, patch, positional }) => ({
  weights: 'trained',
  heads,
  patch,
  ...(typeof positional === 'boolean' && { positional }),
  blendHead: -1,
});
