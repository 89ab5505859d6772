// Choosing the picture: the built-in photos, a file of your own (picker, drag and drop or
// paste). Nothing is uploaded anywhere: the file is decoded in this page.
import { h, syncChildren, uniqueId } from '../../dom.js';
import { watch } from '../../store.js';
import { decodePicture, PictureError } from '../decode.js';

// Decodes a Blob (or fetches a URL first) into the store's picture; errors become a message
// and the picture shown so far stays.
export async function openPicture(store, source, { name, title = name, credit = '' } = {}) {
  const ticket = Symbol('load');
  store.set({ pictureLoad: ticket, pictureStatus: `Opening ${title}…`, pictureError: null });
  try {
    const blob = typeof source === 'string' ? await (await fetchOk(source)).blob() : source;
    const decoded = await decodePicture(blob);
    if (store.get().pictureLoad !== ticket) return; // a later choice won
    // a new picture starts at its centre patch; the first one keeps a patch a link chose
    const { picture, patchChosen } = store.get();
    store.set({
      picture: { ...decoded, name, title, credit },
      pictureStatus: '',
      patchChosen: picture ? false : patchChosen,
    });
  } catch (e) {
    if (store.get().pictureLoad !== ticket) return;
    const message = e instanceof PictureError ? e.message : `It could not be opened: ${e.message}`;
    store.set({ pictureStatus: '', pictureError: `${title}: ${message}` });
  }
}

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return response;
}

const creditOf = (p) => `${p.title}: ${p.author}, ${p.licence}.`;

// What of a picture the layer sees: the core takes its centred square (src/core/image), so a
// picture that is not square loses two edges, which the page says.
export function cropNote({ width, height }) {
  if (width === height) return '';
  const side = Math.min(width, height),
    cut = Math.abs(width - height);
  const edges = width > height ? 'left and right' : 'top and bottom';
  return (
    `It is not square: the layer sees its middle ${side} × ${side} pixels, ` +
    `${cut % 2 ? `about ${Math.round(cut / 2)}` : cut / 2} pixels cut from the ${edges} edges.`
  );
}

// builtIns(): a promise of the built-in photos' list, asked for when the image mode is first shown
export function pickerView(store, builtIns) {
  const fileId = uniqueId('picture-file');
  const file = h('input', {
    id: fileId,
    type: 'file',
    accept: 'image/*',
    class: 'visually-hidden',
    onchange: () => {
      if (file.files[0]) openPicture(store, file.files[0], { name: file.files[0].name });
      file.value = '';
    },
  });
  const photos = h('div', { class: 'photos', role: 'group', 'aria-label': 'Built-in photos' });
  const status = h('p', { class: 'picture-status', role: 'status' });
  const error = h('p', { class: 'picture-error', role: 'alert', hidden: true });
  const credit = h('p', { class: 'credit' });
  const crop = h('p', { class: 'crop-note', 'aria-live': 'polite' });
  const root = h(
    'section',
    { class: 'picker', 'aria-label': 'The picture' },
    h('h2', {}, 'The picture'),
    photos,
    h(
      'p',
      { class: 'open-own' },
      file, // before its label: a focus on it shows on the label (the input itself is hidden)
      h('label', { for: fileId, class: 'button' }, 'Open a picture of your own…'),
      ' or drop one on this panel, or paste one (Ctrl+V). It stays in this page: nothing is uploaded.',
    ),
    status,
    error,
    credit,
    crop,
  );

  root.addEventListener('dragover', (e) => {
    if ([...(e.dataTransfer?.types ?? [])].includes('Files')) {
      e.preventDefault();
      root.classList.add('dropping');
    }
  });
  root.addEventListener('dragleave', () => root.classList.remove('dropping'));
  root.addEventListener('drop', (e) => {
    e.preventDefault();
    root.classList.remove('dropping');
    const dropped = e.dataTransfer?.files?.[0];
    if (dropped) openPicture(store, dropped, { name: dropped.name });
  });

  const showPhotos = (list) => {
    syncChildren(
      photos,
      list.length,
      () => h('button', { type: 'button', class: 'photo' }, h('img', { alt: '' }), h('span')),
      (button, i) => {
        const p = list[i];
        button.firstChild.src = p.url;
        button.lastChild.textContent = p.title.replace(/ \(.*\)$/, '');
        button.dataset.name = p.name;
        button.onclick = () => openPicture(store, p.url, { name: p.name, title: p.title, credit: creditOf(p) });
      },
    );
    if (list.length === 0 && location.protocol === 'file:')
      status.textContent = 'From a file on disk the built-in photos cannot be read: open a picture of your own.';
  };
  let listed = false;
  const stopList = watch(store, ['mode'], ({ mode }) => {
    if (mode !== 'image' || listed) return;
    listed = true;
    builtIns().then(showPhotos);
  });

  const stop = watch(
    store,
    ['picture', 'pictureStatus', 'pictureError'],
    ({ picture, pictureStatus, pictureError }) => {
      status.textContent = pictureStatus ?? '';
      error.hidden = !pictureError;
      error.textContent = pictureError ?? '';
      credit.textContent = picture
        ? `${picture.credit || picture.title} ${picture.width} × ${picture.height} pixels as decoded.`
        : '';
      crop.textContent = picture ? cropNote(picture) : '';
      for (const b of photos.children) b.setAttribute('aria-pressed', String(b.dataset.name === picture?.name));
    },
  );
  return {
    root,
    destroy() {
      stop();
      stopList();
    },
  };
}

// Pasting a picture anywhere in the element opens it (in image mode).
export function onPastePicture(host, store) {
  const paste = (e) => {
    if (store.get().mode !== 'image') return;
    const item = [...(e.clipboardData?.items ?? [])].find((i) => i.kind === 'file' && i.type.startsWith('image/'));
    if (!item) return;
    e.preventDefault();
    openPicture(store, item.getAsFile(), { name: 'pasted picture' });
  };
  host.addEventListener('paste', paste);
  return () => host.removeEventListener('paste', paste);
}
