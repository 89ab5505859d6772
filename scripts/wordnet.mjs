// WordNet 3.0 as Debian's wordnet-base package installs it, for the scripts that build data from
// it (build-corpus.mjs, build-topics.mjs): where its data files are (WORDNET_DIR overrides
// /usr/share/wordnet), the package's version, the check that the files are there, and whether a
// script's outputs are up to date (its manifest names the same script, version and folder).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const sourceDir = process.env.WORDNET_DIR ?? '/usr/share/wordnet';

// The installed package's version, or null.
export function packageVersion() {
  try {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own ${Version} format, not a template
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', 'wordnet-base'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

// Exits (1) saying which of the files are missing and what to install, unless all are there.
export function requireFiles(tag, files) {
  const missing = files.filter((f) => !existsSync(join(sourceDir, f)));
  if (!missing.length) return;
  console.error(
    `${tag}: ${missing.join(', ')} not found in ${sourceDir}: ` +
      "install Debian's wordnet-base (apt-get install -y --no-install-recommends wordnet-base)",
  );
  process.exit(1);
}

// The SHA-256 of a script's text (scriptUrl: its import.meta.url), which its manifest keeps.
export const hashScript = (scriptUrl) =>
  createHash('sha256')
    .update(readFileSync(fileURLToPath(scriptUrl)))
    .digest('hex');

// Whether the outputs exist and the manifest says they were made by the same script from the
// same package version and folder.
export function upToDate(manifestPath, outputs, hash, version) {
  if (!existsSync(manifestPath) || !outputs.every((f) => existsSync(f))) return false;
  const old = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return old.scriptHash === hash && old.source?.version === version && old.source?.dir === sourceDir;
}
