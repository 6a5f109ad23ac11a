/** A sheet's picture, ready for a texture: unpremultiplied RGBA, its top row first. */
export interface SheetImage {
  bitmap: ImageBitmap;
  /** The image's own size in pixels (before any scaling down for the texture). */
  width: number;
  height: number;
}

/**
 * An image or a shading of a sheet (a PDF page's, a DXF's IMAGE), as triangles on the sheet: an object of its own,
 * drawn in a batch of its own beside the sketch's vector work (packPaints).
 */
export interface SheetPaint {
  dbId: number;
  kind: 'image' | 'shading';
  /**
   * A fill the page painted before it lies under it (a title block's white box under its logo): it is drawn
   * over the page's fills (and under its lines). Else under all the page's vector work, which is what a PDF
   * painted after it, in the common cases (an underlay, a logo on bare paper).
   */
  overFills: boolean;
  /** x, y per vertex on the sheet, three vertices a triangle. */
  positions: number[];
  /** Images: u, v per vertex (v from the picture's top). */
  uvs?: number[];
  /** Shadings: linear r, g, b, a per vertex. */
  colors?: number[];
  /** Images: the picture, and the colour it is painted in (white for an image, the fill colour for a mask). */
  image?: SheetImage;
  rgb?: number;
}
