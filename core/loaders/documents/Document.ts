import { ErrorCode, errorCodeForHttpStatus } from '../../viewer/ErrorCodes.js';
import { Logger } from '../../viewer/Logger.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import { Endpoint } from '../endpoints/Endpoint.js';
import { isApiFlavor } from '../endpoints/Environments.js';
import { BubbleNode, type BubbleNodeData, MIME_DB } from './BubbleNode.js';

/** Spec 001 §5: manifest text with a script tag is rejected as malicious, with this text. */
export const MALICIOUS_MANIFEST_MESSAGE = 'Malicious document content detected Abort loading';
const SCRIPT_TAG = /<\s*script\b/i;
/** Spec 001 §5, §8: a manifest without geometry. */
export const NO_VIEWABLE_CONTENT_MESSAGE = 'No viewable content';
/** Spec 001 §5: the urn that stands for the uploaded file itself, which cannot be viewed. */
export const FILE_URN = '$file$';

/** Spec 001 §4: the translation status of a document. */
export type TranslationStatus = 'translated' | 'failed' | 'processing';

export interface DocumentLoadOptions {
  /** The service endpoint and credentials (a viewer's `endpoint`); a default one when absent. */
  endpoint?: Endpoint;
}

/** Service manifest URLs, recognised so that items are fetched through the same service. */
const SERVICE_MANIFEST_PATHS: [RegExp, 'derivativeV2' | 'modelDerivativeV2' | 'fluent'][] = [
  [/^(.*)\/derivativeservice\/v2\/manifest\/([^/?#]+)/, 'derivativeV2'],
  [/^(.*)\/modelderivative\/v2\/designdata\/([^/?#]+)\/manifest\/?(?:[?#]|$)/, 'modelDerivativeV2'],
  [/^(.*)\/modeldata\/manifest\/([^/?#]+)/, 'fluent'],
];

/**
 * A document: the manifest ("bubble") of a design's viewables, loaded from the derivative service by urn,
 * from a manifest URL, or from an offline bundle's bubble.json (or the bundle's folder). Its nodes name
 * the derivative files, which `getItemUrl` turns into URLs: through the service for `urn:` derivatives,
 * beside the manifest for relative ones.
 */
export class Document {
  private constructor(
    private readonly root: BubbleNode,
    /** The manifest's URL. */
    readonly url: string,
    /** The document's urn, when it came from a service. */
    readonly urn: string | null,
    readonly endpoint: Endpoint,
  ) {}

  /** Loads a document by urn ("urn:…" or a bare base64 id), manifest URL, bubble.json URL or bundle folder URL. */
  static async load(urlOrUrn: string, options: DocumentLoadOptions = {}): Promise<Document> {
    const endpoint = options.endpoint ?? new Endpoint(new Logger());
    const source = String(urlOrUrn ?? '').trim();
    if (!source) throw new ViewerError(ErrorCode.BAD_DATA, 'Unsupported document: no urn or URL given');
    let url: string;
    let urn: string | null = null;
    let service = endpoint;
    if (isUrn(source)) {
      urn = source.startsWith('urn:') ? source : `urn:${source}`;
      url = endpoint.getManifestUrl(urn);
    } else {
      url = new URL(source, globalThis.document?.baseURI ?? globalThis.location?.href).href;
      if (url.split(/[?#]/)[0].endsWith('/')) url = new URL('bubble.json', url).href;
      const recognised = recogniseServiceUrl(url, endpoint);
      if (recognised) ({ urn, endpoint: service } = recognised);
    }
    const text = await (urn ? service.fetch(url) : fetchPlain(url)).then((r) => r.text());
    return new Document(parseManifest(text), url, urn, service);
  }

  /** Builds a document from a manifest already in hand (the same checks as load). */
  static fromManifest(manifest: string | BubbleNodeData, url: string, options: DocumentLoadOptions & { urn?: string } = {}): Document {
    const text = typeof manifest === 'string' ? manifest : JSON.stringify(manifest);
    return new Document(parseManifest(text), url, options.urn ?? null, options.endpoint ?? new Endpoint(new Logger()));
  }

  getRoot(): BubbleNode {
    return this.root;
  }

  /** Spec 001 §4: translated by default; failed if any node has an error message; processing if any is in progress. */
  getTranslationStatus(): TranslationStatus {
    let status: TranslationStatus = 'translated';
    this.root.walk((node) => {
      if (node.messages.some((m) => m?.type === 'error')) status = status === 'processing' ? status : 'failed';
    });
    this.root.walk((node) => {
      if (node.status === 'inprogress') status = 'processing';
    });
    return status;
  }

  /** The viewables: geometry nodes of role 3d or 2d, in manifest order. */
  getViewables(): BubbleNode[] {
    return this.root.search({ type: 'geometry', role: ['3d', '2d'] });
  }

  /**
   * Spec 001 §4: only 3D geometry, 3D views, 2D geometry having f2d, leaflet or image children (or, as a
   * translated PDF lists its sheets, a PDF page), and 2D views can be opened.
   */
  canOpen(node: BubbleNode): boolean {
    if (node.isView()) return (node.is3D() || node.is2D()) && node.findParentGeometry() !== null;
    if (!node.isGeometry()) return false;
    if (node.is3D()) return true;
    if (node.is2D()) return node.search({ mime: 'application/autodesk-f2d' }).length > 0 || node.search({ mime: 'application/pdf' }).length > 0 || node.search({ role: ['leaflet', 'image'] }).length > 0;
    return false;
  }

  /** The URL of a derivative file; rejects the missing urn and `$file$` as unsupported (spec 001 §5). */
  async getItemUrl(nodeOrUrn: BubbleNode | string): Promise<string> {
    const urn = typeof nodeOrUrn === 'string' ? nodeOrUrn : nodeOrUrn.urn;
    if (!urn) throw new ViewerError(ErrorCode.BAD_DATA, 'Unsupported document: the viewable has no urn');
    if (urn === FILE_URN) throw new ViewerError(ErrorCode.BAD_DATA, `Unsupported document: the urn ${FILE_URN} is the uploaded file itself`);
    if (/^(https?|blob|data):/i.test(urn)) return urn;
    if (urn.startsWith(`${FILE_URN}/`)) return new URL(urn.slice(FILE_URN.length + 1), this.url).href;
    if (urn.startsWith('urn:')) return this.endpoint.getItemUrl(this.urn ?? documentUrnOf(urn), urn);
    return new URL(urn, this.url).href;
  }

  /** Where the property database files (objects_*.json.gz) of the document are, or null when it does not say. */
  async getPropertyDbPath(): Promise<string | null> {
    const db = this.root.search({ mime: MIME_DB })[0];
    if (!db?.urn) return null;
    const url = await this.getItemUrl(db);
    return new URL('.', url).href;
  }

  /** Spec 001 §7: the document's thumbnail (or a viewable's) at a size, from the service or the bundle. */
  async getThumbnailUrl(node: BubbleNode | null = null, size = 200): Promise<string | null> {
    if (this.urn) return this.endpoint.getThumbnailUrl(this.urn, { guid: node?.guid, width: size, height: size });
    const thumbnails = (node ?? this.root).search({ role: 'thumbnail' });
    const best = thumbnails.find((t) => Array.isArray(t.data.resolution) && (t.data.resolution as number[])[0] === size) ?? thumbnails[0];
    return best?.urn ? this.getItemUrl(best) : null;
  }
}

/** A urn ("urn:…") or a bare base64url document id; anything with a slash, dot or scheme is a URL. */
export function isUrn(value: string): boolean {
  if (value.startsWith('urn:')) return true;
  return /^[A-Za-z0-9_-]{16,}={0,2}$/.test(value);
}

/**
 * True when a `src` names a document rather than a model file: a urn, a manifest or bubble.json (any
 * .json), a bundle folder (ending in "/"), or a service's manifest path.
 */
export function isDocumentSource(src: string): boolean {
  const value = src.trim();
  if (isUrn(value)) return true;
  const path = value.split(/[?#]/)[0];
  if (path.endsWith('/') || path.toLowerCase().endsWith('.json')) return true;
  return SERVICE_MANIFEST_PATHS.some(([pattern]) => pattern.test(path));
}

/** Rejects script tags, bad JSON and manifests without geometry with the spec's codes and texts. */
function parseManifest(text: string): BubbleNode {
  if (SCRIPT_TAG.test(text)) throw new ViewerError(ErrorCode.BAD_DATA, MALICIOUS_MANIFEST_MESSAGE);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ViewerError(ErrorCode.BAD_DATA, 'The document manifest is not valid JSON');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new ViewerError(ErrorCode.BAD_DATA, 'The document manifest is not a JSON object');
  const root = new BubbleNode(json as BubbleNodeData);
  if (root.search({ type: 'geometry' }).length === 0) throw new ViewerError(ErrorCode.BAD_DATA_NO_VIEWABLE_CONTENT, NO_VIEWABLE_CONTENT_MESSAGE);
  return root;
}

/** A manifest URL of a known service shape: its urn, and an endpoint for that service with the given credentials. */
function recogniseServiceUrl(url: string, endpoint: Endpoint): { urn: string; endpoint: Endpoint } | null {
  for (const [pattern, api] of SERVICE_MANIFEST_PATHS) {
    const match = pattern.exec(url.split(/[?#]/)[0]);
    if (!match || !isApiFlavor(api)) continue;
    const urn = `urn:${decodeURIComponent(match[2])}`;
    if (endpoint.root === match[1] && endpoint.api === api) return { urn, endpoint };
    return { urn, endpoint: endpoint.derive({ endpoint: match[1], api }) };
  }
  return null;
}

/** The document urn inside a derivative urn ("urn:adsk.viewing:fs.file:<id>/output/…" → "urn:<id>"). */
function documentUrnOf(derivativeUrn: string): string {
  const match = /^urn:adsk\.viewing:[^:]+:([^/]+)/.exec(derivativeUrn);
  return match ? `urn:${match[1]}` : derivativeUrn;
}

/** Spec 001 §8: a manifest that cannot be loaded reads "Error: " + status + detail, with the status's code. */
async function fetchPlain(url: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (reason) {
    throw new ViewerError(ErrorCode.NETWORK_FAILURE, `Network error while loading ${url}: ${(reason as Error)?.message ?? reason}`, 0);
  }
  if (!response.ok) {
    throw new ViewerError(errorCodeForHttpStatus(response.status), `Error: ${response.status} (${response.statusText})`, response.status);
  }
  return response;
}
