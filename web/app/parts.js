// Code the first screen does not run, asked for when first needed: the picture mode's views
// (image/mode.js) and the explanations closed at first (explain/bodies.js). In the element's
// classic script (dist/attention-lens-element.js) each part is a script of its own beside it,
// which parts-script.js loads (scripts/build-page.mjs puts it in this module's place); in the ES
// module for bundlers, and in Node, it is a dynamic import.
export const loadImagePart = () => import('./image/mode.js');
export const loadExplainPart = () => import('./explain/bodies.js');
