import { Color, SRGBColorSpace, Vector4, type WebGLRenderer } from 'three';

/** A run of rows painted in one colour: first row (from the bottom), row count, and the 8-bit display colour. */
interface Band {
  y: number;
  rows: number;
  rgb: [number, number, number];
  /** The same as clear values, 0–1, opaque. */
  color: Float32Array;
}

/**
 * The view's background: a gradient from the top of the view to its bottom, mixed in linear light and
 * written as display (sRGB-encoded) colour, as the batches write theirs. It is painted with clears, one
 * scissored clear per run of rows whose 8-bit colours are all within one step of the run's first (a
 * difference no eye sees, at a third of the clears of exact runs): no program, so no shader to link and, on
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

  constructor(top: Color, bottom: Color) {
    this.setColors(top, bottom);
  }

  /** The colours at the top and the bottom of the view (three.js colours: linear). */
  setColors(top: Color, bottom: Color): void {
    this.top.copy(top);
    this.bottom.copy(bottom);
    this.bandsHeight = -1;
  }

  /** The display colour of a row (0 at the bottom), as 8-bit components: mixed in linear light, sRGB-encoded by three.js. */
  private colorAt(row: number, height: number): [number, number, number] {
    const hex = this.mixed.lerpColors(this.bottom, this.top, (row + 0.5) / height).getHex(SRGBColorSpace);
    return [(hex >> 16) & 255, (hex >> 8) & 255, hex & 255];
  }

  private readonly mixed = new Color();

  /**
   * Paints the gradient over the whole colour buffer of the renderer's current target (its size given):
   * per band a scissor and a clearBufferfv (which leaves the clear colour alone). three.js's record of the
   * scissor is brought back in line at the end.
   */
  paint(renderer: WebGLRenderer, width: number, height: number): void {
    const state = renderer.state;
    const gl = renderer.getContext() as WebGL2RenderingContext;
    const bands = this.bandsFor(height);
    state.buffers.color.setMask(true);
    state.setScissorTest(true);
    for (const band of bands) {
      gl.scissor(0, band.y, width, band.rows);
      gl.clearBufferfv(gl.COLOR, 0, band.color);
    }
    const last = bands[bands.length - 1];
    if (last) state.scissor(this.scissor.set(0, last.y, width, last.rows));
    state.setScissorTest(false);
  }

  private bandsFor(height: number): Band[] {
    if (height === this.bandsHeight) return this.bands;
    const bands: Band[] = [];
    for (let y = 0; y < height; y++) {
      const rgb = this.colorAt(y, height);
      const last = bands[bands.length - 1];
      if (last && Math.abs(last.rgb[0] - rgb[0]) <= 1 && Math.abs(last.rgb[1] - rgb[1]) <= 1 && Math.abs(last.rgb[2] - rgb[2]) <= 1) last.rows++;
      else bands.push({ y, rows: 1, rgb, color: Float32Array.of(rgb[0] / 255, rgb[1] / 255, rgb[2] / 255, 1) });
    }
    this.bands = bands;
    this.bandsHeight = height;
    return bands;
  }
}
