#!/usr/bin/env node
// The image mode's built-in photos: dist/images/<name>.jpg (the 224 × 224 view, at most 40 kB)
// and dist/images/index.json (name, file, title, source, licence). And the pictures the image layer
// is trained on (not shipped): build/train-images/<name>.ppm or .pgm (the whole picture, binary
// Netpbm, read by attention-train-image) with build/train-images/index.json: more public-domain
// and CC0 pictures of the same package to train on, and the four photos again, held out.
// The photos come from Debian's python3-skimage package (scikit-image's sample data), which is
// downloaded, not installed: `apt-get download python3-skimage`, then only the four pictures and
// _fetchers.py (where their licences are written) are taken out of the .deb. The licence lines
// are checked against _fetchers.py, so a package that changed them stops the build.
// The view is made as the C++ core makes it (src/core/image/view.cpp): centred square, area
// averaging in integers, transparency on white. Skips all work when the outputs are newer than
// this script and the package. Needs apt lists: as root it runs `apt-get update` once if
// `apt-get download` cannot find the package; otherwise it says so.
// usage: node scripts/build-images.mjs [OUT_DIR]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

const VIEW = 224;
const MAX_BYTES = 40 * 1024;
const PACKAGE = 'python3-skimage';
const DATA_DIR = 'usr/lib/python3/dist-packages/skimage/data';

// Each photo, and the line of _fetchers.py that grants its licence (checked below).
const PHOTOS = [
  {
    name: 'chelsea',
    file: 'chelsea.png',
    title: 'Chelsea the cat',
    author: 'Stefan van der Walt',
    licence: 'CC0-1.0',
    grant: 'No copyright restrictions.  CC0 by the photographer (Stefan van der Walt).',
  },
  {
    name: 'coffee',
    file: 'coffee.png',
    title: 'A cup of coffee (courtesy of Pikolo Espresso Bar)',
    author: 'Rachel Michetti',
    licence: 'CC0-1.0',
    grant: 'No copyright restrictions.  CC0 by the photographer (Rachel Michetti).',
  },
  {
    name: 'astronaut',
    file: 'astronaut.png',
    title: 'Astronaut Eileen Collins',
    author: 'NASA',
    licence: 'public domain',
    grant: 'No known copyright restrictions, released into the public domain.',
  },
  {
    name: 'rocket',
    file: 'rocket.jpg',
    title: 'Falcon 9 launching DSCOVR',
    author: 'SpaceX',
    licence: 'public domain',
    grant: 'The image was captured by SpaceX and `released in the public domain',
  },
];

// More pictures of the package to train the image layer on, each with the sentence of _fetchers.py
// that grants its licence (checked in the docstring of the function that loads that file).
const TRAINING = [
  {
    name: 'camera',
    file: 'camera.png',
    title: 'A photographer with a camera',
    author: 'Lav Varshney',
    licence: 'CC0-1.0',
    grant: 'No copyright restrictions. CC0 by the photographer (Lav Varshney).',
  },
  {
    name: 'brick',
    file: 'brick.png',
    title: 'A brick wall (grey)',
    author: 'CC0Textures (Bricks25)',
    licence: 'CC0-1.0',
    grant: 'licensed under the Creative Commons CC0 License.',
  },
  {
    name: 'grass',
    file: 'grass.png',
    title: 'Grass (grey)',
    author: 'linolafett (DeviantArt)',
    licence: 'CC0-1.0',
    grant: 'licensed under the Creative Commons CC0 License.',
  },
  {
    name: 'gravel',
    file: 'gravel.png',
    title: 'Gravel (grey)',
    author: 'CC0Textures (Gravel04)',
    licence: 'CC0-1.0',
    grant: 'licensed under the Creative Commons CC0 License.',
  },
  {
    name: 'cell',
    file: 'cell.png',
    title: 'A cell floating in saline (quantitative phase image)',
    author: 'Paul Müller et al.',
    licence: 'CC0-1.0',
    grant: 'This image is CC0, dedicated to the public domain.',
  },
  {
    name: 'clock',
    file: 'clock_motion.png',
    title: 'A motion-blurred clock',
    author: 'Stefan van der Walt',
    licence: 'public domain',
    grant: 'Released into the public domain by the photographer (Stefan van der Walt).',
  },
  {
    name: 'text',
    file: 'text.png',
    title: 'Hand-drawn text (Wikipedia, File:Corner.png)',
    author: 'Wikipedia',
    licence: 'public domain',
    grant: 'No known copyright restrictions, released into the public domain.',
  },
  {
    name: 'horse',
    file: 'horse.png',
    title: 'A horse silhouette (openclipart)',
    author: 'Andreas Preuss (marauder)',
    licence: 'CC0-1.0',
    grant: 'No copyright restrictions. CC0 given by owner (Andreas Preuss (marauder)).',
  },
  {
    name: 'hubble',
    file: 'hubble_deep_field.jpg',
    title: 'Hubble eXtreme Deep Field',
    author: 'NASA',
    licence: 'public domain',
    grant: 'The image was captured by NASA and `may be freely used in the public domain',
  },
  {
    name: 'retina',
    file: 'retina.jpg',
    title: 'A human retina (fundus photograph)',
    author: 'Mikael Häggström',
    licence: 'CC0-1.0',
    grant: 'This file is made available under the Creative Commons CC0 1.0 Universal Public Domain Dedication.',
  },
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.argv[2] ?? join(root, 'dist', 'images');
const cacheDir = join(root, 'build', 'images-source');
const trainDir = join(root, 'build', 'train-images');
const scriptPath = fileURLToPath(import.meta.url);

// ---- the package -------------------------------------------------------------------------

function findDeb() {
  if (!existsSync(cacheDir)) return null;
  const debs = readdirSync(cacheDir).filter((f) => f.startsWith(`${PACKAGE}_`) && f.endsWith('.deb'));
  return debs.length ? join(cacheDir, debs.sort().at(-1)) : null;
}

function download() {
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
  const deb = findDeb();
  if (!deb) throw new Error(`apt-get download ${PACKAGE} left no .deb in ${cacheDir}`);
  return deb;
}

// Takes only the files needed out of the .deb (dpkg-deb's data archive through tar).
function extract(deb, into) {
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into, { recursive: true });
  const members = [...PHOTOS, ...TRAINING].map((p) => p.file).concat('_fetchers.py');
  const paths = members.map((f) => `./${DATA_DIR}/${f}`);
  const tar = execFileSync('dpkg-deb', ['--fsys-tarfile', deb], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', into, ...paths], { input: tar });
  return join(into, DATA_DIR);
}

// ---- the view (as src/core/image/view.cpp) ----------------------------------------------------

// View pixel i covers source [i·s/224, (i+1)·s/224); scaled by 224 the overlaps are integers.
function areaTaps(s) {
  const taps = [];
  for (let i = 0; i < VIEW; i++) {
    const lo = i * s,
      hi = (i + 1) * s;
    for (let k = Math.floor(lo / VIEW); k * VIEW < hi; k++) {
      const overlap = Math.min((k + 1) * VIEW, hi) - Math.max(k * VIEW, lo);
      if (overlap > 0) taps.push({ src: k, dst: i, overlap });
    }
  }
  return taps.sort((a, b) => a.src - b.src);
}

// RGBA bytes (width × height) -> 224 × 224 RGBA bytes, opaque.
function makeView(rgba, width, height) {
  const s = Math.min(width, height),
    x0 = (width - s) >> 1,
    y0 = (height - s) >> 1;
  const taps = areaTaps(s);
  const sum = new Float64Array(VIEW * VIEW * 3); // integers below 2^53: exact
  const rowSum = new Float64Array(VIEW * 3);
  let ty = 0;
  for (let y = 0; y < s; y++) {
    rowSum.fill(0);
    const row = ((y0 + y) * width + x0) * 4;
    for (const t of taps) {
      const p = row + t.src * 4,
        alpha = rgba[p + 3],
        white = 255 * (255 - alpha);
      for (let c = 0; c < 3; c++) rowSum[t.dst * 3 + c] += t.overlap * (rgba[p + c] * alpha + white);
    }
    for (; ty < taps.length && taps[ty].src === y; ty++) {
      const base = taps[ty].dst * VIEW * 3;
      for (let i = 0; i < rowSum.length; i++) sum[base + i] += taps[ty].overlap * rowSum[i];
    }
  }
  const out = Buffer.alloc(VIEW * VIEW * 4, 255);
  const norm = s * s * 65025;
  for (let p = 0; p < VIEW * VIEW; p++)
    for (let c = 0; c < 3; c++) out[p * 4 + c] = Math.round((sum[p * 3 + c] / norm) * 255);
  return out;
}

function decode(path) {
  const bytes = readFileSync(path);
  if (path.endsWith('.png')) {
    const png = PNG.sync.read(bytes); // RGBA8 whatever the source's colour type
    return { data: png.data, width: png.width, height: png.height };
  }
  const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
  return { data: img.data, width: img.width, height: img.height };
}

// The highest JPEG quality (95 down to 50) that fits in MAX_BYTES.
function encode(view) {
  for (let quality = 95; quality >= 50; quality -= 5) {
    const { data } = jpeg.encode({ data: view, width: VIEW, height: VIEW }, quality);
    if (data.length <= MAX_BYTES) return { data, quality };
  }
  throw new Error(`a 224 × 224 JPEG does not fit in ${MAX_BYTES} bytes even at quality 50`);
}

// Whether the docstring of the function that loads `file` in _fetchers.py contains `grant`
// (whitespace runs compared as one space).
function grantsFor(fetchers, file, grant) {
  const load = fetchers.search(new RegExp(`["']data/${file.replace('.', '\\.')}["']`));
  if (load < 0) return false;
  const def = fetchers.lastIndexOf('\ndef ', load);
  const squash = (t) => t.replace(/\s+/g, ' ');
  return squash(fetchers.slice(def, load)).includes(squash(grant));
}

// A picture as binary Netpbm: P5 (grey) when every pixel has R = G = B, else P6; opaque (the
// few transparent pixels of a PNG composited on white, as the view does).
function netpbm({ data, width, height }) {
  const pixels = width * height;
  const rgb = Buffer.alloc(pixels * 3);
  let grey = true;
  for (let i = 0; i < pixels; i++) {
    const a = data[i * 4 + 3];
    for (let c = 0; c < 3; c++) rgb[i * 3 + c] = Math.round((data[i * 4 + c] * a + 255 * (255 - a)) / 255);
    grey &&= rgb[i * 3] === rgb[i * 3 + 1] && rgb[i * 3] === rgb[i * 3 + 2];
  }
  const body = grey ? Buffer.from(rgb.filter((_, i) => i % 3 === 0)) : rgb;
  return {
    ext: grey ? 'pgm' : 'ppm',
    bytes: Buffer.concat([Buffer.from(`P${grey ? 5 : 6}\n${width} ${height}\n255\n`), body]),
  };
}

// ---- main ----------------------------------------------------------------------------------

const indexPath = join(outDir, 'index.json');
const trainIndexPath = join(trainDir, 'index.json');
const deb = findDeb();
if (deb && existsSync(indexPath) && existsSync(trainIndexPath)) {
  const built = Math.min(statSync(indexPath).mtimeMs, statSync(trainIndexPath).mtimeMs);
  const outputs = [
    ...JSON.parse(readFileSync(indexPath, 'utf8')).images.map((i) => join(outDir, i.file)),
    ...JSON.parse(readFileSync(trainIndexPath, 'utf8')).pictures.map((i) => join(trainDir, i.file)),
  ];
  if (built > statSync(scriptPath).mtimeMs && built > statSync(deb).mtimeMs && outputs.every((f) => existsSync(f))) {
    console.log(`images: up to date in ${outDir}`);
    process.exit(0);
  }
}

const source = deb ?? download();
const version = source.match(/_([^_]+)_all\.deb$/)?.[1] ?? 'unknown';
const dataDir = extract(source, join(cacheDir, 'extracted'));
const fetchers = readFileSync(join(dataDir, '_fetchers.py'), 'utf8');
mkdirSync(outDir, { recursive: true });
const images = [];
for (const photo of PHOTOS) {
  if (!fetchers.includes(photo.grant))
    throw new Error(`${PACKAGE} ${version}: _fetchers.py no longer says "${photo.grant}" for ${photo.file}`);
  const { data, width, height } = decode(join(dataDir, photo.file));
  const { data: jpg, quality } = encode(makeView(data, width, height));
  const file = `${photo.name}.jpg`;
  writeFileSync(join(outDir, file), jpg);
  images.push({
    name: photo.name,
    file,
    title: photo.title,
    author: photo.author,
    licence: photo.licence,
    source:
      `scikit-image sample data, skimage/data/${photo.file} (${width} × ${height}), ` +
      `Debian package ${PACKAGE} ${version}`,
    licenceText: photo.grant.replace(/`/g, ''),
    width: VIEW,
    height: VIEW,
    bytes: jpg.length,
    quality,
  });
  console.log(`images: ${file} ${jpg.length} bytes (quality ${quality}) from ${photo.file} ${width} × ${height}`);
}
writeFileSync(indexPath, `${JSON.stringify({ package: `${PACKAGE} ${version}`, images }, null, 2)}\n`);

// the image layer's training pictures, and the four photos again, held out (whole pictures)
mkdirSync(trainDir, { recursive: true });
const pictures = [];
for (const [picture, role] of [...TRAINING.map((p) => [p, 'train']), ...PHOTOS.map((p) => [p, 'held-out'])]) {
  if (!grantsFor(fetchers, picture.file, picture.grant))
    throw new Error(`${PACKAGE} ${version}: _fetchers.py no longer says "${picture.grant}" for ${picture.file}`);
  const decoded = decode(join(dataDir, picture.file));
  const { ext, bytes } = netpbm(decoded);
  const file = `${picture.name}.${ext}`;
  writeFileSync(join(trainDir, file), bytes);
  pictures.push({
    name: picture.name,
    file,
    role,
    title: picture.title,
    author: picture.author,
    licence: picture.licence,
    source: `scikit-image sample data, skimage/data/${picture.file}, Debian package ${PACKAGE} ${version}`,
    licenceText: picture.grant.replace(/`/g, ''),
    width: decoded.width,
    height: decoded.height,
  });
}
writeFileSync(trainIndexPath, `${JSON.stringify({ package: `${PACKAGE} ${version}`, pictures }, null, 2)}\n`);
console.log(
  `images: ${pictures.filter((p) => p.role === 'train').length} training pictures and ` +
    `${pictures.filter((p) => p.role === 'held-out').length} held out in ${trainDir}`,
);
