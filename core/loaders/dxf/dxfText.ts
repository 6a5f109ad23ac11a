import type { DxfEntity, DxfPoint } from './dxfEntity.js';
import type { Affine2, Sketch, SketchTextStyle, TextHAlign, TextVAlign } from '../sketch/Sketch.js';

/** The text fields of TEXT, ATTRIB and ATTDEF as dxf-parser reads them (ATTRIB's with its own names). */
type DxfTextEntity = DxfEntity & {
  endPoint?: DxfPoint;
  /** TEXT 72 and 73. */
  halign?: number;
  valign?: number;
  /** ATTRIB/ATTDEF 72, 74 and 41. */
  horizontalJustification?: number;
  verticalJustification?: number;
  scale?: number;
  invisible?: boolean;
};

/** MTEXT's line spacing, in text heights (AutoCAD's default 5/3). */
const MTEXT_LINE_SPACING = 5 / 3;
const H_ALIGN: readonly TextHAlign[] = ['left', 'center', 'right'];
const V_ALIGN: readonly TextVAlign[] = ['baseline', 'bottom', 'middle', 'top'];

/**
 * TEXT, ATTRIB (and ATTDEF, when asked) as a text run: group 72 (left, center, right, aligned, middle, fit)
 * and 73 (or ATTRIB's 74: baseline, bottom, middle, top) place it on the second alignment point; aligned and
 * fit texts span the first to the second; 41 stretches it; 50 turns it.
 */
export function drawDxfText(sketch: Sketch, entity: DxfTextEntity, id: number, rgb: number, m: Affine2): void {
  if (entity.invisible) return;
  const first = entity.startPoint;
  const height = entity.textHeight ?? 0;
  if (!first || !(height > 0)) return;
  const isAttribute = entity.type !== 'TEXT';
  const h = (isAttribute ? entity.horizontalJustification : entity.halign) ?? 0;
  const v = (isAttribute ? entity.verticalJustification : entity.valign) ?? 0;
  const second = entity.endPoint;
  const style: SketchTextStyle = {
    text: dxfPlainText(entity.text ?? ''),
    height,
    rotation: ((entity.rotation ?? 0) * Math.PI) / 180,
    widthFactor: (isAttribute ? entity.scale : entity.xScale) || 1,
  };
  // Left on the baseline (and any text without its second point) sits on the first point.
  if ((h === 0 && v === 0) || !second) return sketch.text(id, rgb, m, first, style);
  if (h === 3 || h === 5) {
    // Aligned and fit: the baseline runs from the first point to the second.
    const dx = second.x - first.x;
    const dy = second.y - first.y;
    const length = Math.hypot(dx, dy);
    if (length > 0) return sketch.text(id, rgb, m, first, { ...style, rotation: Math.atan2(dy, dx), widthFactor: 1, fitWidth: length });
    return sketch.text(id, rgb, m, first, style);
  }
  if (h === 4) return sketch.text(id, rgb, m, second, { ...style, halign: 'center', valign: 'middle' });
  sketch.text(id, rgb, m, second, { ...style, halign: H_ALIGN[h] ?? 'left', valign: V_ALIGN[v] ?? 'baseline' });
}

/**
 * MTEXT as a text run: its formatting codes stripped (\P a new line), placed by its attachment point (1–9:
 * top, middle, bottom rows of left, centre, right), turned by its direction (or 50), wrapped at its
 * reference width.
 */
export function drawDxfMText(sketch: Sketch, entity: DxfEntity, id: number, rgb: number, m: Affine2): void {
  const origin = entity.position;
  const height = entity.height ?? 0;
  if (!origin || !(height > 0)) return;
  const attachment = Math.min(9, Math.max(1, entity.attachmentPoint ?? 1)) - 1;
  const rotation = entity.directionVector ? Math.atan2(entity.directionVector.y, entity.directionVector.x) : ((entity.rotation ?? 0) * Math.PI) / 180;
  sketch.text(id, rgb, m, origin, {
    text: mtextPlainText(entity.text ?? ''),
    height,
    rotation,
    halign: H_ALIGN[attachment % 3],
    valign: (['top', 'middle', 'bottom'] as const)[Math.floor(attachment / 3)],
    lineSpacing: MTEXT_LINE_SPACING,
    wrapWidth: entity.width && entity.width > 0 ? entity.width : 0,
  });
}

/**
 * MTEXT's text without its formatting codes: \P is a new line, {\f...;} and the like go; the caret codes
 * of control characters become them (^I a tab, ^J a new line, "^ " a caret).
 */
export function mtextPlainText(text: string): string {
  return dxfPlainText(
    text
      .replace(/\^I/g, '\t')
      .replace(/\^J/g, '\n')
      .replace(/\^ /g, '^')
      .replace(/\\P/g, '\n')
      .replace(/\\[ACcFfHQTWp][^;\\{}]*;/g, '')
      .replace(/\\[LlOoKk]/g, '')
      .replace(/\\S([^;]*);/g, (_, fraction: string) => stackedText(fraction))
      .replace(/[{}]/g, '')
      .replace(/\\~/g, '\u00a0')
      .replace(/\\\\/g, '\\'),
  );
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const SUBSCRIPT_DIGITS = '₀₁₂₃₄₅₆₇₈₉';

/**
 * An MTEXT stack (\S7#8; 7/8, \S1^2; 1 over 2): a fraction of digits as a small one (⁷⁄₈, one character
 * wide, as CAD stacks it, so that "1\S7#8;" reads 1⁷⁄₈ and not 17/8); anything else as "a/b".
 */
function stackedText(stack: string): string {
  const parts = /^(.*?)[#^/](.*)$/.exec(stack);
  if (!parts) return stack;
  const [, top, bottom] = parts;
  if (/^\d+$/.test(top) && /^\d+$/.test(bottom)) return [...top].map((d) => SUPERSCRIPT_DIGITS[+d]).join('') + '\u2044' + [...bottom].map((d) => SUBSCRIPT_DIGITS[+d]).join('');
  return `${top.trim()}/${bottom.trim()}`;
}

/** The code pages of \M+n (1–5): what AutoCAD writes a double-byte character of an Asian font as. */
const MULTIBYTE_PAGES = ['', 'shift_jis', 'big5', 'euc-kr', 'euc-kr', 'gbk'];

/** A \M+nXXXX character: its two bytes in code page n. */
function multibyteChar(page: string, hex: string): string {
  const label = MULTIBYTE_PAGES[Number(page)];
  if (!label) return '';
  const code = parseInt(hex, 16);
  return new TextDecoder(label).decode(new Uint8Array([code >> 8, code & 0xff]));
}

/**
 * TEXT's control codes: %%c ⌀, %%d °, %%p ±, %%nnn a character; %%u and %%o (under- and overline) go. The
 * characters a pre-2007 file's code page lacks: \U+XXXX (Unicode) and \M+nXXXX (a double-byte code page's).
 */
export function dxfPlainText(text: string): string {
  return text
    .replace(/\\U\+([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\M\+([1-5])([0-9a-fA-F]{4})/g, (_, page: string, hex: string) => multibyteChar(page, hex))
    .replace(/%%[cC]/g, '\u2300')
    .replace(/%%[dD]/g, '\u00b0')
    .replace(/%%[pP]/g, '\u00b1')
    .replace(/%%[uUoOkK]/g, '')
    .replace(/%%(\d{3})/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/%%%/g, '%');
}
