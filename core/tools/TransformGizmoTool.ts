import { Box3, type Camera, Matrix4, Object3D, Quaternion, Vector2, Vector3 } from 'three';
import { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';
import { GizmoMarkers, worldPerPixelAt } from '../render/GizmoMarkers.js';
import type { CameraPort, EventsPort, RedrawPort, ResourcesPort, ScenePort, ToolsPort } from '../viewer/ports.js';
import type { GizmoDragDetail, GizmoMode } from './GizmoDragDetail.js';
import { SelectionTransform, type SelectionTransformPort } from './SelectionTransform.js';
import type { GestureInput, Tool, ToolPointerEvent } from './Tool.js';

/** What TransformGizmoTool needs of the viewer. */
export type TransformGizmoToolPort = CameraPort & EventsPort & RedrawPort & ResourcesPort & ScenePort & ToolsPort & SelectionTransformPort;

/** Spec 000 §9 "Camera defaults": the gizmo's scale divisor: dragging a scale handle 50 px doubles the size. */
export const GIZMO_SCALE_DIVISOR = 50;
/** Spec 000 §4 "Gizmo": rotation snaps to the nearest multiple of this increment (radians)... */
export const DEFAULT_ROTATION_SNAP = Math.PI / 12;
/** ...when it is within this of it (radians). */
export const DEFAULT_ROTATION_SNAP_DELTA = (3 * Math.PI) / 180;
/** A scale never goes below this factor (a drag far past the centre would otherwise turn the object inside out). */
const MIN_SCALE_FACTOR = 0.05;

export type { GizmoDragDetail, GizmoMode };

/**
 * The transform gizmo (spec 000 §2 "Other widgets", §4 "Gizmo"): moves, rotates and scales the selected
 * objects through the per-fragment transforms, without touching the batches. It drives three's
 * TransformControls on a proxy object at the selection's centre (the objects are not scene nodes) and
 * applies the proxy's change to each selected fragment. Shown or hidden; the hovered handle is highlighted
 * and the dragged one stays active; pointer down starts a drag, moves change the objects, up ends it, each
 * raising its event. Rotation snaps to the nearest increment when within the snap delta; scaling follows
 * the pointer with the spec's divisor of 50 px. Its markers use centerMarker_X.png and cardinalPoint.png.
 */
export class TransformGizmoTool implements Tool {
  readonly names = ['gizmo'] as const;
  readonly priority = 60;
  private readonly proxy = new Object3D();
  private controls: TransformControls | null = null;
  private markers: GizmoMarkers | null = null;
  private shown = false;
  private currentMode: GizmoMode = 'translate';
  private snap = { increment: DEFAULT_ROTATION_SNAP, delta: DEFAULT_ROTATION_SNAP_DELTA };
  private change: SelectionTransform | null = null;
  private drag: { axis: string; proxyStart: Matrix4; quaternionStart: Quaternion; scaleStart: Vector3; pointerStart: Vector2; origin: Vector3 } | null = null;
  private suppressClick = false;
  private lastAngle = 0;
  private lastRawAngle = 0;
  private readonly onSelectionChange = () => {
    if (this.shown && !this.drag) this.attach();
  };

  constructor(private readonly viewer: TransformGizmoToolPort) {
    this.proxy.name = 'gizmo-proxy';
  }

  // ── Public API ───────────────────────────────────────────────────────────────────────────────

  /** Shows the gizmo on the selection (and keeps following it), in a mode; false before the viewer started. */
  show(mode: GizmoMode = this.currentMode): boolean {
    if (!this.viewer.renderContext) return false;
    this.currentMode = mode;
    if (!this.shown) {
      this.shown = true;
      this.ensureControls();
      this.viewer.addEventListener('selection-change', this.onSelectionChange);
      this.viewer.toolController.activateTool('gizmo');
    }
    this.controls!.setMode(mode);
    this.attach();
    return true;
  }

  hide(): void {
    if (!this.shown) return;
    this.endDrag();
    this.shown = false;
    this.viewer.removeEventListener('selection-change', this.onSelectionChange);
    this.controls?.detach();
    if (this.markers) this.markers.object.visible = false;
    this.viewer.toolController.deactivateTool('gizmo');
    this.viewer.invalidate();
  }

  get isShown(): boolean {
    return this.shown;
  }

  get mode(): GizmoMode {
    return this.currentMode;
  }

  set mode(mode: GizmoMode) {
    this.currentMode = mode;
    this.controls?.setMode(mode);
    this.viewer.invalidate();
  }

  /** The handle under the pointer (highlighted), or null. */
  get hoverAxis(): string | null {
    return this.drag ? null : (this.controls?.axis ?? null);
  }

  /** The handle being dragged, or null. */
  get activeAxis(): string | null {
    return this.drag?.axis ?? null;
  }

  get isDragging(): boolean {
    return this.drag !== null;
  }

  /** Rotation snapping: the increment and the delta within which it snaps (radians; an increment of 0 turns it off). */
  setSnap(increment: number, delta: number): void {
    this.snap = { increment: Math.max(0, increment), delta: Math.max(0, delta) };
  }

  getSnap(): { increment: number; delta: number } {
    return { ...this.snap };
  }

  /** The rotation of the last rotate drag, after snapping (radians). */
  get lastRotationAngle(): number {
    return this.lastAngle;
  }

  /** The rotation the pointer asked for in the last rotate drag, before snapping (radians). */
  get lastUnsnappedRotationAngle(): number {
    return this.lastRawAngle;
  }

  /** Where the gizmo is (world), or null when nothing is selected. */
  getPosition(): Vector3 | null {
    return this.controls?.object ? this.proxy.position.clone() : null;
  }

  /** The gizmo's size in world units at its position: its handles reach about half of it along each axis. */
  getWorldScale(): number {
    const position = this.getPosition();
    if (!position || !this.controls) return 0;
    return gizmoScale(this.viewer.navigation.getThreeCamera(), position, this.controls.size);
  }

  /** The markers' texture URLs (they come from the resource root). */
  getTextureUrls(): string[] {
    return this.markers?.textureSources ?? [];
  }

  /** The markers' textures have arrived. */
  get areTexturesLoaded(): boolean {
    return this.markers?.isLoaded ?? false;
  }

  // ── Tool ─────────────────────────────────────────────────────────────────────────────────────

  deactivate(): void {
    if (this.shown) this.hide();
  }

  update(): boolean {
    const controls = this.controls;
    if (!controls || !this.markers) return false;
    const camera = this.viewer.navigation.getThreeCamera();
    controls.camera = camera;
    const attached = controls.object !== undefined;
    this.markers.object.visible = attached;
    if (attached) {
      const origin = this.proxy.getWorldPosition(new Vector3());
      const perPixel = worldPerPixelAt(camera, origin, this.viewer.navigation.viewport.height);
      const axis = this.drag?.axis ?? controls.axis;
      const ring = this.currentMode === 'rotate' && (axis === 'X' || axis === 'Y' || axis === 'Z') ? axis : null;
      this.markers.update(origin, perPixel, ring, 0.5 * gizmoScale(camera, origin, controls.size));
    }
    return false;
  }

  getCursor(): string | null {
    if (this.drag) return 'grabbing';
    return this.controls?.axis ? 'grab' : null;
  }

  handleButtonDown(event: ToolPointerEvent, button: number): boolean {
    const controls = this.controls;
    if (!this.shown || !controls?.object || button !== 0) return false;
    this.hover(event);
    if (!controls.axis) return false;
    this.change = new SelectionTransform(this.viewer);
    this.proxy.updateMatrix();
    controls.pointerDown(asPointer({ ...this.pointer(event), button: 0 }));
    if (!controls.dragging) return false;
    this.drag = {
      axis: controls.axis,
      proxyStart: this.proxy.matrix.clone(),
      quaternionStart: this.proxy.quaternion.clone(),
      scaleStart: this.proxy.scale.clone(),
      pointerStart: new Vector2(event.canvasX, event.canvasY),
      origin: this.proxy.position.clone(),
    };
    this.lastAngle = 0;
    this.lastRawAngle = 0;
    this.suppressClick = true;
    this.viewer.emit('gizmo-drag-start', this.detail());
    this.viewer.invalidate();
    return true;
  }

  handleMouseMove(event: ToolPointerEvent): boolean {
    const controls = this.controls;
    if (!this.shown || !controls?.object) return false;
    if (!this.drag) {
      this.hover(event);
      return false;
    }
    controls.pointerMove(asPointer({ ...this.pointer(event), button: -1 }));
    if (this.currentMode === 'rotate') this.snapRotation();
    if (this.currentMode === 'scale') this.scaleByPointer(event);
    this.applyToTargets();
    this.viewer.emit('gizmo-drag-move', this.detail());
    return true;
  }

  handleButtonUp(_event: ToolPointerEvent, button: number): boolean {
    if (!this.drag || button !== 0) return false;
    this.endDrag();
    return true;
  }

  /**
   * One finger drags a handle as the mouse does. Hammer.js starts a drag once the finger has moved some
   * pixels: the handle is the one under where the finger went down, and the drag then follows the finger.
   */
  handleGesture(gesture: GestureInput): boolean {
    switch (gesture.type) {
      case 'dragstart': {
        if (!this.handleButtonDown(touchPointer(gesture, gesture.canvasX - gesture.deltaX, gesture.canvasY - gesture.deltaY), 0)) return false;
        // A touch drag ends with no click after it: nothing to keep from selecting.
        this.suppressClick = false;
        this.handleMouseMove(touchPointer(gesture, gesture.canvasX, gesture.canvasY));
        return true;
      }
      case 'dragmove':
        return this.drag !== null && this.handleMouseMove(touchPointer(gesture, gesture.canvasX, gesture.canvasY));
      case 'dragend':
        if (!this.drag) return false;
        this.endDrag();
        return true;
      default:
        return false;
    }
  }

  /** The click that ends a press on a handle must not select or deselect what lies under it. */
  handleSingleClick(): boolean {
    if (!this.suppressClick) return false;
    this.suppressClick = false;
    return true;
  }

  handleBlur(): boolean {
    this.endDrag();
    return false;
  }

  dispose(): void {
    this.hide();
    // Never connected to the DOM (the tool feeds it input), so only its helper needs freeing.
    this.controls?.getHelper().removeFromParent();
    this.controls?.getHelper().dispose();
    this.markers?.object.removeFromParent();
    this.markers?.dispose();
    this.proxy.removeFromParent();
  }

  // ── Internals ────────────────────────────────────────────────────────────────────────────────

  private ensureControls(): void {
    if (this.controls) return;
    const overlay = this.viewer.renderContext!.overlay;
    const controls = new TransformControls(this.viewer.navigation.getThreeCamera());
    controls.space = 'world';
    controls.addEventListener('change', () => this.viewer.invalidate());
    this.controls = controls;
    this.markers = new GizmoMarkers((path) => this.viewer.getResource(path), () => this.viewer.invalidate());
    overlay.add(this.proxy, controls.getHelper(), this.markers.object);
  }

  /** Puts the gizmo at the centre of the selection, unturned and unscaled; detached when nothing is selected. */
  private attach(): void {
    const controls = this.controls;
    if (!controls) return;
    const box = new Box3();
    const fragBox = new Box3();
    for (const selection of this.viewer.getAggregateSelection()) {
      for (const fragId of selection.fragIds) box.union(selection.model.fragments.getWorldBox(fragId, fragBox).translate(selection.model.globalOffset));
    }
    if (box.isEmpty()) {
      controls.detach();
    } else {
      this.proxy.position.copy(box.getCenter(new Vector3()));
      this.proxy.quaternion.identity();
      this.proxy.scale.set(1, 1, 1);
      this.proxy.updateMatrixWorld(true);
      controls.attach(this.proxy);
    }
    this.viewer.invalidate();
  }

  private hover(event: ToolPointerEvent): void {
    const controls = this.controls!;
    const before = controls.axis;
    controls.camera = this.viewer.navigation.getThreeCamera();
    controls.getHelper().updateMatrixWorld(true);
    controls.pointerHover(asPointer(this.pointer(event)));
    if (controls.axis !== before) this.viewer.invalidate();
  }

  /** Spec 000 §4: the rotation snaps to the nearest multiple of the increment when within the delta of it. */
  private snapRotation(): void {
    const controls = this.controls as unknown as { rotationAngle: number; rotationAxis: Vector3 };
    const raw = controls.rotationAngle;
    let angle = raw;
    if (this.snap.increment > 0) {
      const nearest = Math.round(raw / this.snap.increment) * this.snap.increment;
      if (Math.abs(raw - nearest) <= this.snap.delta) angle = nearest;
    }
    this.lastAngle = angle;
    this.lastRawAngle = raw;
    const axis = controls.rotationAxis.clone().normalize();
    this.proxy.quaternion.setFromAxisAngle(axis, angle).multiply(this.drag!.quaternionStart).normalize();
  }

  /** Spec 000 §9: scale by the pointer's travel along the handle on screen, divided by 50 px. */
  private scaleByPointer(event: ToolPointerEvent): void {
    const drag = this.drag!;
    const travel = new Vector2(event.canvasX, event.canvasY).sub(drag.pointerStart);
    const single = drag.axis.length === 1 ? drag.axis : null;
    const direction = single ? this.screenDirectionOf(single, drag.origin) : new Vector2(1, -1).normalize();
    const factor = Math.max(MIN_SCALE_FACTOR, 1 + travel.dot(direction) / GIZMO_SCALE_DIVISOR);
    this.proxy.scale.copy(drag.scaleStart);
    if (drag.axis.includes('X')) this.proxy.scale.x *= factor;
    if (drag.axis.includes('Y')) this.proxy.scale.y *= factor;
    if (drag.axis.includes('Z')) this.proxy.scale.z *= factor;
  }

  /** Which way a world axis points on screen from a point (canvas pixels, y down), as a unit vector. */
  private screenDirectionOf(axis: string, origin: Vector3): Vector2 {
    const camera = this.viewer.navigation.getThreeCamera();
    const a = this.toCanvas(origin, camera);
    const unit = new Vector3(axis === 'X' ? 1 : 0, axis === 'Y' ? 1 : 0, axis === 'Z' ? 1 : 0);
    const b = this.toCanvas(origin.clone().addScaledVector(unit, gizmoScale(camera, origin, 1) * 0.5), camera);
    const direction = b.sub(a);
    return direction.lengthSq() > 1e-6 ? direction.normalize() : new Vector2(1, -1).normalize();
  }

  private toCanvas(point: Vector3, camera: Camera): Vector2 {
    const p = point.clone().project(camera);
    const { width, height } = this.viewer.navigation.viewport;
    return new Vector2(((p.x + 1) / 2) * width, ((1 - p.y) / 2) * height);
  }

  /** The proxy's change since the drag started, applied to every selected fragment. */
  private applyToTargets(): void {
    if (this.drag) this.change?.apply(this.deltaMatrix());
  }

  private deltaMatrix(): Matrix4 {
    if (!this.drag) return new Matrix4();
    this.proxy.updateMatrix();
    return this.proxy.matrix.clone().multiply(this.drag.proxyStart.clone().invert());
  }

  private endDrag(): void {
    const drag = this.drag;
    if (!drag) return;
    this.controls?.pointerUp(asPointer({ x: 0, y: 0, button: 0 }));
    this.applyToTargets();
    const detail = this.detail();
    this.drag = null;
    this.change = null;
    this.viewer.emit('gizmo-drag-end', detail);
    this.viewer.invalidate();
  }

  private detail(): GizmoDragDetail {
    const first = this.viewer.getAggregateSelection()[0];
    return {
      mode: this.currentMode,
      axis: this.drag?.axis ?? '',
      model: first?.model ?? null,
      dbIds: first ? [...first.dbIds] : [],
      matrix: this.deltaMatrix().toArray(),
    };
  }

  private pointer(event: ToolPointerEvent): { x: number; y: number; button: number } {
    const { width, height } = this.viewer.navigation.viewport;
    return { x: (event.canvasX / width) * 2 - 1, y: -(event.canvasY / height) * 2 + 1, button: -1 };
  }
}

/** A touch point as the pointer handlers take it (they read the canvas position only). */
function touchPointer(gesture: GestureInput, canvasX: number, canvasY: number): ToolPointerEvent {
  return {
    canvasX,
    canvasY,
    clientX: canvasX,
    clientY: canvasY,
    deltaX: gesture.moveX,
    deltaY: gesture.moveY,
    button: 0,
    buttons: 1,
    shiftKey: false,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    pointerType: 'touch',
    original: gesture.original as Event,
  };
}

/** TransformControls reads a pointer's x, y (normalised device coordinates) and button; its types ask for a PointerEvent. */
function asPointer(pointer: { x: number; y: number; button: number }): PointerEvent {
  return pointer as unknown as PointerEvent;
}

/** The gizmo's world scale at a point, as TransformControls sizes its handles (so markers sit on its rings). */
function gizmoScale(camera: Camera, point: Vector3, size: number): number {
  const c = camera as Camera & { isOrthographicCamera?: boolean; top: number; bottom: number; zoom: number; fov: number };
  const factor = c.isOrthographicCamera
    ? (c.top - c.bottom) / c.zoom
    : point.distanceTo(new Vector3().setFromMatrixPosition(camera.matrixWorld)) * Math.min((1.9 * Math.tan((Math.PI * c.fov) / 360)) / c.zoom, 7);
  return (factor * size) / 4;
}
