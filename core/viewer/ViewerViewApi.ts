import type { CameraView } from '../camera/CameraView.js';
import { HomeView } from '../camera/HomeView.js';
import { Navigation, type TransitionOptions } from '../camera/Navigation.js';
import { ViewCubeController } from '../camera/ViewCubeController.js';
import { canvasRay } from '../camera/canvasRay.js';
import { lookAtView } from '../camera/viewFraming.js';
import { Endpoint } from '../loaders/endpoints/Endpoint.js';
import type { Model } from '../model/Model.js';
import { modelsBounds, objectBounds } from '../model/modelBounds.js';
import type { FragmentBvh } from '../render/FragmentBvh.js';
import { HIT_TEST_RADIUS_PX, HIT_TEST_RADIUS_PX_MOBILE } from '../render/linePick.js';
import { type HitResult, Picker } from '../render/Picker.js';
import { type ScreenMode, ScreenModes } from './ScreenModes.js';
import { ViewerRenderingApi } from './ViewerRenderingApi.js';
import { fitToViewBox } from './fitToViewBox.js';
import { ResourceLocator, type ResourceRequest, resourceRequest } from './resources.js';
import { Box3, type Ray, Vector3 } from 'three';

/** The Viewer's API, part: the camera, screen modes, resources, bounds and picking. A base of `Viewer` (Viewer.ts), which owns the parts it uses. */
export abstract class ViewerViewApi extends ViewerRenderingApi {
  abstract readonly endpoint: Endpoint;
  abstract readonly navigation: Navigation;
  abstract readonly resources: ResourceLocator;
  abstract readonly viewCube: ViewCubeController;
  abstract readonly isMobile: boolean;
  protected abstract readonly homeView: HomeView;
  protected abstract readonly picker: Picker;
  protected abstract readonly screenModes: ScreenModes;
  // ── Camera ───────────────────────────────────────────────────────────────────────────────────

  /**
   * Frames the given objects (or everything visible) with the spec's 5% margin, animated unless
   * `immediate`. Resolves true once there (false when locked, empty, or interrupted). Not with 2D and 3D
   * models together; with several 2D models, the first alone (spec 001 §5, each with its warning).
   */
  fitToView(dbIds?: readonly number[] | null, model?: Model | null, immediate = false): Promise<boolean> {
    if (!this.navigation.isActionEnabled('gotoview')) return Promise.resolve(false);
    const box = fitToViewBox(this.models.list, this.logger, dbIds, model ?? this.model);
    if (!box || box.isEmpty()) return Promise.resolve(false);
    return this.navigation.transitionTo(this.navigation.computeFitView(box), { immediate });
  }

  /** Moves to the home view, animated unless `immediate`; resolves true once there. */
  goHome(immediate = false): Promise<boolean> {
    if (!this.navigation.isActionEnabled('gotoview')) return Promise.resolve(false);
    return this.homeView.goHome({ immediate });
  }

  /** Moves the camera to look at `target` from `position`, animated unless `options.immediate`. */
  setView(position: Vector3, target: Vector3, options: TransitionOptions = {}): Promise<boolean> {
    if (!this.navigation.isActionEnabled('gotoview')) return Promise.resolve(false);
    return this.navigation.transitionTo(lookAtView(this.navigation.getView(), position, target), options);
  }

  setHomeView(view?: CameraView): void {
    this.homeView.setHomeView(view ?? this.navigation.getView());
  }

  resetHomeView(): void {
    this.homeView.reset();
  }

  getHomeView(): CameraView | null {
    return this.homeView.get();
  }

  setFOV(degrees: number): void {
    if (this.navigation.isActionEnabled('fov')) this.navigation.setFov(degrees);
  }

  toOrthographic(): void {
    this.navigation.toOrthographic();
  }

  toPerspective(): void {
    this.navigation.toPerspective();
  }

  /**
   * Turns the view to a face, edge or corner of the orientation cube ('front', 'top front right', in any
   * order), with a spherical interpolation; resolves true on arrival (false for an unknown name or a lock,
   * and with a warning on a 2D sheet).
   */
  setViewCube(face: string, options: { immediate?: boolean } = {}): Promise<boolean> {
    if (this.navigation.is2d) {
      this.logger.warn(`setViewCube: a 2D sheet is seen from above only (${face}).`);
      return Promise.resolve(false);
    }
    return this.viewCube.setViewCube(face, options);
  }

  // ── Screen modes (spec 000 §2) ───────────────────────────────────────────────────────────────

  /** Switches to normal, full-browser or full-screen; false (with a warning) when not supported here. */
  setScreenMode(mode: ScreenMode | string): boolean {
    return this.screenModes.setScreenMode(mode);
  }

  /** The next mode of the cycle normal → full browser → full screen → normal (skipping unsupported ones). */
  nextScreenMode(): ScreenMode {
    return this.screenModes.nextScreenMode();
  }

  /** Back to normal (what Escape does); false when already normal. */
  escapeScreenMode(): boolean {
    return this.screenModes.escapeScreenMode();
  }

  getScreenMode(): ScreenMode {
    return this.screenModes.mode;
  }

  isScreenModeSupported(mode: string): boolean {
    return this.screenModes.isModeSupported(mode);
  }

  /**
   * The one way to fetch a file of `res/` (spec 000 §7): its URL under the resource root, with credentials
   * only when the endpoint is configured for them and the URL is same-host or relative.
   */
  getResource(path: string): ResourceRequest {
    return resourceRequest(this.resources, path, this.endpoint.useCredentials);
  }

  /**
   * The global offset: the real coordinates of the origin of the space the models are stored and drawn in
   * (the first model's box centre, or its load's `globalOffset` option); later models take it, so they line
   * up. (0, 0, 0) before any model. Every coordinate the viewer takes and reports is real (offset included).
   */
  getGlobalOffset(): Vector3 {
    return this.models.getGlobalOffset() ?? new Vector3();
  }

  /** The box of some objects (their subtrees, transforms applied), in real coordinates. */
  getBoundsOf(dbIds: readonly number[], model: Model | null): Box3 {
    return model ? objectBounds(model, dbIds) : new Box3();
  }

  /** The box of every visible fragment of every model, in real coordinates. */
  getVisibleBounds(): Box3 {
    return modelsBounds(this.models.list, true);
  }

  // ── Picking ──────────────────────────────────────────────────────────────────────────────────

  /** The object under a point of the page (client coordinates), or null (spec 001 §3 "Hit-test result"). */
  hitTest(clientX: number, clientY: number): HitResult | null {
    if (!this.canvas) return null;
    const rect = this.canvas.getBoundingClientRect();
    return this.hitTestCanvas(clientX - rect.left, clientY - rect.top);
  }

  /** Like hitTest, with coordinates relative to the canvas (CSS pixels). */
  hitTestCanvas(x: number, y: number): HitResult | null {
    if (!this.canvas || this.models.list.length === 0) return null;
    // Lines count within the spec's pixel radius of the point (spec 001 §9).
    const radiusPx = this.isMobile ? HIT_TEST_RADIUS_PX_MOBILE : HIT_TEST_RADIUS_PX;
    return this.picker.pick(this.rayFromCanvas(x, y), this.models.list, (distance) => radiusPx * this.navigation.worldPerPixel(distance));
  }

  /** Picks along any world-space ray. */
  rayCast(ray: Ray): HitResult | null {
    return this.picker.pick(ray, this.models.list);
  }

  /** The BVH the picker keeps over a model's fragment boxes (model space, fragments where they are now), for spatial queries such as snapping. */
  getFragmentBvh(model: Model): FragmentBvh {
    return this.picker.fragmentBvh(model);
  }

  rayFromCanvas(x: number, y: number): Ray {
    return canvasRay(this.navigation.getThreeCamera(), x, y, this.canvas.clientWidth, this.canvas.clientHeight);
  }
}
