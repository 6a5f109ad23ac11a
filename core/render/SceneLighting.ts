import { type Camera, Color, DirectionalLight, HemisphereLight, type Scene, SRGBColorSpace, Vector3, type WebGLCubeRenderTarget, type WebGLRenderer } from 'three';
import { BackgroundGradient } from './BackgroundGradient.js';
import { DEFAULT_ENVIRONMENT_INTENSITY, DefaultEnvironment } from './DefaultEnvironment.js';
import { EnvironmentBackground } from './EnvironmentBackground.js';
import { type EnvironmentMap, prefilterEnvironmentMap } from './environmentMaps.js';
import { LIGHT_PRESETS, type LightPreset } from './lightPresets.js';

/** Spec 001 §5: the light intensity runs −5 to 20. */
export const LIGHT_INTENSITY_MIN = -5;
export const LIGHT_INTENSITY_MAX = 20;

const SHOULDER = new Vector3(-0.5, 0.8, 0.3);
const FORWARD = new Vector3(0, 0, -1);

/**
 * The light of the 3D scene and what lies behind it: a light preset's ambient light and headlight, the
 * environment the models reflect (the preset's map once loaded, else three's RoomEnvironment, made once),
 * its turn about the world up, and the background (the preset's gradient, or the environment map with
 * `envMapBackground`). `changed` is called whenever the picture must be drawn again; `hasModels` says
 * whether models are there to reflect the room right away.
 */
export class SceneLighting {
  private readonly headlight = new DirectionalLight(0xffffff, 1.6);
  private readonly ambient = new HemisphereLight(0xffffff, 0x9aa0a6, 1.4);
  /** What the models reflect until a preset's map is loaded (a metal reflects nothing else). */
  private readonly room = new DefaultEnvironment();
  private readonly gradient: BackgroundGradient;
  private readonly environmentBackground = new EnvironmentBackground();
  private lightPreset: LightPreset = LIGHT_PRESETS[0];
  private lightIntensity: number | null = null;
  private environmentMap: EnvironmentMap | null = null;
  private environmentMapTarget: WebGLCubeRenderTarget | null = null;
  private environmentMapExpected = false;
  private environmentBackgroundOn = false;
  private environmentUp: readonly [number, number, number] = [0, 1, 0];
  private environmentTurn = 0;

  constructor(
    private readonly renderer: WebGLRenderer,
    private readonly scene: Scene,
    private readonly changed: () => void,
    private readonly hasModels: () => boolean,
  ) {
    scene.add(this.ambient, this.headlight, this.headlight.target);
    const preset = LIGHT_PRESETS[0];
    this.gradient = new BackgroundGradient(new Color(preset.backgroundTop), new Color(preset.backgroundBottom));
    this.setLighting(preset);
    // In an idle moment the room is made ahead of the first model, unless a light preset's map is on its way.
    this.room.prepareWhenIdle(() => {
      if (!this.environmentMapExpected) this.prepareEnvironment();
    });
  }

  /**
   * Generates the default environment the models reflect, once (0.2–0.33 s on software GL, GPU time
   * included; see prefilterEnvironment): in an idle moment after the start, or when the first model is
   * added, whichever comes first, unless the light preset's environment map came before.
   */
  prepareEnvironment(): void {
    if (this.scene.environment) return;
    this.scene.environment = this.room.texture(this.renderer);
    this.scene.environmentIntensity = DEFAULT_ENVIRONMENT_INTENSITY;
  }

  /** How long generating the default environment took, in ms (0 before it is). */
  get environmentGenerationMs(): number {
    return this.room.generationMs;
  }

  /** The ambient light and the headlight of an environment preset (the background is set apart). */
  setLighting(preset: LightPreset): void {
    this.lightPreset = preset;
    this.applyAmbient();
    this.ambient.intensity = preset.ambientIntensity;
    this.headlight.color.setHex(preset.headlight, SRGBColorSpace);
    this.headlight.intensity = this.lightIntensity ?? preset.headlightIntensity;
    this.changed();
  }

  /**
   * The intensity of the light that follows the camera (spec 001 §3 `toneMap.lightMultiplier`, §5: −5 to
   * 20; below 0 it takes light away), over the light preset's own; null gives the preset's back.
   */
  setLightIntensity(intensity: number | null): void {
    this.lightIntensity = intensity === null || !Number.isFinite(intensity) ? null : Math.min(LIGHT_INTENSITY_MAX, Math.max(LIGHT_INTENSITY_MIN, intensity));
    this.headlight.intensity = this.lightIntensity ?? this.lightPreset.headlightIntensity;
    this.changed();
  }

  getLightIntensity(): number {
    return this.headlight.intensity;
  }

  /** The headlight comes from over the viewer's shoulder. */
  aimHeadlight(camera: Camera): void {
    this.headlight.position.copy(camera.position).add(SHOULDER.clone().applyQuaternion(camera.quaternion));
    this.headlight.target.position.copy(camera.position).add(FORWARD.clone().applyQuaternion(camera.quaternion));
  }

  /**
   * The sky and ground colours of the ambient light: the environment map's, when the preset's is loaded (the
   * irradiance from above and from below, the sky's as bright as the preset's), else the preset's own.
   */
  private applyAmbient(): void {
    const map = this.environmentMap;
    if (map && map.name === this.lightPreset.name) {
      const brightness = Math.max(1e-6, map.sky.r * 0.2126 + map.sky.g * 0.7152 + map.sky.b * 0.0722);
      this.ambient.color.copy(map.sky).multiplyScalar(1 / brightness);
      this.ambient.groundColor.copy(map.ground).multiplyScalar(1 / brightness);
      return;
    }
    this.ambient.color.setHex(this.lightPreset.sky, SRGBColorSpace);
    this.ambient.groundColor.setHex(this.lightPreset.ground, SRGBColorSpace);
  }

  /**
   * The light preset's environment map (environmentMaps.ts): the models reflect it (prefiltered as the default
   * room is), the ambient light takes its colours, and it can be the background (`setEnvironmentBackground`);
   * null goes back to the default room, made now if models are there (their programs expect an environment).
   * The map's radiance texture stays its owner's (maps are cached).
   */
  setEnvironmentMap(map: EnvironmentMap | null): void {
    if (map === this.environmentMap) return;
    this.environmentMapTarget?.dispose();
    this.environmentMapTarget = null;
    this.environmentMap = map;
    if (map) {
      this.environmentMapTarget = prefilterEnvironmentMap(this.renderer, map);
      this.scene.environment = this.environmentMapTarget.texture;
      this.scene.environmentIntensity = DEFAULT_ENVIRONMENT_INTENSITY;
    } else {
      this.scene.environment = this.room.isReady ? this.room.texture(this.renderer) : null;
      if (this.hasModels()) this.prepareEnvironment();
    }
    this.applyAmbient();
    this.changed();
  }

  /**
   * A light preset's environment map is being fetched (PresetEnvironments): the room is not made ahead of the
   * first model for nothing. A model that comes first still gets the room.
   */
  expectEnvironmentMap(): void {
    this.environmentMapExpected = true;
  }

  /** The name of the environment map in use (null: the default room). */
  get environmentMapName(): string | null {
    return this.environmentMap?.name ?? null;
  }

  /** Stands the environment on the first model's ground: its +Y along the world up. */
  orientTo(up: readonly [number, number, number]): void {
    this.environmentUp = up;
    DefaultEnvironment.orient(this.scene, up, this.environmentTurn);
  }

  /** Turns the environment about the world up by `radians` (a model's `renderEnvironmentRotation`, spec 001 §3). */
  setEnvironmentRotation(radians: number): void {
    if (!Number.isFinite(radians)) return;
    this.environmentTurn = radians;
    DefaultEnvironment.orient(this.scene, this.environmentUp, radians);
    this.changed();
  }

  /** The environment map behind the models instead of the gradient (preference `envMapBackground`), while one is loaded. */
  setEnvironmentBackground(on: boolean): void {
    this.environmentBackgroundOn = on;
    this.changed();
  }

  /** Whether the background shows the environment map now. */
  get showsEnvironmentBackground(): boolean {
    return this.environmentBackgroundOn && this.environmentMap !== null;
  }

  /** The background gradient, top to bottom of the view. */
  setBackground(top: Color, bottom: Color): void {
    this.gradient.setColors(top, bottom);
    this.changed();
  }

  /** Paints the background over the renderer's current target (its size given): the environment map, or the gradient. */
  paintBackground(width: number, height: number, camera: Camera | null): void {
    if (this.showsEnvironmentBackground && camera) this.environmentBackground.paint(this.renderer, camera, this.environmentMap!.radiance, this.scene.environmentRotation);
    else this.gradient.paint(this.renderer, width, height);
  }

  dispose(): void {
    this.room.dispose();
    this.environmentMapTarget?.dispose();
    this.environmentMapTarget = null;
    this.environmentMap = null;
    this.environmentBackground.dispose();
    this.scene.environment = null;
  }
}
