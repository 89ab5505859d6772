// parts.js in the element's classic script (scripts/build-page.mjs puts this module in its
// place): each part is a classic script of its own beside this one (dist/attention-lens-<name>.js),
// loaded once, when first asked for. A part is bundled without the modules that hold the page's
// state (the engine: the lens, where the files are, the presets loaded; the training worker; the
// ids made for the views; the canvases' reused pixels; the one element kept at the window's top):
// it reads this script's, which are handed to it here (globalThis.__attentionLensShared).
import * as training from './compute/training.js';
import * as dom from './dom.js';
import * as draw from './draw.js';
import * as engine from './engine.js';
import * as keep from './explain/keep-at-top.js';

const parts = new Map(); // name -> Promise of its exports

function loadPart(name) {
  if (!parts.has(name)) {
    globalThis.__attentionLensShared ??= { engine, training, dom, draw, keep }; // SHARED in scripts/build-page.mjs
    const src = new URL(`attention-lens-${name}.js`, engine.scriptBase ?? globalThis.location.href).href;
    const loading = engine.loadScript(src).then(() => {
      const part = globalThis[`__attentionLens_${name}`];
      if (!part) throw new Error(`${src} did not define the ${name} part`);
      return part;
    });
    loading.catch(() => parts.delete(name)); // asked again, it tries again
    parts.set(name, loading);
  }
  return parts.get(name);
}

export const loadImagePart = () => loadPart('image');
export const loadExplainPart = () => loadPart('explain');
