// The package the pictures come from (sources.mjs): downloaded with apt-get, not installed, and
// only the files needed taken out of the .deb; and the licence check against its _fetchers.py.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR, PACKAGE } from './sources.mjs';

// The newest .deb of the package in cacheDir, or null.
export function findDeb(cacheDir) {
  if (!existsSync(cacheDir)) return null;
  const debs = readdirSync(cacheDir).filter((f) => f.startsWith(`${PACKAGE}_`) && f.endsWith('.deb'));
  return debs.length ? join(cacheDir, debs.sort().at(-1)) : null;
}

export function download(cacheDir) {
  mkdirSync(cacheDir, { recursive: true });
  const run = () =>
    execFileSync('apt-get', ['download', PACKAGE], { cwd: cacheDir, stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    run();
  } catch (e) {
    if (process.getuid?.() !== 0)
      throw new Error(`apt-get download ${PACKAGE} failed (${String(e.stderr).trim()}); run "apt-get update" first`);
    console.log('images: apt-get download failed; running apt-get update once');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    run();
  }
  const deb = findDeb(cacheDir);
  if (!deb) throw new Error(`apt-get download ${PACKAGE} left no .deb in ${cacheDir}`);
  return deb;
}

// Takes only the files of the data folder named out of the .deb (dpkg-deb's data archive
// through tar) into `into`; returns the data folder there.
export function extract(deb, into, files) {
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into, { recursive: true });
  const paths = files.map((f) => `./${DATA_DIR}/${f}`);
  const tar = execFileSync('dpkg-deb', ['--fsys-tarfile', deb], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', into, ...paths], { input: tar });
  return join(into, DATA_DIR);
}

// Whether the docstring of the function that loads `file` in _fetchers.py contains `grant`
// (whitespace runs compared as one space).
export function grantsFor(fetchers, file, grant) {
  const load = fetchers.search(new RegExp(`["']data/${file.replace('.', '\\.')}["']`));
  if (load < 0) return false;
  const def = fetchers.lastIndexOf('\ndef ', load);
  const squash = (t) => t.replace(/\s+/g, ' ');
  return squash(fetchers.slice(def, load)).includes(squash(grant));
}
