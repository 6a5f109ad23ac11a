import type { CameraPort, CanvasPort, PickPort, ResourcesPort } from '../viewer/ports.js';
import { depthOf, worldPointAt } from './screenPoints.js';
import type { GestureInput, Tool, ToolPointerEvent } from './Tool.js';
import { toolCursor } from './toolCursors.js';

/** What ZoomWindowTool needs of the viewer. */
export type ZoomWindowToolPort = CameraPort & CanvasPort & ResourcesPort & PickPort;

/** Spec 001 §9: the cross drawn at the window's centre is at most this many pixels across. */
export const ZOOM_WINDOW_CROSS_MAX_PX = 20;
/** A window smaller than this (px, either side) is a click, not a window. */
const MIN_WINDOW_PX = 4;

/**
 * Zoom window (spec 001 §2): drag a rectangle with the primary button and the view zooms, animated, so
 * that the rectangle fills it, centred on what was at the rectangle's centre. Escape cancels the drag.
 * The rectangle is a DOM box over the canvas. Obeys the zoom lock.
 */
export class ZoomWindowTool implements Tool {
  readonly names = ['zoomwindow'] as const;
  readonly priority = 20;
  private start: { x: number; y: number } | null = null;
  private box: HTMLDivElement | null = null;
  private cross: HTMLDivElement | null = null;

  constructor(private readonly viewer: ZoomWindowToolPort) {}

  deactivate(): void {
    this.cancel();
  }

  getCursor(): string {
    return toolCursor(this.viewer.resources, 'zoomwindow');
  }

  handleButtonDown(event: ToolPointerEvent, button: number): boolean {
    if (button !== 0) return false;
    this.start = { x: event.canvasX, y: event.canvasY };
    this.draw(event.canvasX, event.canvasY);
    return true;
  }

  handleMouseMove(event: ToolPointerEvent): boolean {
    if (!this.start) return false;
    this.draw(event.canvasX, event.canvasY);
    return true;
  }

  handleButtonUp(event: ToolPointerEvent, button: number): boolean {
    if (button !== 0 || !this.start) return false;
    this.release(event.canvasX, event.canvasY);
    return true;
  }

  /** One finger draws the window on touch. */
  handleGesture(gesture: GestureInput): boolean {
    switch (gesture.type) {
      case 'dragstart':
        this.start = { x: gesture.canvasX - gesture.deltaX, y: gesture.canvasY - gesture.deltaY };
        this.draw(gesture.canvasX, gesture.canvasY);
        return true;
      case 'dragmove':
        this.draw(gesture.canvasX, gesture.canvasY);
        return this.start !== null;
      case 'dragend':
        if (this.start) this.release(gesture.canvasX, gesture.canvasY);
        return true;
    }
    return false;
  }

  handleKeyDown(_event: KeyboardEvent, key: string): boolean {
    if (key !== 'Escape' || !this.start) return false;
    this.cancel();
    return true;
  }

  handleBlur(): boolean {
    this.cancel();
    return false;
  }

  /** Frames a window of the view (canvas pixels, centre and size); resolves true on arrival. */
  zoomTo(centerX: number, centerY: number, width: number, height: number): Promise<boolean> {
    const nav = this.viewer.navigation;
    if (!nav.isActionEnabled('zoom')) return Promise.resolve(false);
    const share = Math.max(width / nav.viewport.width, height / nav.viewport.height);
    const focus = worldPointAt(this.viewer, centerX, centerY).point;
    const direction = nav.getDirection();
    const view = nav.getView();
    // Keep the view direction; look at the focus from the distance at which the window fills the view.
    const distance = Math.max(depthOf(this.viewer, focus) * share, 1e-5);
    view.center = focus.clone();
    view.pivot = focus.clone();
    view.position = focus.clone().addScaledVector(direction, -(nav.isPerspective ? distance : nav.distance));
    if (!nav.isPerspective) view.orthoScale = nav.orthoScale * share;
    return nav.transitionTo(view);
  }

  /** The drag ends at a point: a window big enough is zoomed to. */
  private release(endX: number, endY: number): void {
    const { x, y } = this.start!;
    this.cancel();
    const width = Math.abs(endX - x);
    const height = Math.abs(endY - y);
    if (width >= MIN_WINDOW_PX && height >= MIN_WINDOW_PX) void this.zoomTo((x + endX) / 2, (y + endY) / 2, width, height);
  }

  private draw(x: number, y: number): void {
    const start = this.start;
    if (!start) return;
    if (!this.box) {
      this.box = document.createElement('div');
      this.box.className = 'design-viewer-zoom-window';
      Object.assign(this.box.style, {
        position: 'absolute',
        boxSizing: 'border-box',
        border: '1.5px solid #0696d7',
        background: 'rgba(6, 150, 215, 0.12)',
        boxShadow: '0 0 0 1px rgba(255, 255, 255, 0.6)',
        pointerEvents: 'none',
      });
      this.cross = document.createElement('div');
      Object.assign(this.cross.style, { position: 'absolute', left: '50%', top: '50%', transform: 'translate(-50%, -50%)' });
      this.box.appendChild(this.cross);
      this.viewer.container.appendChild(this.box);
    }
    const canvasRect = this.viewer.canvas.getBoundingClientRect();
    const containerRect = this.viewer.container.getBoundingClientRect();
    const left = Math.min(start.x, x) + canvasRect.left - containerRect.left;
    const top = Math.min(start.y, y) + canvasRect.top - containerRect.top;
    const width = Math.abs(x - start.x);
    const height = Math.abs(y - start.y);
    Object.assign(this.box.style, { left: `${left}px`, top: `${top}px`, width: `${width}px`, height: `${height}px` });
    const size = Math.min(ZOOM_WINDOW_CROSS_MAX_PX, width / 2, height / 2);
    const line = '#0696d7';
    Object.assign(this.cross!.style, {
      width: `${size}px`,
      height: `${size}px`,
      background: `linear-gradient(${line}, ${line}) center / 1.5px 100% no-repeat, linear-gradient(${line}, ${line}) center / 100% 1.5px no-repeat`,
    });
  }

  private cancel(): void {
    this.start = null;
    this.box?.remove();
    this.box = null;
    this.cross = null;
  }
}
