// A Vite app as the README shows it, with no configuration: the element, and the JS API, from
// the installed package. ?baseUrl=… loads the API's files from there instead.
import 'attention-lens/element';
import { createAttentionLens } from 'attention-lens';

const out = document.querySelector('#api');
const baseUrl = new URLSearchParams(location.search).get('baseUrl') ?? undefined;
createAttentionLens({ baseUrl })
  .then(async (lens) => {
    const r = await lens.analyze('Tyrion drinks and knows things', { heads: 2 });
    out.dataset.kernels = lens.info.kernels;
    out.textContent = r.tokens.map((t) => `${t.text}:${t.known}`).join(' ');
    r.dispose();
  })
  .catch((e) => {
    out.textContent = `error: ${e.message}`;
  });
