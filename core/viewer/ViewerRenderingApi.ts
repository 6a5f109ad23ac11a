import { type FrameStats, SceneRenderer } from '../render/SceneRenderer.js';
import { LIGHT_PRESETS } from '../render/lightPresets.js';
import { pixelsToPng } from '../render/pixelsToPng.js';
import { ErrorCode } from './ErrorCodes.js';
import { FramePacer } from './FramePacer.js';
import { Logger } from './Logger.js';
import { Preferences } from './Preferences.js';
import type { PresetEnvironments } from './PresetEnvironments.js';
import { ViewerError } from './ViewerError.js';
import { ViewerModelsApi } from './ViewerModelsApi.js';

/** Spec 001 §7 and issue 33: a screenshot's longer side, at most. */
export const MAX_SCREENSHOT_SIZE = 4096;

/** Whole pixels, at least 1, the longer side at most MAX_SCREENSHOT_SIZE (the other scaled with it). */
function screenshotSize(width: number, height: number): { width: number; height: number } {
  const w = Math.max(1, Number.isFinite(width) ? width : 1);
  const h = Math.max(1, Number.isFinite(height) ? height : 1);
  const scale = Math.min(1, MAX_SCREENSHOT_SIZE / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/** The Viewer's API, part: rendering: frames, the complete picture, screenshots, and the rendering settings (each a preference). A base of `Viewer` (Viewer.ts), which owns the parts it uses. */
export abstract class ViewerRenderingApi extends ViewerModelsApi {
  abstract canvas: HTMLCanvasElement;
  abstract readonly logger: Logger;
  abstract readonly prefs: Preferences;
  abstract readonly environments: PresetEnvironments;
  protected abstract readonly pacer: FramePacer;
  protected abstract sceneRenderer: SceneRenderer | null;
  // ── Rendering ────────────────────────────────────────────────────────────────────────────────

  /** Asks for a frame. */
  invalidate(): void {
    this.pacer.invalidate();
  }

  /** Asks for a frame because what is drawn changed (geometry arrived): the picture shown is incomplete until it is drawn. */
  invalidatePicture(): void {
    this.pacer.invalidatePicture();
  }

  /** Draws one complete frame synchronously (screenshots, tests, benchmarks). */
  renderNow(): FrameStats {
    return this.pacer.renderNow();
  }

  /** Statistics of the last frame drawn: draw calls, triangles, share drawn. */
  getFrameStats(): FrameStats {
    return { ...this.pacer.lastStats };
  }

  /**
   * Resolves once the canvas shows the complete picture: the light preset's environment is in place, no model is loading, and the last frame drew
   * everything there is (`final-frame-rendered-change` says when a frame is final; `geometry-loaded` only
   * that a model's data has arrived). Resolves at once when that is so already, and when the viewer finishes.
   */
  async waitForCompleteFrame(): Promise<void> {
    await this.environments.settled();
    while (this.sceneRenderer && !(this.pacer.isComplete && !this.models.isLoading)) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }

  /**
   * A PNG of the complete picture at the given size (default: the canvas size; each side at most
   * MAX_SCREENSHOT_SIZE, the other scaled with it), with the effects that are on, once no model is loading
   * (spec 001 §7: screenshots are returned by callback or opened in a new window). The callback, when given,
   * receives an object URL of the PNG (the host revokes it); `openInNewWindow` opens that URL in a new tab.
   */
  async getScreenShot(width?: number, height?: number, callback?: (url: string, png: Blob) => void, options: { openInNewWindow?: boolean } = {}): Promise<Blob> {
    if (!this.sceneRenderer) throw new ViewerError(ErrorCode.UNKNOWN_FAILURE, 'The viewer is not started.');
    await this.waitForCompleteFrame();
    if (!this.sceneRenderer) throw new ViewerError(ErrorCode.UNKNOWN_FAILURE, 'The viewer has been finished.');
    const size = screenshotSize(width ?? this.canvas.clientWidth, height ?? this.canvas.clientHeight);
    const png = await pixelsToPng(this.capturePixels(size.width, size.height));
    if (callback || options.openInNewWindow) {
      const url = URL.createObjectURL(png);
      if (options.openInNewWindow) window.open(url, '_blank');
      callback?.(url, png);
    }
    return png;
  }

  /** The pixels of a complete frame at the given size, top row first (RGBA). */
  capturePixels(width: number, height: number): { width: number; height: number; data: Uint8Array } {
    if (!this.sceneRenderer) throw new ViewerError(ErrorCode.UNKNOWN_FAILURE, 'The viewer is not started.');
    return this.pacer.capture(width, height);
  }

  // ── Rendering settings: each one a preference (spec 001 §3), saved and shown in the settings ─────

  /** The environment lighting, an index into LIGHT_PRESETS; false (with a warning) for another value. */
  setLightPreset(index: number): boolean {
    if (!Number.isInteger(index) || index < 0 || index >= LIGHT_PRESETS.length) {
      this.logger.warn(`Unknown light preset: ${index} (0 to ${LIGHT_PRESETS.length - 1}).`);
      return false;
    }
    return this.prefs.set('lightPreset', index);
  }

  /** The background gradient, top then bottom colour as 0–255 RGB; no argument: the light preset's own. */
  setBackgroundColor(...rgbTopThenBottom: number[]): boolean {
    return this.prefs.set('backgroundColorPreset', rgbTopThenBottom.length ? rgbTopThenBottom : null);
  }

  setProgressiveRendering(enabled: boolean): boolean {
    return this.prefs.set('progressiveRendering', Boolean(enabled));
  }

  /** Ambient occlusion (preference `ambientShadows`) and antialiasing. */
  setQualityLevel(ambientOcclusion: boolean, antiAliasing: boolean): void {
    this.prefs.set('ambientShadows', Boolean(ambientOcclusion));
    this.prefs.set('antialiasing', Boolean(antiAliasing));
  }

  setGroundShadow(enabled: boolean): boolean {
    return this.prefs.set('groundShadow', Boolean(enabled));
  }

  setGroundReflection(enabled: boolean): boolean {
    return this.prefs.set('groundReflection', Boolean(enabled));
  }

  setDisplayEdges(enabled: boolean): boolean {
    return this.prefs.set('edgeRendering', Boolean(enabled));
  }

  /**
   * The frame rate progressive display aims at (spec 001 §5: 1 to 100 frames per second; the floor is 1):
   * the more, the less of a big model each moving frame draws. null: the spec's targets again (30 fps, 15
   * while navigating with optimizeNavigation).
   */
  setFrameRate(fps: number | null): void {
    this.pacer.budget.setFrameRate(fps);
    this.invalidate();
  }

  getFrameRate(): number {
    return this.pacer.budget.frameRate;
  }

  setSwapBlackAndWhite(enabled: boolean): boolean {
    return this.prefs.set('swapBlackAndWhite', Boolean(enabled));
  }

  /** Engine internals for extensions and the view cube: the renderer and its overlay scene. */
  get renderContext(): SceneRenderer | null {
    return this.sceneRenderer;
  }
}
