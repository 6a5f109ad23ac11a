import { Euler, Quaternion, type Scene, ShaderChunk, type Texture, Vector3, type WebGLRenderer, type WebGLRenderTarget } from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import { prefilterEnvironment } from './prefilterEnvironment.js';

/**
 * Strength of the default environment's reflections, set so that a rough white metal comes out as bright
 * as a rough white paint under the first preset's lights (both about 190 of 255 on a sphere seen face on;
 * a polished white metal about 110, with the room's lights in it). A paint reflects the room too (4% face
 * on, as glTF's dielectrics do): a saturated colour's darker channels gain about 10 levels of 255.
 */
export const DEFAULT_ENVIRONMENT_INTENSITY = 0.25;

const ROOM_UP = new Vector3(0, 1, 0);

/** The longest the environment waits for an idle moment after the viewer starts. */
const PREPARE_TIMEOUT_MS = 2000;

/**
 * The environment every model reflects (issue 28 §5): three's RoomEnvironment, prefiltered for roughness
 * into three's PMREM layout (prefilterEnvironment, a lighter filter than three's PMREMGenerator). Without
 * one, a metal (glTF's default metalness is 1) reflects nothing but the headlight's highlight and draws
 * near black. Generated once per viewer, at the first call of `texture`, and kept until `dispose`.
 */
export class DefaultEnvironment {
  private target: WebGLRenderTarget | null = null;
  private cancelIdleTask: (() => void) | null = null;
  /** How long generating it took, in ms (0 until then). */
  generationMs = 0;

  /**
   * Runs `prepare` (which generates the environment) once the page is idle after the viewer starts, so it
   * is ready before the first model arrives without holding up the first frame; a model that arrives
   * sooner has it generated on the spot.
   */
  prepareWhenIdle(prepare: () => void): void {
    const task = () => {
      this.cancelIdleTask = null;
      prepare();
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(task, { timeout: PREPARE_TIMEOUT_MS });
      this.cancelIdleTask = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(task, 0);
      this.cancelIdleTask = () => clearTimeout(handle);
    }
  }

  /** Whether the environment has been generated. */
  get isReady(): boolean {
    return this.target !== null;
  }

  /** The prefiltered environment, generated with the renderer at the first call. */
  texture(renderer: WebGLRenderer): Texture {
    if (!this.target) {
      const started = performance.now();
      const room = new RoomEnvironment();
      this.target = prefilterEnvironment(renderer, room);
      room.dispose();
      this.generationMs = performance.now() - started;
    }
    return this.target.texture;
  }

  /**
   * Turns the room (or a preset's surroundings) so that its ceiling is above the model: its up (+Y) along
   * the world up vector; then by `turn` radians about that up (a model's environment rotation).
   */
  static orient(scene: Scene, up: readonly [number, number, number], turn = 0): void {
    const worldUp = new Vector3(...up).normalize();
    const upright = new Quaternion().setFromUnitVectors(ROOM_UP, worldUp);
    const about = new Quaternion().setFromAxisAngle(worldUp, turn);
    scene.environmentRotation.copy(new Euler().setFromQuaternion(about.multiply(upright)));
  }

  dispose(): void {
    this.cancelIdleTask?.();
    this.cancelIdleTask = null;
    this.target?.dispose();
    this.target = null;
  }
}

/** Where three's physical lighting adds the environment's diffuse light, and where it reads the light for it. */
const ENVIRONMENT_DIFFUSE = 'vec3 indirectDiffuse = diffuse * cosineWeightedIrradiance;';
const ENVIRONMENT_IRRADIANCE = 'iblIrradiance += getIBLIrradiance( geometryNormal );';

/**
 * three's physical lighting (lights_physical_pars_fragment) with the environment reflected but not lighting
 * the diffuse part: the presets' hemisphere light and headlight go on lighting that, so a painted wall looks
 * as it did before the environment came, and a metal, which has no diffuse part, reflects the room. (Should
 * three reword the line, the chunk comes back whole and the environment tests notice.)
 */
export function reflectionOnlyLightingChunk(): string {
  return ShaderChunk.lights_physical_pars_fragment.replace(ENVIRONMENT_DIFFUSE, 'vec3 indirectDiffuse = vec3( 0.0 );');
}

/**
 * three's lights_fragment_maps without reading the environment's irradiance: only the diffuse part (above)
 * and the multiple-scattering term of rough surfaces use it, and reading it for every pixel more than
 * doubled the time of a complete frame on software GL (car.glb at 400×300: 62 ms against 27 without an
 * environment, 35 without that read). For that term the reflected radiance stands in: at the roughness
 * where the term matters, the prefiltered radiance is the irradiance's average over the hemisphere.
 */
export function reflectionOnlyMapsChunk(): string {
  return `${ShaderChunk.lights_fragment_maps.replace(ENVIRONMENT_IRRADIANCE, '')}
#if defined( USE_ENVMAP ) && defined( RE_IndirectSpecular )
	iblIrradiance += PI * radiance;
#endif
`;
}
