// The picture mode on pictures that declare odd sizes or refer to what an <img> does not draw:
// the size is checked against the image mode's limits before decoding (with the sentence the CLI
// and the JS API give), an SVG's declared size too, and an SVG with HTML or outside pictures is
// said as it is; the picture shown so far stays, and no page error is raised.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import { openLens, useBrowser, waitForImage } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, tail]);
}

// A 1-bit grey PNG of width × 1, all black.
function widePng(width) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + Math.ceil(width / 8)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const svg = (body, size = 'width="40" height="40"') =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" ${size}>${body}</svg>`);

test('pictures over the size limits, and SVGs with HTML or outside pictures, are refused with what is wrong', async () => {
  const { page, problems } = await openLens(env.context, `${env.url}?mode=image`);
  await waitForImage(page, 'chelsea');
  const cases = [
    [
      'huge.svg',
      svg('<rect width="8" height="8"/>', 'width="1000000000" height="8"'),
      /The image is \d+ × 8 pixels: each side may be at most 16384 pixels\./,
    ],
    ['wide.png', widePng(20000), /The image is 20000 × 1 pixels: each side may be at most 16384 pixels\./],
    ['html.svg', svg('<foreignObject width="40" height="40"><p>hi</p></foreignObject>'), /This SVG contains HTML/],
    [
      'linked.svg',
      svg('<image href="https://example.com/cat.png" width="40" height="40"/>'),
      /This SVG refers to outside pictures or styles \(https:\/\/example\.com\/cat\.png\)/,
    ],
  ];
  for (const [name, buffer, message] of cases) {
    await shadow(page, '.picker input[type=file]').setInputFiles({ name, mimeType: 'image/svg+xml', buffer });
    await page.waitForFunction(
      (n) => document.querySelector('attention-lens').state.pictureError?.startsWith(`${n}:`),
      name,
    );
    assert.match(await shadow(page, '.picture-error').textContent(), message, name);
    assert.equal(await page.evaluate(() => document.querySelector('attention-lens').state.picture.name), 'chelsea');
  }
  // a picture of 16384 × 1 is within the limits: decoded (at that size) and analyzed
  await shadow(page, '.picker input[type=file]').setInputFiles({
    name: 'edge.png',
    mimeType: 'image/png',
    buffer: widePng(16384),
  });
  await waitForImage(page, 'edge.png');
  assert.deepEqual(problems, []);
  await page.close();
});
