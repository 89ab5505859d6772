// The explanations' bodies the first screen never draws (every chapter is closed until a reader,
// a link or the tour opens it): a part of its own (web/app/parts.js), loaded the first time one
// is opened, or the tour is started (its steps and questions); and the filter's export.
export { exportFilter } from '../export.js';
export { trainView } from '../views/train.js';
export { encoderDecoderView } from './encoder-decoder.js';
export { headsLearnedView } from './heads-learned.js';
export { positionalView } from './positional.js';
export { recurrentView } from './recurrent.js';
export { scalingView } from './scaling.js';
export { similarityView } from './similarity.js';
export { traceView } from './trace.js';
export { STEPS as TOUR_STEPS } from './tour-steps.js';
export { whatIfView } from './whatif.js';
