import type { Bitmap, PictureLine, TextPainter } from './escpos';
// The font's faces come with the printing code, so a Bangla line is drawn in it on an English screen too.
import '../../lib/i18n/bn-font.css';

/**
 * The browser's TextPainter: draws a line on a canvas in the app's Noto Sans Bengali (Latin
 * letters beside it in the system's sans-serif), black on white, wrapped by words within the paper.
 * 24 px is the printer's own line (font A is 24 dots tall), 34 px the shop's name.
 */
const FONT_FAMILY = '"Noto Sans Bengali", "Noto Sans", Arial, sans-serif';
const GAP = 12;

const fontOf = (line: Pick<PictureLine, 'bold' | 'big'>) =>
  `${line.bold ? 700 : 400} ${line.big ? 34 : 24}px ${FONT_FAMILY}`;

/** Grapheme clusters (a Bangla conjunct stays whole), for a word too long for a line. */
function graphemes(text: string): string[] {
  if (typeof Intl.Segmenter === 'function')
    return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(
      (s) => s.segment,
    );
  return [...text];
}

/** The text in lines no wider than `room`, broken between words (inside a word only when it must). */
function wrap(text: string, room: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (measure(next) <= room) {
      current = next;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    for (const piece of graphemes(word)) {
      if (current && measure(current + piece) > room) {
        lines.push(current);
        current = '';
      }
      current += piece;
    }
  }
  lines.push(current);
  return lines;
}

/** Waits (a few seconds at most) until the Bengali font's two weights are ready to draw with. */
export async function loadPrintFont(): Promise<void> {
  if (!('fonts' in document)) return;
  const ready = Promise.all(
    [false, true].map((bold) => document.fonts.load(fontOf({ bold, big: false }), 'অআ')),
  ).then(() => undefined);
  const late = new Promise<void>((resolve) => setTimeout(resolve, 3000));
  await Promise.race([ready.catch(() => undefined), late]);
}

export function canvasPainter(): TextPainter {
  const canvas = document.createElement('canvas');
  let drawing: CanvasRenderingContext2D | null = null;
  return {
    paint(line: PictureLine, width: number): Bitmap {
      drawing ??= canvas.getContext('2d', { willReadFrequently: true });
      if (!drawing) throw new Error('This browser cannot draw on a canvas');
      const context = drawing;
      const font = fontOf(line);
      context.font = font;
      const measure = (text: string) => context.measureText(text).width;
      const figure = line.right ? measure(line.right) : 0;
      const room = line.right ? Math.max(width / 3, width - figure - GAP) : width;
      const lines = wrap(line.left, room, measure);
      const lineHeight = Math.ceil((line.big ? 34 : 24) * 1.5);
      // Setting the size clears the canvas and its drawing state.
      canvas.width = width;
      canvas.height = lines.length * lineHeight;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.fillStyle = '#000';
      context.font = font;
      context.textBaseline = 'middle';
      lines.forEach((text, index) => {
        const y = index * lineHeight + lineHeight / 2;
        context.textAlign = line.align === 'center' ? 'center' : 'left';
        context.fillText(text, line.align === 'center' ? width / 2 : 0, y);
      });
      if (line.right) {
        context.textAlign = 'right';
        context.fillText(line.right, width, lineHeight / 2);
      }
      return context.getImageData(0, 0, canvas.width, canvas.height);
    },
  };
}
