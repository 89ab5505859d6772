// The embed page's form (embed-example.html, "Your own snippet"): a sentence and a view make a live
// preview element, and from its numbers the HTML to paste: the script tag and the element with its
// poster inside, the iframe twin, and, for a newsletter, the poster as a PNG linked to the live
// page (web/lib/poster.js and snippet.js, as the attention-lens-snippet command prints them).
import { answer, filterSvg, posterHtml, posterOf } from './lib/poster.js';
import { elementSnippet, frameSnippet, linkSnippet, liveUrl } from './lib/snippet.js';

const PNG_NAME = 'attention-lens-poster.png';

export function startSnippetForm(form) {
  const page = document.querySelector('.snippet-preview');
  const status = document.querySelector('.snippet-status');
  const out = (name) => document.querySelector(`.snippet-out[data-snippet="${name}"] code`);
  let preview = null,
    poster = null;

  // the element's attributes the form sets (defaults left out)
  function attributes() {
    const f = new FormData(form);
    const a = { sentence: f.get('sentence') };
    const view = f.get('view');
    if (view === 'compact') a.compact = '';
    else if (view !== 'all') a.view = view;
    if (f.get('heads') !== '1') a.heads = f.get('heads');
    if (f.get('mask') !== 'self') a.mask = f.get('mask');
    if (f.get('theme') !== 'auto') a.theme = f.get('theme');
    return a;
  }
  // where the blogger's copy of dist/ is (default: this page's own folder)
  function base() {
    const typed = new FormData(form).get('base').trim();
    try {
      return new URL(typed || '.', location.href);
    } catch {
      return new URL('.', location.href);
    }
  }

  function write() {
    const a = attributes();
    const { result, query } = preview.state ?? {};
    if (!result) return;
    const folder = base();
    const live = liveUrl(new URL('index.html', folder).href, a);
    poster = posterOf(result, { query, view: a.view ?? null, link: live });
    out('element').textContent = elementSnippet({
      attributes: a,
      src: new URL('attention-lens.js', folder).href,
      poster: posterHtml(poster),
    });
    out('iframe').textContent = frameSnippet({ attributes: a, frame: new URL('frame.html', folder).href });
    out('link').textContent = linkSnippet({
      live,
      image: PNG_NAME,
      alt: `The attention filter of “${a.sentence}”: ${answer(poster).replace(/<[^>]*>/g, '')}`,
    });
    status.textContent = `Made from the preview’s numbers. ${answer(poster).replace(/<[^>]*>/g, '')}`;
  }

  // a new preview for the form's attributes (its view is fixed when it is made)
  function remake() {
    status.textContent = 'Making the snippet…';
    const a = attributes();
    const el = document.createElement('attention-lens');
    for (const [name, value] of Object.entries(a)) el.setAttribute(name, value);
    el.setAttribute('loading', 'eager');
    el.setAttribute('aria-label', 'The preview of your snippet'); // not the demos' names
    el.addEventListener('attention-lens-render', write);
    page.replaceChildren(el);
    preview = el;
  }

  // the poster as a PNG: its filter drawn twice as large, the answer beneath, on white
  async function downloadPng() {
    if (!poster) return;
    const svg = filterSvg(poster).replace('fill="currentColor"', 'fill="#1b1f24"');
    const image = new Image();
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    try {
      image.src = url;
      await image.decode();
    } finally {
      URL.revokeObjectURL(url);
    }
    const scale = 2,
      pad = 16 * scale,
      line = 22 * scale;
    const words = answer(poster).replace(/<[^>]*>/g, '');
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(image.naturalWidth * scale + 2 * pad, 640 * scale);
    canvas.height = image.naturalHeight * scale + 2 * pad + 3 * line;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(image, pad, pad, image.naturalWidth * scale, image.naturalHeight * scale);
    ctx.fillStyle = '#1b1f24';
    ctx.font = `${15 * scale}px system-ui, sans-serif`;
    const y = pad + image.naturalHeight * scale + line;
    ctx.fillText(words, pad, y, canvas.width - 2 * pad);
    ctx.fillStyle = '#5c636a';
    ctx.font = `${13 * scale}px system-ui, sans-serif`;
    ctx.fillText('Self-attention with GloVe word vectors: Attention Lens (click to open it live)', pad, y + line);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = PNG_NAME;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  let typing = 0;
  form.addEventListener('input', (e) => {
    // the sentence is the preview's own attribute (no new element); the rest makes a new one
    if (e.target.name === 'sentence') {
      preview.setAttribute('sentence', e.target.value);
      return;
    }
    if (e.target.name === 'base') {
      cancelAnimationFrame(typing);
      typing = requestAnimationFrame(write);
      return;
    }
    remake();
  });
  form.addEventListener('submit', (e) => e.preventDefault());
  document.querySelector('.snippet-png').addEventListener('click', () =>
    downloadPng().catch((e) => {
      status.textContent = `The PNG could not be made: ${e.message}`;
    }),
  );
  remake();
}
