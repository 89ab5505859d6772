// The image mode's picture, loaded into the store: a built-in photo or another URL (fetched), or
// a file chosen, dropped or pasted (a Blob), decoded in this page (../decode.js; nothing is
// uploaded). The picker asks with the store's pictureAsk: { photo } (a built-in photo of the
// list) or { source: a URL or a Blob, name }. While it loads pictureStatus says so; what cannot
// be opened becomes pictureError, and the picture shown so far stays. Choices made while one
// loads coalesce: only the latest is opened next. When the mode is first shown, the built-in
// photos' list goes in the store (builtInPictures) and the first picture opens: the `src`
// attribute's URL, else the `picture` attribute's built-in photo, else the first one. Once the
// picker's photos are on screen (photosShown) their thumbnails follow (photoThumbnails: name ->
// ImageBitmap), from the same file the picture is read from (pageFile: one download).
import { coalesce } from '../../coalesce.js';
import { builtInPictures, pageFile } from '../../engine.js';
import { watch } from '../../store.js';
import { decodePicture, PictureError } from '../decode.js';

// what the store's picture says of where it comes from
function described({ photo, source, name }) {
  if (!photo) return { source, name, title: name, credit: '' };
  return {
    source: photo.path, // read with the page's files (pageFile): one download for the thumbnail too
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

const THUMBNAIL_SIDE = 144; // pixels: the picker's 72 CSS px at twice the density

export function startPictures(store, { picture: pictureName, src }) {
  let thumbnailsAsked = false;
  const stopThumbnails = watch(store, ['photosShown', 'builtInPictures'], ({ photosShown, builtInPictures }) => {
    if (!photosShown || !builtInPictures || thumbnailsAsked) return;
    thumbnailsAsked = true;
    for (const photo of builtInPictures)
      pageFile(photo.path)
        .then((bytes) =>
          createImageBitmap(new Blob([bytes]), {
            resizeWidth: THUMBNAIL_SIDE,
            resizeHeight: THUMBNAIL_SIDE,
            resizeQuality: 'medium',
          }),
        )
        .then(
          (bitmap) => store.set({ photoThumbnails: { ...store.get().photoThumbnails, [photo.name]: bitmap } }),
          () => {}, // no thumbnail: the photo's button keeps its name, and opening it says what failed
        );
  });
  const open = coalesce(async () => {
    const ask = store.get().pictureAsk;
    const { source, name, title, credit } = described(ask);
    try {
      const blob =
        typeof source !== 'string'
          ? source
          : ask.photo
            ? new Blob([await pageFile(source)])
            : await (await fetchOk(source)).blob();
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
    stopThumbnails();
  };
}
