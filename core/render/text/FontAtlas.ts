import TinySDF from '@mapbox/tiny-sdf';
import { DataTexture, LinearFilter, LinearMipmapLinearFilter, RedFormat, UnsignedByteType } from 'three';

/** The font 2D text is drawn with, under the resource root (copied there by server/copyFonts.mjs). */
export const TEXT_FONT_PATH = 'fonts/DejaVuSans.ttf';
/** The family name the font is registered under in the page (never a system font's). */
const FONT_FAMILY = 'DesignViewerText';
/** Glyphs are rasterized this big (pixels per em) before their distance field is taken. */
const SDF_FONT_SIZE = 48;
const SDF_BUFFER = 6;
/** Pixels of distance the field spans on each side of an edge. */
const SDF_RADIUS = 12;
/** Share of the byte range outside the edge: the edge is at 1 - SDF_CUTOFF (tiny-sdf's encoding). */
export const SDF_CUTOFF = 0.25;
const ATLAS_WIDTH = 1024;
/** Each glyph gets a square cell: tiny-sdf's glyphs are at most its canvas size plus a buffer. */
const CELL = SDF_FONT_SIZE + SDF_BUFFER * 5;

/** Where a glyph sits, in ems from the pen on the baseline (y up), and where its field is in the atlas (0–1). */
export interface GlyphMetrics {
  advance: number;
  /** The quad, ink plus the field's buffer: left, bottom, right, top. */
  left: number;
  bottom: number;
  right: number;
  top: number;
  /** Atlas coordinates of the quad's top-left and bottom-right corners (row 0 is the glyph's top). */
  u0: number;
  v0: number;
  u1: number;
  v1: number;
  /** Whether it has ink (a space has none: no quad). */
  ink: boolean;
}

const loads = new Map<string, Promise<void>>();

/**
 * Fetches the font once per URL (with the credentials rule of the resource root) and registers it with the
 * page under a family name of its own; the canvas that rasterizes glyphs then draws with it.
 */
export function loadTextFont(url: string, credentials: RequestCredentials = 'omit'): Promise<void> {
  let load = loads.get(url);
  if (!load) {
    load = (async () => {
      const response = await fetch(url, { credentials });
      if (!response.ok) throw new Error(`The text font ${url} could not be fetched (${response.status}).`);
      const face = new FontFace(FONT_FAMILY, await response.arrayBuffer());
      await face.load();
      document.fonts.add(face);
      warmGlyphCanvas();
    })();
    load.catch(() => loads.delete(url));
    loads.set(url, load);
  }
  return load;
}

let glyphCanvasWarmed = false;

/**
 * Draws once on a throwaway canvas of the kind that rasterizes glyphs. The page's first 2D canvas sets up
 * the browser's canvas pipeline, which waits for the GPU process (150–250 ms with SwiftShader while it draws
 * the model's first frames); done as the font arrives, while the loader worker still reads the drawing, it
 * no longer holds up the atlas and the first picture.
 */
function warmGlyphCanvas(): void {
  if (glyphCanvasWarmed || typeof OffscreenCanvas === 'undefined') return;
  glyphCanvasWarmed = true;
  new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true })?.clearRect(0, 0, 1, 1);
}

/**
 * One signed-distance-field atlas of the glyphs a set of texts uses (a single-channel texture, one square
 * cell per glyph), made once the font is loaded: every text of a model draws from it, at any zoom.
 */
export class FontAtlas {
  readonly texture: DataTexture;
  /** A capital's height, in ems: texts are sized by it. */
  readonly capHeight: number;
  private readonly glyphs = new Map<string, GlyphMetrics>();

  constructor(characters: Iterable<string>) {
    const sdf = new TinySDF({ fontSize: SDF_FONT_SIZE, buffer: SDF_BUFFER, radius: SDF_RADIUS, cutoff: SDF_CUTOFF, fontFamily: FONT_FAMILY });
    const chars = [...new Set(characters)].filter((char) => char !== '\n');
    const columns = Math.floor(ATLAS_WIDTH / CELL);
    const rows = Math.max(1, Math.ceil(chars.length / columns));
    const height = rows * CELL;
    const data = new Uint8Array(ATLAS_WIDTH * height);
    const measure = (sdf as unknown as { ctx: CanvasRenderingContext2D }).ctx.measureText('H');
    this.capHeight = measure.actualBoundingBoxAscent / SDF_FONT_SIZE || 0.73;
    chars.forEach((char, i) => {
      const glyph = sdf.draw(char);
      const x = (i % columns) * CELL;
      const y = Math.floor(i / columns) * CELL;
      const width = Math.min(glyph.width, CELL);
      const rowsOf = Math.min(glyph.height, CELL);
      for (let row = 0; row < rowsOf; row++) data.set(glyph.data.subarray(row * glyph.width, row * glyph.width + width), (y + row) * ATLAS_WIDTH + x);
      const left = (glyph.glyphLeft - SDF_BUFFER) / SDF_FONT_SIZE;
      const top = (glyph.glyphTop + SDF_BUFFER) / SDF_FONT_SIZE;
      this.glyphs.set(char, {
        advance: glyph.glyphAdvance / SDF_FONT_SIZE,
        left,
        top,
        right: left + width / SDF_FONT_SIZE,
        bottom: top - rowsOf / SDF_FONT_SIZE,
        u0: x / ATLAS_WIDTH,
        v0: y / height,
        u1: (x + width) / ATLAS_WIDTH,
        v1: (y + rowsOf) / height,
        ink: glyph.glyphWidth > 0 && glyph.glyphHeight > 0,
      });
    });
    this.texture = new DataTexture(data, ATLAS_WIDTH, height, RedFormat, UnsignedByteType);
    this.texture.unpackAlignment = 1;
    this.texture.flipY = false;
    this.texture.magFilter = LinearFilter;
    this.texture.minFilter = LinearMipmapLinearFilter;
    this.texture.generateMipmaps = true;
    this.texture.needsUpdate = true;
  }

  /** The glyph of a character (a space's advance for one the atlas was not made with). */
  glyph(char: string): GlyphMetrics {
    return this.glyphs.get(char) ?? this.glyphs.get(' ') ?? EMPTY;
  }

  dispose(): void {
    this.texture.dispose();
  }
}

const EMPTY: GlyphMetrics = { advance: 0.3, left: 0, bottom: 0, right: 0, top: 0, u0: 0, v0: 0, u1: 0, v1: 0, ink: false };
