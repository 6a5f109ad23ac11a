import type { LayerManager } from '../layers/LayerManager.js';
import type { BubbleNode } from '../loaders/documents/BubbleNode.js';
import type { Document } from '../loaders/documents/Document.js';
import { openDocument, openDocumentNode } from '../loaders/documents/openDocumentNode.js';
import type { Model } from '../model/Model.js';
import type { ToolController } from '../tools/ToolController.js';
import { type LoadedExtensions, registerExtension, type RunningExtension, type RunningExtensionClass, unregisterExtension } from './LoadedExtensions.js';
import type { LoadModelOptions } from './ViewerConfig.js';
import type { ViewerError } from './ViewerError.js';
import { ViewerObjectsApi } from './ViewerObjectsApi.js';
import { captureViewerState, restoreViewerState, type ViewerState } from './ViewerState.js';

/** The Viewer's API, part: documents, saved states and extensions. A base of `Viewer` (Viewer.ts), which owns the parts it uses. */
export abstract class ViewerStateApi extends ViewerObjectsApi {
  protected abstract readonly extensions: LoadedExtensions;
  abstract readonly isStarted: boolean;
  abstract readonly layers: LayerManager;
  abstract readonly toolController: ToolController;
  abstract reportError(error: ViewerError): ViewerError;

  /**
   * Opens an item of a document (spec 001 §4): a 3D viewable or view loads its model file (once: an item
   * already shown only gets its view); the document's credentials and property database go with it.
   */
  loadDocumentNode(doc: Document, node: BubbleNode, options: LoadModelOptions = {}): Promise<Model> {
    return openDocumentNode(this, doc, node, options);
  }

  /** Loads a document by urn or URL and opens a viewable: by guid, else the default one (see API.md `viewable`). */
  async loadDocument(urlOrUrn: string, viewableGuid?: string | null, options: LoadModelOptions = {}): Promise<Model> {
    return (await openDocument(this, urlOrUrn, viewableGuid, options)).model;
  }
  // ── State (spec 001 §3 "Viewer state", §5 "Restore state") ─────────────────────────────────

  /** The viewer state JSON: selection, visibility, explode, camera, render options, cut planes, extensions' keys. */
  getState(filter?: unknown): ViewerState {
    return captureViewerState(this, filter, this.extensions.list());
  }

  /**
   * Brings the viewer to a state from getState (the keys `filter` keeps); the camera moves animated unless
   * `immediate`. False, with a warning, when there is no state or no model to restore it to.
   */
  restoreState(state: unknown, filter?: unknown, immediate = false): boolean {
    return restoreViewerState(this, state, filter, immediate, this.extensions.list());
  }

  // ── Extensions ───────────────────────────────────────────────────────────────────────────────

  /** Registers an extension class under an id, for every viewer; false if the id is taken. */
  static registerExtension(id: string, extension: RunningExtensionClass): boolean {
    return registerExtension(id, extension);
  }

  static unregisterExtension(id: string): boolean {
    return unregisterExtension(id);
  }

  /**
   * Loads a registered extension into this viewer (once); rejects with "Extension not found" or "Extension
   * failed to load". `T`: the extension's own class, to type what it resolves with.
   */
  loadExtension<T extends RunningExtension = RunningExtension>(id: string, options?: Record<string, unknown>): Promise<T> {
    return this.extensions.load(id, options) as Promise<T>;
  }

  unloadExtension(id: string): boolean {
    return this.extensions.unload(id);
  }

  /** A loaded extension, or null. `T`: its own class. */
  getExtension<T extends RunningExtension = RunningExtension>(id: string): T | null {
    return this.extensions.get(id) as T | null;
  }

  /** Ids of the loaded extensions, in the order they loaded. */
  getLoadedExtensions(): string[] {
    return this.extensions.ids();
  }

  /** Turns on a mode of a loaded extension; false (logging "Extension is not loaded or doesn't exist") for another id. */
  activateExtension(id: string, mode?: string): boolean {
    return this.extensions.activate(id, mode);
  }

  deactivateExtension(id: string): boolean {
    return this.extensions.deactivate(id);
  }
}
