import { atom, type ReadableAtom } from 'nanostores';
import { Extension } from '../../viewer/Extension.js';
import { builtInMenuItems } from './builtInMenuItems.js';
import { ContextMenuTool } from './ContextMenuTool.js';

/** Where the canvas asked for the context menu: a point of the page (client coordinates, CSS pixels). */
export interface ContextMenuRequest {
  clientX: number;
  clientY: number;
}

/**
 * The canvas's context menu (spec 001 §2 "Panels" 6; id "contextmenu"): a right click without movement, or
 * a touch press, on the canvas asks for it (`$request`), and the spec's items are viewer.ui's context-menu
 * items beside any a host adds. The chrome (react-panels/contextmenu/) draws exactly those items where it
 * is asked. Unloaded, a right click opens nothing and the navigation tools have the canvas to themselves.
 */
export class ContextMenuExtension extends Extension {
  private readonly request = atom<ContextMenuRequest | null>(null);
  private tool: ContextMenuTool | null = null;

  /** The latest point the menu was asked at, until the chrome takes it (`takeRequest`); null then. */
  get $request(): ReadableAtom<ContextMenuRequest | null> {
    return this.request;
  }

  override load(): boolean {
    this.tool = new ContextMenuTool(this.viewer, (clientX, clientY) => this.request.set({ clientX, clientY }));
    this.viewer.toolController.registerTool(this.tool);
    this.viewer.toolController.activateTool(this.tool.names[0]);
    for (const item of builtInMenuItems(this.viewer)) this.addContextMenuItem(item);
    return true;
  }

  override unload(): boolean {
    if (this.tool) this.viewer.toolController.deregisterTool(this.tool);
    this.tool = null;
    this.request.set(null);
    return true;
  }

  /** The pending request, cleared: the chrome opens its menu there. */
  takeRequest(): ContextMenuRequest | null {
    const request = this.request.get();
    if (request) this.request.set(null);
    return request;
  }
}
