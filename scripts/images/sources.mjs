// The pictures scripts/build-images.mjs takes out of Debian's python3-skimage package
// (scikit-image's sample data): the image mode's built-in photos, the pictures the image layer is
// trained on, and for each the sentence of the package's _fetchers.py that grants its licence.
export const PACKAGE = 'python3-skimage';
export const DATA_DIR = 'usr/lib/python3/dist-packages/skimage/data';

// Each photo, and the line of _fetchers.py that grants its licence (checked below).
export const PHOTOS = [
  {
    name: 'chelsea',
    file: 'chelsea.png',
    title: 'Chelsea the cat',
    author: 'Stefan van der Walt',
    licence: 'CC0-1.0',
    grant: 'No copyright restrictions.  CC0 by the photographer (Stefan van der Walt).',
  },
  {
    name: 'coffee',
    file: 'coffee.png',
    title: 'A cup of coffee (courtesy of Pikolo Espresso Bar)',
    author: 'Rachel Michetti',
    licence: 'CC0-1.0',
    grant: 'No copyright restrictions.  CC0 by the photographer (Rachel Michetti).',
  },
  {
    name: 'astronaut',
    file: 'astronaut.png',
    title: 'Astronaut Eileen Collins',
    author: 'NASA',
    licence: 'public domain',
    grant: 'No known copyright restrictions, released into the public domain.',
  },
  {
    name: 'rocket',
    file: 'rocket.jpg',
    title: 'Falcon 9 launching DSCOVR',
    author: 'SpaceX',
    licence: 'public domain',
    grant: 'The image was captured by SpaceX and `released in the public domain',
  },
];

// More pictures of the package to train the image layer on, each with the sentence of _fetchers.py
// that grants its licence (checked in the docstring of the function that loads that file).
export const TRAINING = [
  {
    name: 'camera',
    file: 'camera.png',
    title: 'A photographer with a camera',
    author: 'Lav Varshney',
    licence: 'CC0-1.0',
    grant: 'No copyright restrictions. CC0 by the photographer (Lav Varshney).',
  },
  {
    name: 'brick',
    file: 'brick.png',
    title: 'A brick wall (grey)',
    author: 'CC0Textures (Bricks25)',
    licence: 'CC0-1.0',
    grant: 'licensed under the Creative Commons CC0 License.',
  },
  {
    name: 'grass',
    file: 'grass.png',
    title: 'Grass (grey)',
    author: 'linolafett (DeviantArt)',
    licence: 'CC0-1.0',
    grant: 'licensed under the Creative Commons CC0 License.',
  },
  {
    name: 'gravel',
    file: 'gravel.png',
    title: 'Gravel (grey)',
    author: 'CC0Textures (Gravel04)',
    licence: 'CC0-1.0',
    grant: 'licensed under the Creative Commons CC0 License.',
  },
  {
    name: 'cell',
    file: 'cell.png',
    title: 'A cell floating in saline (quantitative phase image)',
    author: 'Paul Müller et al.',
    licence: 'CC0-1.0',
    grant: 'This image is CC0, dedicated to the public domain.',
  },
  {
    name: 'clock',
    file: 'clock_motion.png',
    title: 'A motion-blurred clock',
    author: 'Stefan van der Walt',
    licence: 'public domain',
    grant: 'Released into the public domain by the photographer (Stefan van der Walt).',
  },
  {
    name: 'text',
    file: 'text.png',
    title: 'Hand-drawn text (Wikipedia, File:Corner.png)',
    author: 'Wikipedia',
    licence: 'public domain',
    grant: 'No known copyright restrictions, released into the public domain.',
  },
  {
    name: 'horse',
    file: 'horse.png',
    title: 'A horse silhouette (openclipart)',
    author: 'Andreas Preuss (marauder)',
    licence: 'CC0-1.0',
    grant: 'No copyright restrictions. CC0 given by owner (Andreas Preuss (marauder)).',
  },
  {
    name: 'hubble',
    file: 'hubble_deep_field.jpg',
    title: 'Hubble eXtreme Deep Field',
    author: 'NASA',
    licence: 'public domain',
    grant: 'The image was captured by NASA and `may be freely used in the public domain',
  },
  {
    name: 'retina',
    file: 'retina.jpg',
    title: 'A human retina (fundus photograph)',
    author: 'Mikael Häggström',
    licence: 'CC0-1.0',
    grant: 'This file is made available under the Creative Commons CC0 1.0 Universal Public Domain Dedication.',
  },
];
