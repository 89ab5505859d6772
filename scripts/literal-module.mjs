// A module of pure data, as a module of literals: its exports evaluated now (in Node) and written
// out as JSON, so that a bundle holds the data and not the code (or the packages) that made it.
// scripts/build-page.mjs builds web/app/palettes.js so; tests/js/literal-module.test.mjs.
import { pathToFileURL } from 'node:url';

export async function literalModule(path) {
  const exports = await import(pathToFileURL(path).href);
  return Object.entries(exports)
    .map(([name, value]) => {
      const json = JSON.stringify(value);
      if (json === undefined || JSON.stringify(JSON.parse(json)) !== json || typeof value === 'function')
        throw new Error(`${path}: export ${name} is not plain data (JSON), so it cannot be built in`);
      return `export const ${name} = ${json};\n`;
    })
    .join('');
}
