// The keystroke timing of bench/page.mjs: in the page, a record of each keystroke from its input
// event to the first task after the frame that shows its result (installTimer); keys pressed and
// timed in turn; the records summarized (median, p95, their parts); and the floor, the same on a
// bare page with only a textarea.
import { fileURLToPath } from 'node:url';
import { median } from './inputs.mjs';

export const KEYSTROKES = 100; // timed per size, after WARM_UP untimed ones: a p95 of 40 hung on the 2nd-worst keystroke, one hiccup of this VM
const WARM_UP = 4;
const BARE_PAGE = 'bench-bare-textarea.html';
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(0.95 * xs.length) - 1)];

// In the page: timestamps of each keystroke, from the input event's timeStamp to the first task
// after the frame that shows its result. `shownEvent` is sent synchronously in the task that
// rendered the result (the lens's 'attention-lens-render'; for the bare textarea, 'input'
// itself: the typed letter is in the DOM when it fires). Its listener asks for one animation
// frame: rAF callbacks run at the start of the next frame's rendering update, and that same
// update then does style, layout and paint with every DOM change made before it, so that frame
// shows the result. A message posted from the rAF callback is delivered in a task after that
// rendering update: the first task after the frame, unless work queued ahead of it (Chromium
// runs input events and, after an input, rendering before other tasks).
// The check: the rAF callback also asks for the next frame (which comes a vsync interval later,
// 16.7 ms at 60 Hz) and times the first task after it the same way. Had the method added a frame
// of its own, the message would come after that next frame began; the run counts how often it
// did (each time, other work held it back past a vsync). The next frame's figure is what waiting
// for a rAF from inside a rAF would have measured: one frame more.
export function installTimer([shownEvent, startEvent = 'input']) {
  let inputAt = 0;
  // the textarea may sit in a shadow root: input events are composed, a capture listener on the
  // document sees each one before the page's own listeners (keydown, for the picture's patches)
  document.addEventListener(
    startEvent,
    (e) => {
      inputAt = e.timeStamp;
    },
    { capture: true },
  );
  const target = shownEvent === 'input' ? document : document.querySelector('attention-lens');
  const nextTask = (then) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => then(performance.now());
    channel.port2.postMessage(0);
  };
  let done = () => {};
  // a promise of the next keystroke's record, made before each key press
  window.__expectKeystroke = () => {
    window.__keystroke = new Promise((resolve) => {
      done = resolve;
    });
  };
  target.addEventListener(shownEvent, () => {
    const t = { input: inputAt, shown: performance.now() };
    requestAnimationFrame(() => {
      t.frame = performance.now();
      nextTask((now) => {
        t.afterFrame = now;
      });
      requestAnimationFrame(() => {
        // the check
        t.nextFrame = performance.now();
        nextTask((now) => done({ ...t, afterNextFrame: now }));
      });
    });
  });
}

// Presses keys in turn (KEYSTROKES + WARM_UP of them), each released once its record is
// complete; returns the timed records.
export async function pressAndTime(page, keys) {
  const records = [];
  for (let k = 0; k < KEYSTROKES + WARM_UP; k++) {
    await page.evaluate(() => window.__expectKeystroke());
    const key = keys[k % keys.length];
    await page.keyboard.down(key);
    const t = await page.evaluate(() => window.__keystroke);
    await page.keyboard.up(key);
    if (k >= WARM_UP) records.push(t);
  }
  return records;
}

// Types a letter and deletes it, KEYSTROKES + WARM_UP times, at the end of the focused box;
// returns the timed keystrokes' records. Each key is released once its record is complete (its
// result shown, and the frame after it done), as a person holds a key for ~100 ms: released at
// once (keyboard.press), the keyup was handled between the result's frame and the timing task,
// and in one run held 4 to 26 of 40 timing messages per size back past another frame. The next
// key waits for that.
export async function typeAndTime(page) {
  return pressAndTime(page, ['s', 'Backspace']);
}

// median and p95 of keystroke → first task after the frame; medians of its parts; the check
export function summarize(records) {
  const total = records.map((t) => t.afterFrame - t.input);
  const part = (from, to) => median(records.map((t) => t[to] - t[from]));
  return {
    median: median(total),
    p95: p95(total),
    render: part('input', 'shown'),
    wait: part('shown', 'frame'),
    frame: part('frame', 'afterFrame'),
    twoFrames: median(records.map((t) => t.afterNextFrame - t.input)),
    late: records.filter((t) => t.afterFrame > t.nextFrame).length,
    count: records.length,
  };
}

export const fmtMs = (x) => `${x.toFixed(1)} ms`;
export const report = (what, s) =>
  process.stderr.write(
    `${what}: median ${fmtMs(s.median)}, p95 ${fmtMs(s.p95)} ` +
      `(medians: input → rendered ${fmtMs(s.render)}, → frame ${fmtMs(s.wait)}, frame ${fmtMs(s.frame)}` +
      `; one frame later: median ${fmtMs(s.twoFrames)}; message after the next frame had begun: ${s.late} of ${s.count})\n`,
  );

// The floor: a page with only a textarea holding `text`, from the same server origin (its HTML is
// handed to the browser by Playwright for that URL), measured the same way.
export async function measureFloor(context, url, text) {
  const page = await context.newPage();
  await page.route(url + BARE_PAGE, (route) =>
    route.fulfill({
      path: fileURLToPath(new URL('bare-textarea.html', import.meta.url)),
      contentType: 'text/html; charset=utf-8',
    }),
  );
  await page.goto(url + BARE_PAGE);
  await page.evaluate(installTimer, ['input']);
  const box = page.locator('textarea');
  await box.fill(text);
  await box.focus();
  await page.keyboard.press('End');
  const records = await typeAndTime(page);
  await page.close();
  return records;
}
