// What the PDF tests compare against: pdf.js's own rendering of a page, placed and scaled where the viewer
// draws the sheet, and the arithmetic between the sheet, its points and the canvas.
import * as pdfjs from 'pdfjs-dist';
import { Vector3 } from 'three';
import { expect } from '@esm-bundle/chai';
import type { Model, Viewer } from '../../../../core/index.js';
import type { Pixels } from '../../../support/inkCompare.js';
import { PDFDocument, rgb } from './pdfLib.js';

/** Millimetres per point: the loader's sheet unit. */
export const MM = 25.4 / 72;
pdfjs.GlobalWorkerOptions.workerSrc = new URL('/res/pdfjs/pdf.worker.min.mjs', location.origin).href;

export type Rgb = [number, number, number];

/** Where a sheet point (mm) is drawn, in canvas pixels (fractional). */
export function sheetToCanvas(viewer: Viewer, x: number, y: number): { x: number; y: number } {
  const v = new Vector3(x, y, 0).project(viewer.navigation.getThreeCamera());
  return { x: ((v.x + 1) / 2) * viewer.canvas.clientWidth, y: ((1 - v.y) / 2) * viewer.canvas.clientHeight };
}

/** The canvas pixel a page point (in points) is drawn in. */
export function pixelOfPoint(viewer: Viewer, x: number, y: number): { x: number; y: number } {
  const at = sheetToCanvas(viewer, x * MM, y * MM);
  return { x: Math.round(at.x), y: Math.round(at.y) };
}

/** pdf.js's picture of a page where the viewer draws it (same scale and place), on white, annotations off. */
export async function renderLikeViewer(viewer: Viewer, page: pdfjs.PDFPageProxy): Promise<ImageData> {
  const width = viewer.canvas.clientWidth;
  const height = viewer.canvas.clientHeight;
  const topLeft = sheetToCanvas(viewer, 0, page.view[3] * MM);
  const bottomRight = sheetToCanvas(viewer, page.view[2] * MM, 0);
  const viewport = page.getViewport({ scale: (bottomRight.x - topLeft.x) / page.view[2], offsetX: topLeft.x, offsetY: topLeft.y });
  const canvas = Object.assign(document.createElement('canvas'), { width, height });
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  await page.render({ canvas, canvasContext: context, viewport, annotationMode: pdfjs.AnnotationMode.DISABLE }).promise;
  return context.getImageData(0, 0, width, height);
}

/** pdf.js's picture of a document's first page where the viewer draws it. */
export async function renderFirstPageLikeViewer(viewer: Viewer, bytes: Uint8Array): Promise<Pixels> {
  const file = await pdfjs.getDocument({ data: bytes.slice() }).promise;
  try {
    return await renderLikeViewer(viewer, await file.getPage(1));
  } finally {
    await file.loadingTask.destroy();
  }
}

export function colourAt(pixels: Pixels, at: { x: number; y: number }): Rgb {
  const o = (at.y * pixels.width + at.x) * 4;
  return [pixels.data[o], pixels.data[o + 1], pixels.data[o + 2]];
}

/** The largest difference of a channel. */
export function channelDistance(a: Rgb, b: Rgb): number {
  return Math.max(...a.map((c, i) => Math.abs(c - b[i])));
}

/** The test picture's quadrants, as the image shows them (top left, top right, bottom left, bottom right). */
export const QUADRANTS: { name: string; colour: Rgb; u: number; v: number }[] = [
  { name: 'top left', colour: [230, 20, 20], u: 0.25, v: 0.75 },
  { name: 'top right', colour: [20, 170, 40], u: 0.75, v: 0.75 },
  { name: 'bottom left', colour: [30, 40, 220], u: 0.25, v: 0.25 },
  { name: 'bottom right', colour: [240, 200, 20], u: 0.75, v: 0.25 },
];

/** A 64 × 64 PNG of the four quadrants. */
export async function quadrantPng(): Promise<Uint8Array> {
  const canvas = new OffscreenCanvas(64, 64);
  const context = canvas.getContext('2d')!;
  for (const { colour, u, v } of QUADRANTS) {
    context.fillStyle = `rgb(${colour.join(',')})`;
    context.fillRect(u < 0.5 ? 0 : 32, v > 0.5 ? 0 : 32, 32, 32);
  }
  return new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
}

export type PdfDocument = Awaited<ReturnType<typeof PDFDocument.create>>;
export type PdfPage = ReturnType<PdfDocument['addPage']>;

/** A one-page PDF (pdf-lib), `width` × `height` points, with a thin frame at its edges (fitting the view frames the page), drawn on by `draw`. */
export async function pagePdf(width: number, height: number, draw: (doc: PdfDocument, page: PdfPage) => Promise<void> | void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([width, height]);
  page.drawRectangle({ x: 1, y: 1, width: width - 2, height: height - 2, borderWidth: 0.5, borderColor: rgb(0, 0, 0) });
  await draw(doc, page);
  return doc.save();
}

/** Loads PDF bytes as a sheet, frames it and waits for its complete frame. */
export async function loadFramedPdf(viewer: Viewer, bytes: Uint8Array, fileName: string): Promise<Model> {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  try {
    const model = await viewer.loadModel(url, { fileExtension: 'pdf', fileName });
    expect(await viewer.fitToView(null, null, true)).to.equal(true);
    await viewer.waitForCompleteFrame();
    return model;
  } finally {
    URL.revokeObjectURL(url);
  }
}
