// The image mode in Debian's Chromium: the built-in photo analyzed on entering the mode; a patch
// chosen by click and by the arrow keys updates the filter, the search panel and filter × V
// with the core's numbers; pictures opened by the file input, by drag and drop and from a link;
// bad files give a message and no page error; axe-core finds nothing serious.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PNG } from 'pngjs';
import {
  blendRow,
  IMAGE_TRAINED_OPTIONS,
  openDetails,
  openLens,
  screenshot,
  seriousViolations,
  trainedImageOptions,
  useBrowser,
  waitForImage,
} from './browser.mjs';

const env = useBrowser(before, after);
const lens = (page) => page.locator('attention-lens').first();
const shadow = (page, selector) => lens(page).locator(selector);

// What the views show for the query patch, and the core's own numbers for it.
function readViews(page) {
  return page.evaluate(() => {
    const el = document.querySelector('attention-lens');
    const { imageResult: r, patch } = el.state;
    const n = r.grid.count;
    const row = r.step('blendWeights').data.slice(patch * n, (patch + 1) * n);
    const top = [...row.keys()].sort((a, b) => row[b] - row[a])[0];
    const focus = r.focus(-1, patch, 5);
    const root = el.shadowRoot;
    return {
      patch,
      side: r.grid.side,
      readoutPatch: Number(root.querySelector('.focus-readout').dataset.patch),
      readoutEffective: Number(root.querySelector('.focus-readout').dataset.effective),
      effective: focus.effective,
      firstResult: Number(root.querySelector('.image-results li').dataset.key),
      firstWeight: Number(root.querySelector('.image-results li').dataset.weight),
      top,
      topWeight: row[top],
    };
  });
}

// A PNG of two flat colours (left third red), as bytes.
function twoColours(width = 90, height = 60) {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      png.data.set(x < width / 3 ? [200, 60, 40, 255] : [40, 60, 190, 255], (y * width + x) * 4);
  return PNG.sync.write(png);
}

test('the picture mode analyzes the built-in photo, and a chosen patch updates every view from the core', async () => {
  const { page, problems } = await openLens(env.context, env.url);
  await shadow(page, '[role=tab][data-mode=image]').click();
  await waitForImage(page, 'chelsea');
  let v = await readViews(page);
  assert.equal(v.patch, Math.floor(v.side / 2) * v.side + Math.floor(v.side / 2), 'the centre patch first');
  // a click on the top-left patch
  await shadow(page, '.picture-stack').scrollIntoViewIfNeeded();
  const box = await shadow(page, '.picture-stack').boundingBox();
  await page.mouse.click(box.x + box.width / (2 * v.side), box.y + box.height / (2 * v.side));
  await page.waitForFunction(() => document.querySelector('attention-lens').state.patch === 0);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  v = await readViews(page);
  assert.equal(v.readoutPatch, 0);
  assert.ok(Math.abs(v.readoutEffective - v.effective) < 1e-9, 'the readout shows the core’s effective count');
  assert.equal(v.firstResult, v.top, 'the first search result is the patch with the largest weight');
  assert.ok(Math.abs(v.firstWeight - v.topWeight) < 1e-6);
  // the keyboard: right, then down
  await shadow(page, '.picture-stack').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction((s) => document.querySelector('attention-lens').state.patch === s + 1, v.side);
  await screenshot(page, 'image-mode');
  assert.deepEqual(problems, []);
  await page.close();
});

// What filter × V shows for the query patch: its weight on itself, and how much of the "each patch
// × its weight" picture outside the query patch is lit (a pixel brighter than 16 of 255), and the
// mean value of the query's blend.
function readBlend(page) {
  return page.evaluate(() => {
    const el = document.querySelector('attention-lens');
    const { imageResult: r, patch: q } = el.state;
    const { side, count: n } = r.grid;
    const canvas = el.shadowRoot.querySelector('.blend canvas');
    const { width, height } = canvas;
    const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data;
    let lit = 0,
      outside = 0;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        if (Math.floor((y * side) / height) * side + Math.floor((x * side) / width) === q) continue;
        const i = (y * width + x) * 4;
        outside++;
        if (Math.max(pixels[i], pixels[i + 1], pixels[i + 2]) > 16) lit++;
      }
    const values = r.grid.patch * r.grid.patch * 3;
    const blend = r.step('blended').data.subarray(q * values, (q + 1) * values);
    return {
      options: r.options,
      self: r.step('blendWeights').data[q * n + q],
      litOutside: lit / outside,
      blendMean: blend.reduce((a, b) => a + b, 0) / values,
    };
  });
}

test('the default picture view: the query patch puts no more than half on itself, and filter × V is not black', async () => {
  const { page, problems } = await openLens(env.context, `${env.url}?mode=image`);
  await waitForImage(page, 'chelsea');
  const b = await readBlend(page);
  assert.deepEqual(
    { similarity: b.options.similarity, mask: b.options.mask, weights: b.options.weights },
    { similarity: 'cosine', mask: 'self', weights: 'identity' },
  );
  assert.ok(b.self <= 0.5, `the query patch puts ${b.self} of its weight on itself`);
  // (with the dot product at T = 1 and no mask, the query kept 75% on itself and nothing else was lit)
  assert.ok(b.litOutside > 0.1, `${b.litOutside} of each patch × its weight is lit outside the query patch`);
  assert.ok(b.blendMean > 0.1, `the query's blend has a mean value of ${b.blendMean}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('pictures open from the file input, by drag and drop, and from a link with their options', async () => {
  const { page, problems } = await openLens(env.context, `${env.url}?mode=image&picture=coffee&patch=32&heads=4&at=3`);
  await waitForImage(page, 'coffee');
  const state = await page.evaluate(() => {
    const s = document.querySelector('attention-lens').state;
    return { patch: s.patch, count: s.imageResult.grid.count, heads: s.imageResult.heads };
  });
  assert.deepEqual(state, { patch: 3, count: 49, heads: 4 });
  await shadow(page, '.picker input[type=file]').setInputFiles({
    name: 'two.png',
    mimeType: 'image/png',
    buffer: twoColours(),
  });
  await waitForImage(page, 'two.png');
  // filter × V: the red region's patches blend to red
  const red = await page.evaluate(() => {
    const { imageResult: r } = document.querySelector('attention-lens').state;
    const blended = r.step('blended').data;
    return [blended[0], blended[2]]; // patch 0's first pixel, R and B
  });
  assert.ok(red[0] > 0.6 && red[1] < 0.3, `patch 0 blends to red, got ${red}`);
  // drag and drop
  await page.evaluate(
    async (bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'dropped.png', { type: 'image/png' }));
      const picker = document.querySelector('attention-lens').shadowRoot.querySelector('.picker');
      picker.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      picker.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    [...twoColours(40, 40)],
  );
  await waitForImage(page, 'dropped.png');
  assert.deepEqual(problems, []);
  await page.close();
});

test('bad files get a message, keep the picture shown, and run nothing', async () => {
  const { page, problems } = await openLens(env.context, `${env.url}?mode=image`);
  await waitForImage(page, 'chelsea');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>window.__pwned=1</script>' +
    '<rect width="40" height="20" fill="red" onload="window.__pwned=2"/></svg>';
  const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(32)]);
  const cases = [
    ['empty.png', Buffer.alloc(0), /The file is empty/],
    ['notes.png', Buffer.from('just some text, not a picture'), /not a picture/],
    ['cut.png', twoColours().subarray(0, 80), /could not be decoded/],
    ['photo.heic', heic, /HEIC\/HEIF/],
  ];
  for (const [name, buffer, message] of cases) {
    await shadow(page, '.picker input[type=file]').setInputFiles({
      name,
      mimeType: 'application/octet-stream',
      buffer,
    });
    await page.waitForFunction(() => document.querySelector('attention-lens').state.pictureError);
    assert.match(await shadow(page, '.picture-error').textContent(), message, name);
    assert.equal(await page.evaluate(() => document.querySelector('attention-lens').state.picture.name), 'chelsea');
  }
  // an SVG is drawn (by an <img>, where scripts do not run) and analyzed
  await shadow(page, '.picker input[type=file]').setInputFiles({
    name: 'drawing.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(svg),
  });
  await waitForImage(page, 'drawing.svg');
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.deepEqual(problems, []);
  await page.close();
});

test('axe-core finds no serious or critical violations in the picture mode, every panel open', async () => {
  const { page } = await openLens(env.context, `${env.url}?mode=image`);
  await waitForImage(page, 'chelsea');
  const details = page.locator('attention-lens').locator('details');
  let opened = 0;
  for (let i = 0, n = await details.count(); i < n; i++)
    if (await details.nth(i).isVisible()) {
      await openDetails(details.nth(i));
      opened++;
    }
  assert.ok(opened > 0, 'the picture mode has panels to open');
  await waitForImage(page, 'chelsea');
  const bad = await seriousViolations(page);
  assert.deepEqual(bad, []);
  await page.close();
});

test('the weights trained here load in the picture mode, with the options they were trained with, and change the filter', async () => {
  // the positional encoding on, the dot product, no mask and another temperature: the preset was
  // trained with the picture's defaults and 4 heads, and brings them
  const { page, problems } = await openLens(
    env.context,
    `${env.url}?mode=image&picture=chelsea&at=75&positional=true&similarity=dot&mask=none&temperature=2`,
  );
  await waitForImage(page, 'chelsea');
  assert.equal(await page.evaluate(() => document.querySelector('attention-lens').state.imageOptions.positional), true);
  const identity = await blendRow(page);
  await shadow(page, '.image-controls select')
    .filter({ has: page.locator('option[value=trained]') })
    .selectOption('trained');
  await page.waitForFunction(() => document.querySelector('attention-lens').state.imageOptions.weights === 'trained');
  await waitForImage(page, 'chelsea');
  // the core applies the options in the weights' header; the page asks for what it asked before
  const { asked, used, noted } = await page.evaluate(() => {
    const { imageOptions, imageResult } = document.querySelector('attention-lens').state;
    return { asked: imageOptions, used: imageResult.options, noted: imageResult.notes.map((n) => n.option) };
  });
  assert.deepEqual(trainedImageOptions(used), IMAGE_TRAINED_OPTIONS);
  assert.deepEqual(trainedImageOptions(asked), {
    ...IMAGE_TRAINED_OPTIONS,
    heads: 1,
    positional: true,
    similarity: 'dot',
    mask: 'none',
    temperature: 2,
  });
  assert.deepEqual(noted.sort(), ['heads', 'mask', 'positional', 'similarity', 'temperature']);
  // each such field shows the value used, disabled, with the core's note
  const similarityField = shadow(page, '.image-controls').getByLabel('Similarity', { exact: true });
  assert.equal(await similarityField.inputValue(), 'cosine');
  assert.ok(await similarityField.isDisabled());
  assert.match(await similarityField.getAttribute('title'), /trained with similarity cosine/);
  // and the line under the controls says it once for all of them, in words (no tooltip on a phone)
  assert.equal(
    await shadow(page, '.image-controls .option-notes').textContent(),
    'Heads 4, Position (2-D) off, Similarity cosine, Mask self, Temperature 0.15: trained weights bring the ' +
      'options they were trained with, since weights learnt under one option mean little under another.',
  );
  const trained = await blendRow(page);
  assert.equal(trained.length, identity.length);
  assert.ok(Math.abs(trained.reduce((a, b) => a + b, 0) - 1) < 1e-4, 'the row sums to 1');
  assert.ok(
    Math.max(...trained.map((w, i) => Math.abs(w - identity[i]))) > 1e-3,
    'trained weights give another filter',
  );
  assert.deepEqual(problems, []);
  await page.close();
});
