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
// averaging in integers, transparency on white. The pictures and their licences are listed in
// scripts/images/sources.mjs, the package handled in package.mjs, the pixels in pixels.mjs.
// Skips all work when the outputs are newer than these scripts and the package. Needs apt lists: as root it runs `apt-get update` once if
// `apt-get download` cannot find the package; otherwise it says so.
// usage: node scripts/build-images.mjs [OUT_DIR]
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { download, extract, findDeb, grantsFor } from './images/package.mjs';
import { decode, encode, makeView, netpbm, VIEW } from './images/pixels.mjs';
import { PACKAGE, PHOTOS, TRAINING } from './images/sources.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.argv[2] ?? join(root, 'dist', 'images');
const cacheDir = join(root, 'build', 'images-source');
const trainDir = join(root, 'build', 'train-images');
// this script and its modules: a change to any of them builds again
const scripts = [
  fileURLToPath(import.meta.url),
  ...['package', 'pixels', 'sources'].map((m) => join(root, 'scripts', 'images', `${m}.mjs`)),
];

const indexPath = join(outDir, 'index.json');
const trainIndexPath = join(trainDir, 'index.json');
const deb = findDeb(cacheDir);
if (deb && existsSync(indexPath) && existsSync(trainIndexPath)) {
  const built = Math.min(statSync(indexPath).mtimeMs, statSync(trainIndexPath).mtimeMs);
  const outputs = [
    ...JSON.parse(readFileSync(indexPath, 'utf8')).images.map((i) => join(outDir, i.file)),
    ...JSON.parse(readFileSync(trainIndexPath, 'utf8')).pictures.map((i) => join(trainDir, i.file)),
  ];
  if (
    scripts.every((s) => built > statSync(s).mtimeMs) &&
    built > statSync(deb).mtimeMs &&
    outputs.every((f) => existsSync(f))
  ) {
    console.log(`images: up to date in ${outDir}`);
    process.exit(0);
  }
}

const source = deb ?? download(cacheDir);
const version = source.match(/_([^_]+)_all\.deb$/)?.[1] ?? 'unknown';
const files = [...PHOTOS, ...TRAINING].map((p) => p.file).concat('_fetchers.py');
const dataDir = extract(source, join(cacheDir, 'extracted'), files);
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
