// Where a page says the package's files are, when not beside the script: <meta
// name="attention-lens-base-url" content="…">; read by the first script (boot.js, which then
// leaves the preloads to the element) and by the engine (engine.js, which loads from there).
export const BASE_URL_META = 'meta[name="attention-lens-base-url"]';
