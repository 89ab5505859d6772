// Choosing the picture: the built-in photos, a file of your own (picker, drag and drop or
// paste). Nothing is uploaded anywhere: the file is decoded in this page (../compute/pictures.js).
import { h, syncChildren, uniqueId } from '../../dom.js';
import { watch } from '../../store.js';
// Opening a picture is an ask (compute/pictures.js loads it): { photo } or { source, name }.
const ask = (store, pictureAsk) => store.set({ pictureAsk });

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

// The built-in photos are the store's builtInPictures, listed when the image mode is first shown.
export function pickerView(store) {
  const fileId = uniqueId('picture-file');
  const file = h('input', {
    id: fileId,
    type: 'file',
    accept: 'image/*',
    class: 'visually-hidden',
    onchange: () => {
      if (file.files[0]) ask(store, { source: file.files[0], name: file.files[0].name });
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
    if (dropped) ask(store, { source: dropped, name: dropped.name });
  });

  const showPhotos = (list) => {
    syncChildren(
      photos,
      list.length,
      () => h('button', { type: 'button', class: 'photo' }, h('canvas', { 'aria-hidden': 'true' }), h('span')),
      (button, i) => {
        const p = list[i];
        button.lastChild.textContent = p.title.replace(/ \(.*\)$/, '');
        button.dataset.name = p.name;
        button.onclick = () => ask(store, { photo: p });
      },
    );
    if (list.length === 0 && location.protocol === 'file:')
      status.textContent = 'From a file on disk the built-in photos cannot be read: open a picture of your own.';
  };
  // the thumbnails are asked for the first time the photos are on screen (a picker the view
  // hides fetches nothing for them), and drawn as they come (compute/pictures.js)
  const seen = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    seen.disconnect();
    store.set({ photosShown: true });
  });
  seen.observe(photos);
  const stopThumbnails = watch(store, ['photoThumbnails'], ({ photoThumbnails }) => {
    for (const button of photos.children) {
      const bitmap = photoThumbnails?.[button.dataset.name];
      const canvas = button.firstChild;
      if (!bitmap || canvas.width === bitmap.width) continue;
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      canvas.getContext('2d').drawImage(bitmap, 0, 0);
    }
  });
  const stopList = watch(
    store,
    ['builtInPictures'],
    ({ builtInPictures }) => builtInPictures && showPhotos(builtInPictures),
  );

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
      seen.disconnect();
      stopThumbnails();
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
    ask(store, { source: item.getAsFile(), name: 'pasted picture' });
  };
  host.addEventListener('paste', paste);
  return () => host.removeEventListener('paste', paste);
}
