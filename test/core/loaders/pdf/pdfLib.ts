// pdf-lib's ES build imports CommonJS packages (pako), which the test server cannot serve to the browser;
// its single-file ES bundle holds them. Typed as the package itself.
import * as bundle from 'pdf-lib/dist/pdf-lib.esm.js';

const pdfLib = bundle as unknown as typeof import('pdf-lib');
export const {
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFOperator,
  rgb,
  degrees,
  StandardFonts,
  pushGraphicsState,
  popGraphicsState,
  rectangle,
  clip,
  endPath,
  concatTransformationMatrix,
  drawObject,
  setFillingRgbColor,
  setTextRenderingMode,
  TextRenderingMode,
} = pdfLib;
