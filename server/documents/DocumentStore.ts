import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { gunzipSync, unzipSync, type Zippable, zipSync } from 'fflate';
import { readCameras } from '../../core/loaders/svf/SvfCameras.js';
import type { TiledSheet } from './TiledSheets.js';

/** One SVF sample folder, served as a document. */
export interface ServedDocument {
  /** Folder name, e.g. "bim-sample". */
  name: string;
  /** The document urn's id (base64url), without "urn:". */
  id: string;
  folder: string;
  /** The .svf file's path inside the folder. */
  svf: string;
  /** The manifest (bubble) with derivative urns, and the bundle's bubble.json with relative urns. */
  bubble: Record<string, unknown>;
  offlineBubble: Record<string, unknown>;
  /** A zip of the folder (and its bubble.json), for the zip bundle. */
  zip: Uint8Array;
  /**
   * The files of the document's 2D sheets by their path in the document → the file: the PDF plots
   * ("sheets/<file>.pdf") and the tiles of the tiled images ("sheets/<name>/<z>/<x>_<y>.png").
   */
  sheets: Map<string, string>;
  /** The sheets that are tiled images (leaflets), listed after the PDF plots. */
  tiledSheets: TiledSheet[];
}

const OUTPUT = 'output';

/**
 * The documents the local server offers, generated at start from the SVF sample folders: for each, a
 * manifest naming the folder's own files (the .svf, its views from the SVF's own cameras, thumbnails, the
 * property database) and, as 2D viewables beside the 3D one, the PDF plots of the sheets folder (one sheet
 * each, page 1, as a translated PDF's pdf-page resource) and the tiled sheets (a leaflet resource naming
 * the folder of its tile pyramid, with the pyramid's size, levels and paper), the same manifest with
 * relative urns for the offline bundle, and a zip bundle holding all of it.
 */
export class DocumentStore {
  readonly documents: ServedDocument[] = [];

  constructor(
    readonly samplesDir: string,
    readonly sheetsDir: string | null = null,
    /** Drawings already plotted as tile pyramids (TiledSheets), every document's tiled sheets. */
    readonly tiledSheets: readonly TiledSheet[] = [],
  ) {
    if (!existsSync(samplesDir)) return;
    const plots = new Map<string, string>();
    if (sheetsDir && existsSync(sheetsDir)) for (const file of readdirSync(sheetsDir).filter((f) => f.toLowerCase().endsWith('.pdf')).sort()) plots.set(`${SHEETS}/${file}`, join(sheetsDir, file));
    for (const name of readdirSync(samplesDir).sort()) {
      const folder = join(samplesDir, name);
      if (!statSync(folder).isDirectory()) continue;
      const svf = readdirSync(folder).find((f) => f.toLowerCase().endsWith('.svf'));
      if (svf) this.documents.push(buildDocument(name, folder, svf, plots, tiledSheets));
    }
  }

  byId(id: string): ServedDocument | undefined {
    return this.documents.find((d) => d.id === id);
  }

  byName(name: string): ServedDocument | undefined {
    return this.documents.find((d) => d.name === name);
  }

  /** The file a derivative urn names ("urn:adsk.viewing:fs.file:<id>/output/<path>"), inside its folder only. */
  resolveDerivative(derivativeUrn: string): { document: ServedDocument; file: string } | null {
    const match = /^urn:adsk\.viewing:fs\.file:([^/]+)\/output\/(.+)$/.exec(derivativeUrn);
    const document = match ? this.byId(match[1]) : undefined;
    if (!match || !document) return null;
    const file = documentFile(document, match[2]);
    return file ? { document, file } : null;
  }
}

/** Where the 2D sheets are inside a document and its bundles. */
const SHEETS = 'sheets';

/** A file of a document by its path in the document: one of its sheets, or a file inside its folder. */
export function documentFile(document: ServedDocument, path: string): string | null {
  return document.sheets.get(path) ?? fileInside(document.folder, path);
}

/** A path inside a folder, or null when it would leave it or does not exist. */
export function fileInside(folder: string, path: string): string | null {
  const file = resolve(folder, path);
  if (file !== folder && !file.startsWith(folder + sep)) return null;
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

export function documentIdOf(name: string): string {
  return Buffer.from(`urn:adsk.objects:os.object:design-viewer/${name}`).toString('base64url');
}

function buildDocument(name: string, folder: string, svf: string, plots: Map<string, string>, tiledSheets: readonly TiledSheet[]): ServedDocument {
  const id = documentIdOf(name);
  const derivative = (file: string) => `urn:adsk.viewing:fs.file:${id}/${OUTPUT}/${file}`;
  const bubble = manifestFor(name, id, folder, svf, [...plots.keys()], tiledSheets, derivative);
  const offlineBubble = manifestFor(name, id, folder, svf, [...plots.keys()], tiledSheets, (file) => file);
  const files: Zippable = { [`${name}/bubble.json`]: new TextEncoder().encode(JSON.stringify(offlineBubble, null, 2)) };
  for (const file of readdirSync(folder)) {
    const path = join(folder, file);
    // The SQLite copy of the property database is not what the viewer reads.
    if (statSync(path).isFile() && !file.endsWith('.db')) files[`${name}/${relative(folder, path)}`] = new Uint8Array(readFileSync(path));
  }
  for (const [path, file] of plots) files[`${name}/${path}`] = new Uint8Array(readFileSync(file));
  const sheets = new Map(plots);
  for (const sheet of tiledSheets) {
    const inDocument = tiledSheetFolder(sheet);
    for (const tile of sheet.tiles) {
      const file = join(sheet.folder, tile);
      sheets.set(`${inDocument}${tile}`, file);
      // Stored as they are: a PNG is deflated already.
      files[`${name}/${inDocument}${tile}`] = [new Uint8Array(readFileSync(file)), { level: 0 }];
    }
  }
  return { name, id, folder, svf, bubble, offlineBubble, zip: zipSync(files, { level: 6 }), sheets, tiledSheets: [...tiledSheets] };
}

/** Where a tiled sheet's tiles are inside a document and its bundles (the leaflet resource's urn). */
export function tiledSheetFolder(sheet: TiledSheet): string {
  return `${SHEETS}/${sheet.name}/`;
}

/**
 * A 2D viewable for a tiled sheet: a leaflet resource naming the folder of its tiles, with the fields the
 * viewer reads (spec 001 §3 "Leaflet node": resolution, tileSize, max_level, paper size and units) and
 * the tiles' type as its mime.
 */
function tiledSheetViewable(sheet: TiledSheet, guid: (suffix: string) => string, urnOf: (file: string) => string): Record<string, unknown> {
  return {
    guid: guid(`tiled-${sheet.name}`),
    type: 'geometry',
    role: '2d',
    name: sheet.name,
    status: 'success',
    progress: 'complete',
    viewableID: guid(`tiled-${sheet.name}`),
    children: [{ guid: guid(`tiled-${sheet.name}-leaflet`), type: 'resource', role: 'leaflet', mime: 'image/png', urn: urnOf(tiledSheetFolder(sheet)), ...sheet.leaflet }],
  };
}

/** A 2D viewable for a PDF sheet: its page 1, as the derivative of a translated PDF lists it. */
function sheetViewable(path: string, guid: (suffix: string) => string, urnOf: (file: string) => string): Record<string, unknown> {
  const sheetName = path.slice(SHEETS.length + 1).replace(/\.pdf$/i, '');
  return {
    guid: guid(`sheet-${sheetName}`),
    type: 'geometry',
    role: '2d',
    name: sheetName,
    status: 'success',
    progress: 'complete',
    viewableID: guid(`sheet-${sheetName}`),
    children: [{ guid: guid(`sheet-${sheetName}-pdf`), type: 'resource', role: 'pdf-page', mime: 'application/pdf', urn: urnOf(path), page: 1 }],
  };
}

function manifestFor(name: string, id: string, folder: string, svf: string, sheets: string[], tiledSheets: readonly TiledSheet[], urnOf: (file: string) => string): Record<string, unknown> {
  const guid = (suffix: string) => `${id.slice(-12)}-${suffix}`;
  const thumbnails = readdirSync(folder)
    .map((f) => /^(.*)_(\d+)\.png$/.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ guid: guid(`thumb-${m[2]}`), type: 'resource', role: 'thumbnail', mime: 'image/png', urn: urnOf(m[0]), resolution: [Number(m[2]), Number(m[2])] }));
  const views = svfCameras(join(folder, svf), folder).map((c, i) => ({
    guid: guid(`view-${i}`),
    type: 'view',
    role: '3d',
    name: c.name,
    camera: [...c.position, ...c.target, ...c.up, 1, c.isPerspective ? (c.fov * Math.PI) / 180 : c.fov, c.orthoScale, c.isPerspective ? 1 : 0],
  }));
  const database = readdirSync(folder).find((f) => f.endsWith('.db')) ?? 'objects_attrs.json.gz';
  return {
    guid: guid('root'),
    type: 'design',
    name,
    urn: `urn:${id}`,
    status: 'success',
    progress: 'complete',
    success: '100%',
    hasThumbnail: String(thumbnails.length > 0),
    children: [
      {
        guid: guid('viewable'),
        type: 'geometry',
        role: '3d',
        name,
        status: 'success',
        progress: 'complete',
        useAsDefault: true,
        viewableID: guid('viewable'),
        hasThumbnail: String(thumbnails.length > 0),
        children: [{ guid: guid('svf'), type: 'resource', role: 'graphics', mime: 'application/autodesk-svf', urn: urnOf(svf) }, ...views, ...thumbnails],
      },
      ...sheets.map((path) => sheetViewable(path, guid, urnOf)),
      ...tiledSheets.map((sheet) => tiledSheetViewable(sheet, guid, urnOf)),
      { guid: guid('db'), type: 'resource', role: 'Autodesk.CloudPlatform.PropertyDatabase', mime: 'application/autodesk-db', urn: urnOf(database) },
    ],
  };
}

/** The SVF's own named cameras (read with the viewer's reader), to describe them as views. */
function svfCameras(svfPath: string, folder: string) {
  try {
    const zip = unzipSync(new Uint8Array(readFileSync(svfPath)));
    const manifest = JSON.parse(new TextDecoder().decode(zip['manifest.json'])) as { assets: { URI: string }[] };
    const read = (name: string) => {
      const asset = manifest.assets.find((a) => a.URI.toLowerCase().endsWith(name.toLowerCase()));
      const file = asset ? fileInside(folder, asset.URI) : null;
      if (!file) return null;
      const bytes = new Uint8Array(readFileSync(file));
      return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
    };
    return readCameras(read('CameraDefinitions.bin'), read('CameraList.bin'));
  } catch {
    return [];
  }
}
