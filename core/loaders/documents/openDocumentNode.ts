import { Vector3 } from 'three';
import type { CameraView } from '../../camera/CameraView.js';
import { clampFov } from '../../camera/cameraConstants.js';
import type { Model } from '../../model/Model.js';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import type { CameraPort, ModelsPort, ToolsPort, ViewsPort } from '../../viewer/ports.js';
import type { Endpoint } from '../endpoints/Endpoint.js';
import { raiseLoadError } from '../../viewer/raiseLoadError.js';
import type { LoadModelOptions } from '../../viewer/ViewerConfig.js';
import { type BubbleNode, MIME_F2D, MIME_PDF, MIME_SVF } from './BubbleNode.js';
import { Document as DocumentClass, type Document, NO_VIEWABLE_CONTENT_MESSAGE } from './Document.js';
import { selectViewable } from './selectViewable.js';

/** What opening a document needs of the viewer. */
export type DocumentsPort = CameraPort &
  ModelsPort &
  ToolsPort &
  Pick<ViewsPort, 'goHome'> & {
    readonly endpoint: Endpoint;
    loadModel(url: string, options?: LoadModelOptions): Promise<Model>;
    unloadModel(model: Model): boolean;
    reportError(error: ViewerError): ViewerError;
  };

/** The models each document opened, so that opening another of its viewables switches to it. */
const openedFrom = new WeakMap<Document, Model[]>();

/**
 * Spec 001 §4 "Selecting a document item": an item already shown only gets its view (the view node's
 * camera, or home); otherwise its model file is loaded with the document's credentials and property
 * database location, in place of what the document showed before (selecting a sheet switches to it). 3D
 * items make orbit the default tool, 2D items pan. A PDF sheet opens its page.
 */
export async function openDocumentNode(viewer: DocumentsPort, doc: Document, node: BubbleNode, options: LoadModelOptions = {}): Promise<Model> {
  let url: string;
  let geometry: BubbleNode;
  let resource: BubbleNode;
  try {
    if (!doc.canOpen(node)) throw new ViewerError(ErrorCode.BAD_DATA, `The document item "${node.name || node.guid}" cannot be opened`);
    geometry = node.findParentGeometry() ?? node;
    const found = geometry.getViewableResource();
    if (!found) throw new ViewerError(ErrorCode.BAD_DATA_NO_VIEWABLE_CONTENT, NO_VIEWABLE_CONTENT_MESSAGE);
    resource = found;
    url = await doc.getItemUrl(resource);
  } catch (reason) {
    // Failures before the model file is requested; loadModel reports its own.
    throw await raiseLoadError(viewer, ViewerError.from(reason), options.signal);
  }
  viewer.toolController.setDefaultTool(geometry.is2D() ? 'pan' : 'orbit');

  const shown = viewer.getVisibleModels().find((m) => m.url === url);
  if (shown) {
    if (!applyViewNode(viewer, node)) void viewer.goHome();
    return shown;
  }
  // A switch: what this document showed goes (a host's other models stay).
  for (const previous of openedFrom.get(doc) ?? []) if (viewer.getVisibleModels().includes(previous)) viewer.unloadModel(previous);
  const auth = await doc.endpoint.authorize();
  const propertyDbPath = await doc.getPropertyDbPath().catch(() => null);
  const model = await viewer.loadModel(url, {
    fileExtension: extensionOf(resource),
    modelNameOverride: geometry.name || undefined,
    sourceFileName: doc.getRoot().name || undefined,
    ...(propertyDbPath ? { propertyDbPath } : {}),
    ...(doc.endpoint.useCredentials && globalThis.location ? { query: { domain: globalThis.location.origin } } : {}),
    ...(resource.mime === MIME_PDF && Number(resource.data.page) > 0 ? { page: Number(resource.data.page) } : {}),
    ...(extensionOf(resource) === 'leaflet' ? { leaflet: resource.getLeafletParams() ?? geometry.getLeafletParams() ?? {} } : {}),
    ...options,
    headers: { ...auth.headers, ...options.headers },
    withCredentials: auth.withCredentials,
  });
  openedFrom.set(doc, [model]);
  applyViewNode(viewer, node);
  return model;
}

/** The file extension a resource's mime stands for. */
function extensionOf(resource: BubbleNode): string | undefined {
  if (resource.mime === MIME_SVF) return 'svf';
  if (resource.mime === MIME_F2D) return 'f2d';
  if (resource.mime === MIME_PDF) return 'pdf';
  // A tiled image (its pyramid's folder or zip), or a single image (a pyramid of one tile).
  if (resource.role === 'leaflet' || resource.role === 'image') return 'leaflet';
  return undefined;
}

/** Moves the camera to a view node's camera (13 numbers); false when the node has none. */
function applyViewNode(viewer: DocumentsPort, node: BubbleNode): boolean {
  const c = node.isView() ? node.camera : null;
  if (!c) return false;
  const position = new Vector3(c[0], c[1], c[2]);
  const center = new Vector3(c[3], c[4], c[5]);
  if (position.distanceToSquared(center) === 0) return false;
  // The field of view is in radians (values above π are taken as degrees); the last number is 1 for perspective.
  const fov = c[10] > Math.PI ? c[10] : (c[10] * 180) / Math.PI;
  const view: CameraView = {
    position,
    center,
    pivot: center.clone(),
    up: new Vector3(c[6], c[7], c[8]).normalize(),
    fov: clampFov(fov),
    worldUp: viewer.navigation.worldUp.clone(),
    isOrtho: c[12] === 0,
    orthoScale: c[11],
  };
  viewer.navigation.setViewFromRecord(view);
  return true;
}

/**
 * Loads a document (urn, manifest URL, bubble.json or bundle folder) with the viewer's endpoint and opens
 * the chosen viewable (see selectViewable). Failures are reported as `error` events with the spec's codes.
 */
export async function openDocument(viewer: DocumentsPort, urlOrUrn: string, viewableGuid?: string | null, options: LoadModelOptions = {}): Promise<{ document: Document; node: BubbleNode; model: Model }> {
  let document: Document;
  let node: BubbleNode | null;
  try {
    document = await DocumentClass.load(urlOrUrn, { endpoint: viewer.endpoint });
    node = selectViewable(document, viewableGuid);
    if (!node) throw new ViewerError(ErrorCode.BAD_DATA_NO_VIEWABLE_CONTENT, NO_VIEWABLE_CONTENT_MESSAGE);
  } catch (reason) {
    throw await raiseLoadError(viewer, ViewerError.from(reason), options.signal);
  }
  const model = await openDocumentNode(viewer, document, node, options);
  return { document, node, model };
}
