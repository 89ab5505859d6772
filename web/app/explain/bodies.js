// The explanations' bodies the first screen never draws (closed until a reader, a link or the
// tour opens them): a part of its own (web/app/parts.js), loaded the first time one is opened.
// The two open from the start (the arithmetic of one weight, positional encoding) stay in the
// element's script: they are drawn as soon as the first result is shown.
export { trainView } from '../views/train.js';
export { encoderDecoderView } from './encoder-decoder.js';
export { headsLearnedView } from './heads-learned.js';
export { recurrentView } from './recurrent.js';
export { scalingView } from './scaling.js';
export { similarityView } from './similarity.js';
export { whatIfView } from './whatif.js';
