// Pictures: a keyboard user sees where Tab landed on "Open a picture of your own" (the file input
// is hidden; its label shows the focus), and a picture that is not square says that the layer sees
// its middle square.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PNG } from 'pngjs';
import { openLens, screenshot, useBrowser, waitForImage } from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);

// a 320 × 200 PNG: stripes, so that it is a picture with something in it
function widePng() {
  const png = new PNG({ width: 320, height: 200 });
  for (let i = 0; i < png.data.length; i += 4) {
    const x = (i / 4) % 320;
    png.data.set([(x * 7) % 256, 120, 255 - ((x * 3) % 256), 255], i);
  }
  return PNG.sync.write(png);
}

test('a picture that is not square says which square the layer sees; a square one says nothing', async () => {
  const { page, problems } = await openLens(env.context, `${env.url}?mode=image&picture=astronaut`, {
    waitForResult: false,
  });
  await waitForImage(page, 'astronaut');
  await shadow(page, '.open-own input[type="file"]').setInputFiles({
    name: 'wide.png',
    mimeType: 'image/png',
    buffer: widePng(),
  });
  await waitForImage(page, 'wide.png');
  const { width, height } = await page.evaluate(() => document.querySelector('attention-lens').state.picture);
  assert.notEqual(width, height, 'the picture is not square');
  const side = Math.min(width, height);
  const note = shadow(page, '.crop-note');
  assert.ok(await note.isVisible());
  assert.match(
    await note.textContent(),
    new RegExp(`not square: the layer sees its middle ${side} × ${side} pixels, .* cut from the left and right edges`),
  );
  await screenshot(page, 'picture-crop-note');
  await shadow(page, '.photos button[data-name="astronaut"]').click();
  await waitForImage(page, 'astronaut');
  const square = await page.evaluate(() => document.querySelector('attention-lens').state.picture);
  assert.equal(square.width, square.height);
  assert.equal(await note.textContent(), '');
  assert.deepEqual(problems, []);
  await page.close();
});

test('Tab onto “Open a picture of your own” shows a focus ring on its label', async () => {
  const { page } = await openLens(env.context, `${env.url}?mode=image&picture=coffee`, { waitForResult: false });
  await waitForImage(page, 'coffee');
  await shadow(page, '.photos button').last().focus();
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => {
    const root = document.querySelector('attention-lens').shadowRoot;
    const el = root.activeElement;
    const label = root.querySelector(`label[for="${el?.id}"]`);
    return { type: el?.type, outline: label && getComputedStyle(label).outlineStyle };
  });
  assert.equal(focused.type, 'file');
  assert.equal(focused.outline, 'solid', 'the label shows the focus');
  await page.close();
});
