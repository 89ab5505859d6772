// The image mode's picture, loaded into the store: a built-in photo or another URL (fetched), or
// a file chosen, dropped or pasted (a Blob), decoded in this page (../decode.js; nothing is
// uploaded). The picker asks with the store's pictureAsk: { photo } (a built-in photo of the
// list) or { source: a URL or a Blob, name }. While it loads pictureStatus says so; what cannot
// be opened becomes pictureError, and the picture shown so far stays. Choices made while one
// loads coalesce: only the latest is opened next. When the mode is first shown, the built-in
// photos' list goes in the store (builtInPictures) and the first picture opens: the `src`
// attribute's URL, else the `picture` attribute's built-in photo, else the first one.
import { coalesce } from '../../coalesce.js';
import { builtInPictures } from '../../engine.js';
import { watch } from '../../store.js';
import { decodePicture, PictureError } from '../decode.js';

// what the store's picture says of where it comes from
function described({ photo, source, name }) {
  if (!photo) return { source, name, title: name, credit: '' };
  return {
    source: photo.url,
    name: photo.name,
    title: photo.title,
    credit: `${photo.title}: ${photo.author}, ${photo.licence}.`,
  };
}

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return response;
}

export function startPictures(store, { picture: pictureName, src }) {
  const open = coalesce(async () => {
    const ask = store.get().pictureAsk;
    const { source, name, title, credit } = described(ask);
    try {
      const blob = typeof source === 'string' ? await (await fetchOk(source)).blob() : source;
      const decoded = await decodePicture(blob);
      if (store.get().pictureAsk !== ask) return; // a later choice: opened next
      // a new picture starts at its centre patch; the first one keeps a patch a link chose
      const { picture, patchChosen } = store.get();
      store.set({
        picture: { ...decoded, name, title, credit },
        pictureStatus: '',
        patchChosen: picture ? false : patchChosen,
      });
    } catch (e) {
      if (store.get().pictureAsk !== ask) return;
      const message = e instanceof PictureError ? e.message : `It could not be opened: ${e.message}`;
      store.set({ pictureStatus: '', pictureError: `${title}: ${message}` });
    }
  });
  const stopAsks = store.subscribe(({ pictureAsk }, changed) => {
    if (!changed.has('pictureAsk') || !pictureAsk) return;
    store.set({ pictureStatus: `Opening ${described(pictureAsk).title}…`, pictureError: null });
    open();
  });

  let listed = false;
  const stopFirst = watch(store, ['mode'], async ({ mode }) => {
    if (mode !== 'image' || listed) return;
    listed = true;
    const list = builtInPictures();
    list.then((builtIns) => store.set({ builtInPictures: builtIns }));
    if (store.get().picture) return;
    if (src) return store.set({ pictureAsk: { source: new URL(src, location.href).href, name: src.split('/').pop() } });
    const builtIns = await list;
    const first = builtIns.find((p) => p.name === pictureName) ?? builtIns[0];
    if (first) store.set({ pictureAsk: { photo: first } });
  });
  return () => {
    stopAsks();
    stopFirst();
  };
}
