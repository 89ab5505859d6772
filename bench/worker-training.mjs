// Training steps per second in the page's worker (bench/page.mjs): the page at pageUrl opens its
// training panel (.train or .image-train) and presses Train; the figure is the steps counted
// (the panel's status, .<panel>-status, data-steps) over a fixed 15 s window, which starts once
// the worker has run for 3 s (a warm-up that is part of the measurement's definition).
const TRAIN_WARM_MS = 3000,
  TRAIN_WINDOW_MS = 15000;

// ready: the element's state field that says the page has its first result ('result' for a
// sentence, 'imageResult' for a picture)
export async function workerStepsPerSecond(page, pageUrl, { panel, ready }) {
  await page.goto(pageUrl);
  await page.waitForFunction((field) => document.querySelector('attention-lens').state?.[field], ready);
  // the panel's chapter first (the text's panels sit in closed chapters), then the panel itself
  await page
    .locator('attention-lens')
    .locator(`details.${panel}`)
    .evaluate((d) => {
      for (let p = d.parentElement?.closest('details'); p; p = p.parentElement?.closest('details')) p.open = true;
    });
  await page.locator('attention-lens').locator(`.${panel} summary`).click();
  await page.locator('attention-lens').locator(`.${panel}`).getByRole('button', { name: 'Train' }).click();
  // the steps so far, in the page (a function Playwright sends there: it names nothing of this module)
  const steps = (selector) =>
    Number(document.querySelector('attention-lens').shadowRoot.querySelector(selector).dataset.steps);
  const status = `.${panel}-status`;
  const readSteps = () => page.evaluate(steps, status);
  await page.waitForFunction(
    (selector) => Number(document.querySelector('attention-lens').shadowRoot.querySelector(selector).dataset.steps) > 0,
    status,
    { timeout: 60000 },
  );
  await page.waitForTimeout(TRAIN_WARM_MS);
  const s0 = await readSteps(),
    t0 = Date.now();
  await page.waitForTimeout(TRAIN_WINDOW_MS);
  return ((await readSteps()) - s0) / ((Date.now() - t0) / 1000);
}
