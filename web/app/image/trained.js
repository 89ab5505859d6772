// The image options that trained weights bring with them (the page's own training's or the
// preset's): the heads, patch size, positional switch, similarity, mask and temperature they were
// trained with, since weights learnt under one comparison mean little under another (and weights
// learnt on content alone little on content plus position); shown as the mean of their heads.
const BROUGHT = ['positional', 'similarity', 'mask', 'temperature'];

export const trainedImageOptions = (source) => ({
  weights: 'trained',
  heads: source.heads,
  patch: source.patch,
  ...Object.fromEntries(BROUGHT.filter((name) => source[name] !== undefined).map((name) => [name, source[name]])),
  blendHead: -1,
});
