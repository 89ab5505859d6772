// The attention forward in double precision with plain loops (forward.mjs): every peer's output is
// checked against it.
import { plainForward } from './forward.mjs';

export const referenceForward = (input) => plainForward(input, Float64Array);
