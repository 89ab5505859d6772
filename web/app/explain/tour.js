// A guided tour of the seed article, one step per point, in its order (tour-steps.js), each on its
// live figure, with "check yourself" questions: the learner predicts first, and the figure is
// veiled until then (tour-questions.js computes each from the numbers shown). The card is docked:
// in a column of its own beside the page on a wide element, a bottom sheet of at most 30% of the
// window on a narrow one, so that it never covers what it explains. The step's figure stays in
// view while the panels above it draw (a ResizeObserver scrolls it back until the reader scrolls).
// Leaving or finishing puts your own sentence, settings and open explanation back. Keyboard:
// Enter for next (the focused button), Escape leaves.
// The steps and their questions come with the explanations' part (parts.js, explain/bodies.js):
// the first screen's script holds only the button that starts the tour and its card.
import { h, setHidden, setText, syncChildren } from '../dom.js';
import { loadExplainPart } from '../parts.js';
import { partFailed } from './part-body.js';
import { keepAtTop } from './keep-at-top.js';

// what the tour changes, put back when it ends
const KEPT = [
  'mode',
  'text',
  'document',
  'options',
  'imageOptions',
  'query',
  'queryChosen',
  'head',
  'patch',
  'focus',
  'focusChosen',
  'explain',
];

// the result shown is the analysis of the state's sentence and options (not the one before)
const fresh = (s) => s.result && s.analyzed?.text === s.text && s.analyzed?.options === s.options;

export function tourView(store, shadowRoot) {
  let STEPS = null; // tour-steps.js's, once the part has come
  let step = -1,
    saved = null,
    chosen = null; // the learner's answer to the step's question
  let wasOpen = null; // the details open before the tour: the others it opened close when it ends
  const title = h('h2', { id: 'tour-title' });
  const body = h('p', { id: 'tour-text' });
  const counter = h('span', { class: 'tour-count' });
  const prompt = h('p', { id: 'tour-prompt', class: 'tour-prompt' });
  const choices = h('div', { class: 'tour-choices', role: 'group', 'aria-labelledby': 'tour-prompt' });
  const reveal = h('p', { class: 'tour-reveal', 'aria-live': 'polite' });
  const question = h('div', { class: 'tour-question' }, h('strong', {}, 'Check yourself. '), prompt, choices, reveal);
  const back = h('button', { type: 'button', onclick: () => go(step - 1) }, 'Back');
  const next = h('button', { type: 'button', class: 'primary', onclick: () => go(step + 1) }, 'Next');
  const close = h('button', { type: 'button', onclick: () => go(-1) }, 'Leave the tour');
  // the filter's step: one switch, random ↔ trained
  const toggle = h('button', {
    type: 'button',
    class: 'switch tour-switch',
    onclick: () => {
      const { options, trainedPreset } = store.get();
      const trained = options.weights !== 'trained' && trainedPreset;
      // the trained weights bring the heads they were trained with (result.options, result.notes)
      store.set({ options: { ...options, weights: trained ? 'trained' : 'random', seed: 1 } });
      showSwitch();
    },
  });
  const panel = h(
    'section',
    {
      class: 'tour',
      part: 'tour',
      role: 'region',
      'aria-labelledby': 'tour-title',
      hidden: true,
      onkeydown: (e) => {
        if (e.key === 'Escape') go(-1);
      },
    },
    counter,
    title,
    body,
    question,
    toggle,
    h('div', { class: 'tour-buttons' }, back, next, close),
  );
  let failed = null; // the sentence that says the part could not come, once it could not
  const start = h('button', { type: 'button', class: 'tour-start', onclick: () => begin() }, 'Take the guided tour');
  // the first start asks for the part (busy meanwhile); if it cannot come, the button says why
  async function begin() {
    if (!STEPS) {
      if (start.getAttribute('aria-busy') === 'true') return;
      start.setAttribute('aria-busy', 'true');
      failed?.remove();
      try {
        STEPS = (await loadExplainPart()).TOUR_STEPS;
      } catch (e) {
        failed = partFailed('The tour', e);
        start.after(failed);
        return;
      } finally {
        start.removeAttribute('aria-busy');
      }
    }
    go(0);
  }
  const frame = () => shadowRoot.firstElementChild; // the element's one container, whose layout docks the card

  function showSwitch() {
    const { options, trainedAvailable } = store.get();
    toggle.hidden = !STEPS[step]?.switch;
    toggle.disabled = !trainedAvailable;
    toggle.textContent = !trainedAvailable
      ? 'The trained weights are not available here'
      : options.weights === 'trained'
        ? 'Show the random weights'
        : 'Show the trained weights';
  }

  // the step's figure, where it is shown (the picture mode's views come with their part)
  const target = () => {
    const selector = STEPS[step]?.target;
    return selector
      ? ([...shadowRoot.querySelectorAll(selector)].find((e) => e.closest('.mode-panel:not([hidden])')) ?? null)
      : null;
  };

  // the figure is veiled (blurred, inert) until the question is answered
  function veil(el, on) {
    el?.classList.toggle('tour-veiled', on);
    if (el) el.inert = on;
  }

  // The question: its choices as buttons; once one is chosen, the numbers that decide it.
  function renderQuestion() {
    const q = STEPS[step]?.question;
    setHidden(question, !q);
    if (!q) return choices.replaceChildren();
    const state = store.get();
    const ready = state.mode !== 'text' || fresh(state);
    if (ready && q.askName) {
      const key = `${q.askName}Ask`,
        ask = q.ask(state);
      if (JSON.stringify(state[key]) !== JSON.stringify(ask)) store.set({ [key]: ask });
    }
    const list = ready ? q.choices(state) : null;
    setText(prompt, ready ? q.prompt(state) : 'The numbers are on their way…');
    syncChildren(
      choices,
      list?.length ?? 0,
      () => h('button', { type: 'button', class: 'choice', onclick: (e) => choose(e.currentTarget.value) }),
      (b, i) => {
        setText(b, list[i].label);
        b.value = String(list[i].value);
        b.setAttribute('aria-pressed', String(chosen === String(list[i].value)));
      },
    );
    const answer = chosen === null || !list ? null : q.answer(store.get());
    for (const b of choices.children) {
      b.classList.toggle('right', answer !== null && b.value === String(answer));
      b.classList.toggle('wrong', answer !== null && b.value === chosen && chosen !== String(answer));
    }
    if (chosen === null) return setText(reveal, '');
    if (answer === null) return setText(reveal, 'Computing the numbers that decide it…');
    const value = list.find((c) => String(c.value) === chosen)?.value;
    setText(reveal, `${value === answer ? 'Right. ' : 'Not quite. '}${q.reveal(store.get(), value)}`);
    veil(target(), false);
  }
  function choose(value) {
    chosen = value;
    renderQuestion();
  }

  // Keeps the step's figure at the top of the window until the reader scrolls (keep-at-top.js).
  let stopFollowing = () => {};
  function follow(el) {
    stopFollowing();
    if (el) stopFollowing = keepAtTop(el, [shadowRoot.host, el.closest('.mode-panel') ?? el, el]);
  }

  // The figure comes when its panel has drawn (or its mode's part has loaded), and a panel may draw
  // it anew: whichever element it is now is shown, marked and (until answered) veiled.
  let waiting = null,
    shown = null;
  function stopWaiting() {
    waiting?.disconnect();
    waiting = null;
    shown = null;
  }
  function show() {
    const el = target();
    if (!el || el === shown) return;
    shown = el;
    for (let d = el.closest('details'); d; d = d.parentElement?.closest('details')) d.open = true;
    el.classList.add('tour-focus');
    veil(el, Boolean(STEPS[step].question) && chosen === null);
    follow(el);
  }

  function go(to) {
    for (const el of shadowRoot.querySelectorAll('.tour-focus')) {
      el.classList.remove('tour-focus');
      veil(el, false);
    }
    stopFollowing();
    stopWaiting();
    chosen = null;
    if (to < 0 || to >= STEPS.length) {
      step = -1;
      panel.hidden = true;
      frame()?.classList.remove('touring');
      if (saved) store.set(saved); // your sentence and settings, as they were
      saved = null;
      for (const d of shadowRoot.querySelectorAll('details[open]')) if (wasOpen && !wasOpen.has(d)) d.open = false;
      wasOpen = null;
      start.focus();
      return;
    }
    if (step < 0) {
      saved = Object.fromEntries(KEPT.map((k) => [k, store.get()[k]]));
      wasOpen = new Set(shadowRoot.querySelectorAll('details[open]'));
    }
    step = to;
    const s = STEPS[step];
    store.set(s.state);
    if (s.switch && store.get().trainedAvailable) toggle.click(); // start on the trained filter
    showSwitch();
    setText(title, s.title);
    setText(body, s.text);
    setText(counter, `Step ${step + 1} of ${STEPS.length}`);
    back.disabled = step === 0;
    setText(next, step === STEPS.length - 1 ? 'Finish' : 'Next');
    panel.hidden = false;
    frame()?.classList.add('touring');
    renderQuestion();
    for (const selector of s.opens ?? [])
      for (const d of shadowRoot.querySelectorAll(selector)) if (d.tagName === 'DETAILS') d.open = true;
    show();
    if (typeof MutationObserver !== 'undefined') {
      waiting = new MutationObserver(show);
      waiting.observe(shadowRoot, { childList: true, subtree: true });
    }
    next.focus({ preventScroll: true });
  }

  // the question's numbers come with the step's analysis and the answers to its asks
  const stop = store.subscribe((_state, changed) => {
    if (step < 0 || !STEPS[step].question) return;
    if (['result', 'topic', 'analyzed'].some((k) => changed.has(k)) || [...changed].some((k) => k.endsWith('Answer')))
      renderQuestion();
  });
  return {
    root: h('div', { class: 'tour-wrap' }, start, panel),
    destroy: () => {
      stop();
      stopFollowing();
      stopWaiting();
    },
  };
}
