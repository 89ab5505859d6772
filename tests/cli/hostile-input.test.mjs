// The CLI on hostile and odd input: what it reads is capped and said so, files that are not
// regular are refused before they are read, a PNG's declared size is checked before anything is
// allocated, the same PNGs are accepted and refused as the page does, and --query is strict.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import { cli, run } from './run-cli.mjs';

const dir = mkdtempSync(join(tmpdir(), 'al-hostile-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function chunk(type, data, crc) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc ?? crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, tail]);
}

// A PNG of width × height (8-bit RGBA unless told) whose rows are `raw` (filter bytes included),
// with extra chunks before or after the pixel data, and optionally a wrong CRC on its IDAT.
function png({ width = 4, height = 4, depth = 8, colour = 6, raw, before = [], after = [], idatCrc } = {}) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([depth, colour, 0, 0, 0], 8);
  const rows =
    raw ?? Buffer.concat(Array.from({ length: height }, () => Buffer.from([0, ...Array(width * 4).fill(90)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...before,
    chunk('IDAT', deflateSync(rows), idatCrc),
    ...after,
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function file(name, bytes) {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

// The CLI under an address-space limit: an allocation of hundreds of MB fails instead of growing.
function runLimited(megabytes, args) {
  return spawnSync('prlimit', [`--as=${megabytes * 2 ** 20}`, cli, ...args], { encoding: 'utf8' });
}

test('--query takes both numbers as plain whole numbers, and refuses fractions, hex, blanks and signs', () => {
  const picture = file('ok.png', png());
  for (const q of ['5.5,1', '0x5,1', ',1', '1,', '-1,2', ' 1,2', '1,2x', '1,2,3', '1e1,2', '+1,2']) {
    const r = run(['--image', picture, '--patch', '32', '--query', q]);
    assert.equal(r.status, 2, `--query '${q}' was accepted`);
    assert.match(r.stderr, /--query needs ROW,COL of a patch, each a whole number from 0 to 6, got '/, q);
  }
  const r = run(['--image', picture, '--patch', '32', '--query', '6,0', '--json', '--steps', 'weights']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).query.patch, 42);
});

test('--image refuses a pipe, a device and a folder at once, saying only regular files are read', () => {
  const fifo = join(dir, 'fifo.png');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
  const folder = join(dir, 'folder.png');
  mkdirSync(folder);
  for (const [path, kind] of [
    [fifo, 'a pipe \\(FIFO\\)'],
    ['/dev/zero', 'a device'],
    [folder, 'a folder'],
  ]) {
    // a FIFO with no writer used to block the CLI forever: the guard kills it after 60 s
    const r = spawnSync(cli, ['--image', path], { encoding: 'utf8', timeout: 60000 });
    assert.equal(r.signal, null, `${path} blocked the CLI`);
    assert.equal(r.status, 1, path);
    assert.match(r.stderr, new RegExp(`cannot read '${path}': it is ${kind}: only regular files are read`));
  }
});

test('--image refuses a file over 64 MB by its size, before reading it', () => {
  const big = join(dir, 'big.png');
  writeFileSync(big, '');
  truncateSync(big, 70 * 2 ** 20); // sparse: no disk, and 70 MB to read
  const r = runLimited(48, ['--image', big]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /cannot read '.*big\.png': the file is 70 MB: pictures up to 64 MB are read/);
});

test('text on stdin is read up to 64 MB, and more is refused with the limit', () => {
  const r = spawnSync('sh', ['-c', `head -c 70000000 /dev/zero | tr '\\0' 'a' | '${cli}'`], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /the text on stdin is over 64 MB: at most 64 MB are read/);
});

test("a PNG whose header claims more pixels than its data can hold is refused before the pixels' memory is taken", () => {
  const liar = file('liar.png', png({ width: 16384, height: 4096, raw: Buffer.alloc(10) }));
  const r = runLimited(96, ['--image', liar]); // decoding it would take 256 MB
  assert.equal(r.status, 1);
  assert.match(r.stderr, /its pixel data \(\d+ compressed bytes\) is too short for 16384 × 4096 pixels/);
});

test('a PNG wider than the image mode takes is refused with its limits before decoding', () => {
  const wide = file('wide.png', png({ width: 20000, height: 1, depth: 1, colour: 0, raw: Buffer.alloc(2501) }));
  const r = run(['--image', wide]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /the image is 20000 × 1 pixels: each side may be at most 16384 pixels/);
});

test('a PNG with a large text chunk is read, as a browser reads it', () => {
  const text = Buffer.concat([Buffer.from('Comment\0\0'), deflateSync(Buffer.alloc(100 * 2 ** 20, 'x'))]);
  const r = run(['--image', file('text.png', png({ before: [chunk('zTXt', text)] })), '--json', '--steps', 'view']);
  assert.equal(r.status, 0, r.stderr);
});

test('a PNG with a wrong checksum on its last IDAT is refused, as the page refuses it; one on a text chunk is ignored', () => {
  let r = run(['--image', file('bad-idat.png', png({ idatCrc: 0x12345678 }))]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /it is damaged \(the checksum of its IDAT chunk does not match\)/);
  r = run(['--image', file('bad-text.png', png({ after: [chunk('tEXt', Buffer.from('a\0b'), 1)] }))]);
  assert.equal(r.status, 0, r.stderr);
});
