import { type Affine2, compose, IDENTITY, type Sketch } from '../sketch/Sketch.js';
import { hasNoReadableText } from './pdfGlyphs.js';
import { insideClip, transformPoint } from './pdfClip.js';
import type { PdfObject, ShownCharacter } from './pdfOperators.js';

/** A text item of page.getTextContent(): a run of text with its matrix (font size included), in user space. */
export interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** A capital letter's height in ems (Helvetica's and Times' cap heights are 0.72 and 0.66 of their size). */
const CAP_HEIGHT = 0.7;
/** How far ahead a text item's first character is looked for among the characters the operators showed. */
const MATCH_WINDOW = 4000;

/**
 * Each text item with something to read becomes a Text object: its string is a property (search finds it)
 * and a text run of the sketch, on its baseline, at its size, stretched to the width pdf.js measured, in
 * the text renderer's font. Its layer, colour and clip are those its characters were shown with in the operator
 * list (text items carry none of them): matched in order, character by character, spaces aside.
 */
export function drawTextItems(items: readonly PdfTextItem[], shown: readonly ShownCharacter[], sketch: Sketch, page: Affine2, firstDbId: number, objects: PdfObject[]): void {
  const visible = shown.filter((c) => c.char.trim() !== '');
  let cursor = 0;
  for (const item of items) {
    const text = item.str?.replace(/\s+$/, '');
    const [a, b, c, d, e, f] = item.transform ?? [];
    const size = Math.hypot(c, d);
    const along = Math.hypot(a, b);
    if (!text?.trim() || !(size > 0) || !(along > 0) || ![a, b, c, d, e, f].every(Number.isFinite)) continue;
    const first = [...text].find((char) => char.trim() !== '') ?? '';
    let match = -1;
    for (let i = cursor; i < Math.min(visible.length, cursor + MATCH_WINDOW); i++) {
      if (visible[i].char === first) {
        match = i;
        break;
      }
    }
    const from = match >= 0 ? visible[match] : null;
    const matched = match >= 0 ? visible.slice(match, match + [...text].filter((char) => char.trim() !== '').length) : [];
    if (match >= 0) cursor = match + matched.length;
    // An item anchored where the clip it was shown in hides it is left out (its glyphs are not cut), as a DXF viewport keeps a text by its anchor.
    if (from && !insideClip(transformPoint(page, { x: e, y: f }), from.clip, from.region)) continue;
    const dbId = firstDbId + objects.length;
    const rgb = from?.rgb ?? 0;
    // Text shown invisibly (a scanned sheet's recognised text) is read, as pdf.js reads it, but not drawn.
    if (matched.length > 0 && matched.every((char) => char.invisible)) {
      objects.push({ kind: 'Text', ocg: from?.ocg ?? null, rgb, text: text.trim() });
      continue;
    }
    // Glyphs with no readable text are drawn from their outlines, in the colour they were shown in; the
    // text run keeps their places blank, and the object's text is what can be read.
    const outlines = matched.filter((char) => char.outline);
    for (const char of outlines) for (const [p0, p1, p2] of char.outline!) sketch.triangle(dbId, char.rgb, IDENTITY, p0, p1, p2);
    const readable = [...text].map((char) => (hasNoReadableText(char) ? ' ' : char)).join('');
    // The item's frame, one unit a font size (its matrix holds the size): x along its baseline, y up its glyphs.
    const frame = compose(page, [a, b, c, d, e, f]);
    if (readable.trim()) sketch.text(dbId, rgb, frame, { x: 0, y: 0 }, { text: readable, height: CAP_HEIGHT, fitWidth: item.width > 0 ? item.width / along : 0 });
    else if (!outlines.length) continue;
    objects.push({ kind: 'Text', ocg: from?.ocg ?? null, rgb, text: readable });
  }
}
