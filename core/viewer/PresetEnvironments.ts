import { ENVIRONMENTS_PATH, environmentFileName } from '../render/environmentFiles.js';
import { type EnvironmentMap, parseEnvironmentMap } from '../render/environmentMaps.js';
import type { SceneRenderer } from '../render/SceneRenderer.js';
import type { LoggerPort, RedrawPort, ResourcesPort } from './ports.js';

/** What loading the presets' environments needs of the viewer. */
export type PresetEnvironmentsPort = LoggerPort & RedrawPort & Pick<ResourcesPort, 'getResource'> & { readonly renderContext: SceneRenderer | null };

/**
 * The light presets' environment maps (spec 001 §7: res/environments/{name}_mipdrop and {name}_irr), fetched
 * when a preset is first chosen in 3D, kept for the viewer's life, and given to the renderer if that preset
 * is still the one wanted when they arrive. A map that cannot be read leaves the default room, with a warning.
 */
export class PresetEnvironments {
  private readonly loaded = new Map<string, Promise<EnvironmentMap | null>>();
  private wanted: string | null = null;
  private applied: Promise<void> = Promise.resolve();

  constructor(private readonly viewer: PresetEnvironmentsPort) {}

  /** The preset whose environment the models should have; null: none (2D mode, the default room). Resolves once it is applied. */
  use(presetName: string | null): Promise<void> {
    this.wanted = presetName;
    if (presetName === null) {
      this.viewer.renderContext?.lighting.setEnvironmentMap(null);
      this.applied = Promise.resolve();
      return this.applied;
    }
    let map = this.loaded.get(presetName);
    this.viewer.renderContext?.lighting.expectEnvironmentMap();
    if (!map) {
      map = this.load(presetName);
      this.loaded.set(presetName, map);
    }
    this.applied = map.then((environment) => {
      const renderer = this.viewer.renderContext;
      if (this.wanted !== presetName || !renderer) return;
      renderer.lighting.setEnvironmentMap(environment);
      this.viewer.invalidate();
    });
    return this.applied;
  }

  /**
   * Resolves once the environment of the preset wanted now is in place (or could not be read): a model's
   * load waits for it before it resolves (its own settings may pick another preset), as waitForCompleteFrame
   * does, so that the pictures taken then do not change when a map arrives.
   */
  async settled(): Promise<void> {
    let pending: Promise<void>;
    do {
      pending = this.applied;
      await pending;
    } while (pending !== this.applied);
  }

  private async load(presetName: string): Promise<EnvironmentMap | null> {
    try {
      const [radiance, irradiance] = await Promise.all(
        (['mipdrop', 'irr'] as const).map(async (kind) => {
          const request = this.viewer.getResource(ENVIRONMENTS_PATH + environmentFileName(presetName, kind));
          const response = await fetch(request.url, { credentials: request.credentials });
          if (!response.ok) throw new Error(`${request.url}: HTTP ${response.status}`);
          return response.arrayBuffer();
        }),
      );
      return parseEnvironmentMap(presetName, radiance, irradiance);
    } catch (reason) {
      this.viewer.logger.warn(`The environment of the light preset "${presetName}" could not be loaded (${(reason as Error)?.message ?? reason}): the models reflect the default room.`);
      return null;
    }
  }
}
