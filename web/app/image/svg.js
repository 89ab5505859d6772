// SVG pictures: drawn by an <img> (no script in it runs, nothing outside it loads) onto a canvas,
// after reading the file as text to say what an <img> would not draw: HTML inside a
// <foreignObject> (the page may not draw it), pictures or styles from outside (never fetched:
// the picture would show broken-image icons), and a size over the image mode's limits (an SVG
// can declare any size in a few bytes).
import { imageSizeProblem } from '../../lib/image-check.js';

export class SvgError extends Error {}

// What an <img> would not draw as the file says, as a sentence, or '' when nothing.
export function svgProblem(text) {
  if (/<(?:[\w-]+:)?foreignObject[\s>/]/i.test(text))
    return 'This SVG contains HTML (a <foreignObject>), which the page does not draw: use a PNG or JPEG.';
  const outside =
    /<(?:[\w-]+:)?(?:image|use|feImage)\b[^>]*?\bhref\s*=\s*["']\s*(?!data:|#)([^"']+)/i.exec(text) ??
    /url\(\s*["']?\s*(?!data:|#)([^)"']+)/i.exec(text) ??
    /@import\s+(?:url\()?\s*["']?([^"');]+)/i.exec(text);
  if (outside)
    return `This SVG refers to outside pictures or styles (${outside[1].trim().slice(0, 80)}), which are never loaded: use a PNG or JPEG, or put them inside it.`;
  return '';
}

// { image, width, height }: the SVG decoded by an <img>, its size checked before any drawing
// (an <img> keeps an SVG as vectors, so decoding it costs nothing of its declared size).
export async function decodeSvg(blob, defaultSide) {
  const problem = svgProblem(await blob.text());
  if (problem) throw new SvgError(problem);
  const url = URL.createObjectURL(blob);
  const img = new Image();
  img.src = url;
  try {
    await img.decode(); // a failure (a damaged file, or a page that allows no blob: pictures) throws as it is
  } finally {
    URL.revokeObjectURL(url);
  }
  const width = img.naturalWidth || defaultSide,
    height = img.naturalHeight || defaultSide;
  const tooLarge = imageSizeProblem(width, height);
  if (tooLarge) throw new SvgError(`${tooLarge[0].toUpperCase()}${tooLarge.slice(1)}.`);
  return { image: img, width, height };
}
