import { Color, Vector4, type WebGLRenderer } from 'three';

/** A run of rows of one colour: first row (from the bottom), row count, and the 8-bit display colour. */
interface Band {
  y: number;
  rows: number;
  rgb: [number, number, number];
}

/**
 * The view's background: a gradient from the top of the view to its bottom, mixed in linear light and
 * written as display (sRGB-encoded) colour, as the batches write theirs. It is painted with clears, one
 * scissored clear per run of rows that share their 8-bit colour: no program, so no shader to link and, on
 * software GL, no pipeline to build before the empty viewer's first frame (100 ms and more there, with
 * the page's input waiting on it), and no full-view pass of fragment shading in every frame.
 */
export class BackgroundGradient {
  private readonly top = new Color();
  private readonly bottom = new Color();
  /** The bands for the last height painted. */
  private bands: Band[] = [];
  private bandsHeight = -1;
  private readonly scissor = new Vector4();
  private readonly clearColor = new Color();

  constructor(top: Color, bottom: Color) {
    this.setColors(top, bottom);
  }

  /** The colours at the top and the bottom of the view (three.js colours: linear). */
  setColors(top: Color, bottom: Color): void {
    this.top.copy(top);
    this.bottom.copy(bottom);
    this.bandsHeight = -1;
  }

  /** The display colour of a row (0 at the bottom), as 8-bit components. */
  colorAt(row: number, height: number): [number, number, number] {
    const t = (row + 0.5) / height;
    const { top, bottom } = this;
    return [encode(bottom.r + (top.r - bottom.r) * t), encode(bottom.g + (top.g - bottom.g) * t), encode(bottom.b + (top.b - bottom.b) * t)];
  }

  /**
   * Paints the gradient over the whole colour buffer of the renderer's current target (its size given),
   * through three.js's state, so its cache of the scissor and the clear colour stays true.
   */
  paint(renderer: WebGLRenderer, width: number, height: number): void {
    const state = renderer.state;
    const gl = renderer.getContext();
    state.buffers.color.setMask(true);
    state.setScissorTest(true);
    for (const band of this.bandsFor(height)) {
      state.scissor(this.scissor.set(0, band.y, width, band.rows));
      state.buffers.color.setClear(band.rgb[0] / 255, band.rgb[1] / 255, band.rgb[2] / 255, 1, false);
      gl.clear(gl.COLOR_BUFFER_BIT);
    }
    state.setScissorTest(false);
    // Back to the renderer's clear colour, set the way three.js sets it.
    renderer.setClearColor(renderer.getClearColor(this.clearColor), renderer.getClearAlpha());
  }

  private bandsFor(height: number): Band[] {
    if (height === this.bandsHeight) return this.bands;
    const bands: Band[] = [];
    for (let y = 0; y < height; y++) {
      const rgb = this.colorAt(y, height);
      const last = bands[bands.length - 1];
      if (last && last.rgb[0] === rgb[0] && last.rgb[1] === rgb[1] && last.rgb[2] === rgb[2]) last.rows++;
      else bands.push({ y, rows: 1, rgb });
    }
    this.bands = bands;
    this.bandsHeight = height;
    return bands;
  }
}

/** A linear component as an 8-bit sRGB-encoded one (three.js's sRGBTransferOETF, then rounded). */
function encode(linear: number): number {
  const c = Math.min(1, Math.max(0, linear));
  const srgb = c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 0.41666) - 0.055;
  return Math.round(Math.min(1, Math.max(0, srgb)) * 255);
}
