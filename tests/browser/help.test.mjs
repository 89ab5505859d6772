// Help a phone shows: each option's explanation opens under it from a "?" button (a tap, a key
// or a screen reader), never only as a hover tooltip; the empty box's prompt points at the box;
// the picture options' help says the sizes the core's schema gives.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SCHEMA } from '../../web/lib/generated/schema.js';
import {
  openAround,
  openLens,
  screenshot,
  seriousViolations,
  typeSentence,
  useBrowser,
  waitForAnalysis,
  waitForImage,
} from './browser.mjs';

const env = useBrowser(before, after);
const shadow = (page, selector) => page.locator('attention-lens').first().locator(selector);
const PHONE = { width: 390, height: 844 };

// the field of the control labelled `label`
const field = (page, label) => shadow(page, '.controls .field').filter({ has: page.getByText(label, { exact: true }) });

// the options under "More options", each with its own "?"
const HELP = [
  ['Temperature', /below 1 sharpens the filter/],
  ['Positional weight', /X = word vectors \+ weight × PE\. The default, 1\/√d_model = 0\.1, is the paper’s mix/],
  ['Word vectors', /Removed: the vocabulary’s mean and its top few directions are taken out/],
];
// the four basic options, whose help opens together from one "?"
const BASIC_HELP = [
  ['Weights', /Xavier-uniform/],
  ['Heads', /d_k = 100 \/ heads of the 100 numbers/],
  ['Positional encoding', /word order is invisible/],
  ['Scale by √dₖ', /Cosines .* multiplied by 10/],
];

test('on a phone the basic options’ help opens with one tap, is shown, and describes each control', async () => {
  const { page, problems } = await openLens(env.context, env.url);
  await page.setViewportSize(PHONE);
  await waitForAnalysis(page);
  const button = shadow(page, '.basic-options').getByRole('button', { name: 'What are these options?' });
  assert.ok(await button.isVisible());
  for (const [label] of BASIC_HELP) assert.ok(await field(page, label).locator('.field-help').isHidden(), label);
  await button.click(); // a tap
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  for (const [label, words] of BASIC_HELP) {
    const f = field(page, label);
    const help = f.locator('.field-help');
    assert.ok(await help.isVisible(), `${label}: the help shows`);
    assert.match(await help.textContent(), words);
    const box = await help.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `${label}: the help fits the phone`);
    assert.equal(
      await f.locator('input, select').first().getAttribute('aria-describedby'),
      await help.getAttribute('id'),
    );
  }
  await button.click();
  for (const [label] of BASIC_HELP) assert.ok(await field(page, label).locator('.field-help').isHidden(), label);
  assert.deepEqual(problems, []);
  await page.close();
});

test('on a phone each option’s help under “More options” opens with a tap, is shown, and describes its control', async () => {
  const { page, problems } = await openLens(env.context, env.url);
  await page.setViewportSize(PHONE);
  await waitForAnalysis(page);
  await openAround(field(page, HELP[0][0]));
  for (const [label, words] of HELP) {
    const f = field(page, label);
    const button = f.getByRole('button', { name: `What is ${label}?` });
    const help = f.locator('.field-help');
    assert.ok(await button.isVisible(), `${label}: its ? button is on screen`);
    assert.ok(await help.isHidden(), `${label}: closed at first`);
    await button.click(); // a tap
    assert.ok(await help.isVisible(), `${label}: the help shows`);
    assert.match(await help.textContent(), words);
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    const box = await help.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `${label}: the help fits the phone`);
    // the control is described by the same words, for a screen reader
    const described = await f.locator('input, select').first().getAttribute('aria-describedby');
    assert.equal(described, await help.getAttribute('id'));
  }
  await shadow(page, '.controls').scrollIntoViewIfNeeded();
  await screenshot(page, 'help-phone');
  assert.deepEqual(await seriousViolations(page), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the keyboard opens and closes an option’s help', async () => {
  const { page } = await openLens(env.context, env.url);
  await waitForAnalysis(page);
  const f = field(page, 'Temperature');
  await openAround(f);
  const button = f.getByRole('button', { name: 'What is Temperature?' });
  await button.focus();
  await page.keyboard.press('Enter');
  assert.ok(await f.locator('.field-help').isVisible());
  await page.keyboard.press('Space');
  assert.ok(await f.locator('.field-help').isHidden());
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  await page.close();
});

test('the empty box’s prompt names the box, which is where it says', async () => {
  const { page } = await openLens(env.context, env.url);
  await page.setViewportSize(PHONE);
  await waitForAnalysis(page);
  await typeSentence(page, '');
  const prompt = shadow(page, '.notes li.prompt');
  assert.match(await prompt.textContent(), /Type a sentence in the “Your sentence” box/);
  assert.doesNotMatch(await prompt.textContent(), /above|below/);
  await page.close();
});

test('the picture options’ help says the core’s sizes: the view, a patch vector’s numbers, the cosine scale', async () => {
  const { page, problems } = await openLens(env.context, env.url);
  await shadow(page, '[role=tab][data-mode=image]').click();
  await waitForImage(page, null);
  const help = (label) =>
    shadow(page, '.image-controls .field')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('.field-help')
      .textContent();
  const { imageViewSize: view, imageTokenDims: dims, cosineScale } = SCHEMA;
  const [first, ...smaller] = SCHEMA.imageOptions.find((o) => o.name === 'patch').values;
  assert.equal(
    await help('Patch size'),
    `Pixels per patch side: ${first} px gives ${(view / first) ** 2} patches, ` +
      `${smaller.map((p) => `${p} px ${(view / p) ** 2}`).join(', ')}.`,
  );
  const patchOptions = await shadow(page, '.image-controls select')
    .first()
    .evaluate((s) => [...s.options].map((o) => o.textContent));
  assert.deepEqual(
    patchOptions,
    [first, ...smaller].map((p) => `${p} px (${(view / p) ** 2})`),
  );
  assert.match(await help('Heads'), new RegExp(`the ${dims} numbers of every patch \\(d_k = ${dims} / heads\\)`));
  assert.match(await help('Scale'), new RegExp(`cosines are multiplied by ${cosineScale}\\.$`));
  assert.deepEqual(problems, []);
  await page.close();
});
