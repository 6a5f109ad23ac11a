import { ErrorCode } from './ErrorCodes.js';
import type { EventsPort, LoggerPort } from './ports.js';
import { ViewerError } from './ViewerError.js';
import type { ViewerState } from './ViewerState.js';

/**
 * An extension as the viewer runs it: what the `Extension` base class has (Extension.ts; authors extend
 * it). Declared here so the viewer needs only this shape, not the class that takes the whole Viewer.
 */
export interface RunningExtension {
  id: string;
  load(): boolean | Promise<boolean>;
  unload(): boolean;
  activate(mode?: string): boolean;
  deactivate(): boolean;
  isActive(mode?: string): boolean;
  getState?(state: ViewerState): void;
  restoreState?(state: ViewerState, immediate: boolean): boolean | void;
  /** Takes back what it added to the chrome (toolbar buttons, panels, menu items, settings). */
  removeContributions?(): void;
}

/** A class of extensions: made with the viewer and the options of `loadExtension`. */
export type RunningExtensionClass = new (viewer: never, options?: Record<string, unknown>) => RunningExtension;

type Extension = RunningExtension;
type ExtensionClass = RunningExtensionClass;

/** Spec 001 §8 "Other messages". */
export const EXTENSION_NOT_FOUND = 'Extension not found';
export const EXTENSION_FAILED = 'Extension failed to load';
export const EXTENSION_NOT_LOADED = "Extension is not loaded or doesn't exist";

/**
 * The extension classes registered by id. Registration is by class, for every viewer of the page (the
 * API's static `Viewer.registerExtension`); each viewer makes its own instances (LoadedExtensions).
 */
const registered = new Map<string, ExtensionClass>();

export function registerExtension(id: string, extension: ExtensionClass): boolean {
  if (typeof id !== 'string' || !id || typeof extension !== 'function' || registered.has(id)) return false;
  registered.set(id, extension);
  return true;
}

export function unregisterExtension(id: string): boolean {
  return registered.delete(id);
}

export function isExtensionRegistered(id: string): boolean {
  return registered.has(id);
}

/** One viewer's loaded extensions, in the order they loaded. */
export class LoadedExtensions {
  private readonly loaded = new Map<string, Extension>();
  private readonly loading = new Map<string, Promise<Extension>>();

  /** `host`: what each extension is made with (the viewer); `viewer`: its events and logger. */
  constructor(
    private readonly viewer: LoggerPort & Pick<EventsPort, 'emit'>,
    private readonly host: unknown = viewer,
  ) {}

  /**
   * Makes and loads the extension registered under `id` (once: a second call gets the same one).
   * Rejects with EXTENSION_NOT_FOUND for an id nobody registered, EXTENSION_FAILED when its load fails.
   */
  load(id: string, options: Record<string, unknown> = {}): Promise<Extension> {
    const existing = this.loaded.get(id);
    if (existing) return Promise.resolve(existing);
    const pending = this.loading.get(id);
    if (pending) return pending;
    const ExtensionType = registered.get(id);
    if (!ExtensionType) {
      this.viewer.logger.error(`${EXTENSION_NOT_FOUND}: ${id}`);
      return Promise.reject(new ViewerError(ErrorCode.UNKNOWN_FAILURE, `${EXTENSION_NOT_FOUND}: ${id}`));
    }
    const loading = this.start(id, ExtensionType, options).finally(() => this.loading.delete(id));
    this.loading.set(id, loading);
    return loading;
  }

  private async start(id: string, ExtensionType: ExtensionClass, options: Record<string, unknown>): Promise<Extension> {
    let extension: Extension | null = null;
    try {
      extension = new ExtensionType(this.host as never, options);
      extension.id = id;
      if ((await extension.load()) === false) {
        this.viewer.logger.error(`${EXTENSION_FAILED}: ${id}`);
        extension.removeContributions?.();
        extension = null;
      }
    } catch (cause) {
      this.viewer.logger.error(`${EXTENSION_FAILED}: ${id}`, cause);
      extension?.removeContributions?.();
      extension = null;
    }
    if (!extension) throw new ViewerError(ErrorCode.UNKNOWN_FAILURE, `${EXTENSION_FAILED}: ${id}`);
    this.loaded.set(id, extension);
    this.viewer.emit('extension-loaded', { extensionId: id });
    return extension;
  }

  /** Unloads an extension (deactivating it first); false when it is not loaded. */
  unload(id: string): boolean {
    const extension = this.loaded.get(id);
    if (!extension) return false;
    if (extension.isActive()) extension.deactivate();
    extension.unload();
    extension.removeContributions?.();
    this.loaded.delete(id);
    this.viewer.emit('extension-unloaded', { extensionId: id });
    return true;
  }

  get(id: string): Extension | null {
    return this.loaded.get(id) ?? null;
  }

  /** Turns on a mode of a loaded extension; a missing one logs EXTENSION_NOT_LOADED and gives false. */
  activate(id: string, mode?: string): boolean {
    const extension = this.loaded.get(id);
    if (!extension) {
      this.viewer.logger.warn(EXTENSION_NOT_LOADED);
      return false;
    }
    return extension.activate(mode);
  }

  deactivate(id: string): boolean {
    const extension = this.loaded.get(id);
    if (!extension) {
      this.viewer.logger.warn(EXTENSION_NOT_LOADED);
      return false;
    }
    return extension.deactivate();
  }

  list(): Extension[] {
    return [...this.loaded.values()];
  }

  ids(): string[] {
    return [...this.loaded.keys()];
  }

  /** Unloads every extension, the last loaded first (the viewer is finishing). */
  dispose(): void {
    for (const id of this.ids().reverse()) this.unload(id);
  }
}
