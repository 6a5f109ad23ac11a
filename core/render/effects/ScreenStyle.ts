import { type Camera, type DepthTexture, Matrix4, type OrthographicCamera, type PerspectiveCamera, Vector2, type WebGLRenderer, type WebGLRenderTarget } from 'three';
import { FullScreenQuad } from 'three/examples/jsm/postprocessing/Pass.js';
import { passMaterial, VIEW_POSITION } from './passMaterials.js';

/** Spec 001 §4: the post-process styles, in the order of their slider (0–4, spec 001 §5). */
export const POST_PROCESS_STYLES = ['none', 'edging', 'cel', 'graphite', 'pencil'] as const;
export type PostProcessStyle = (typeof POST_PROCESS_STYLES)[number];

/** A post-process style and its controls (spec 001 §5 bounds: brightness and contrast −1 to 1, levels and repeats 1–5, rotation 0–1). */
export interface PostProcessSettings {
  style: PostProcessStyle;
  brightness: number;
  contrast: number;
  /** Cel: the bands of light besides the darkest. */
  levels: number;
  /** Graphite and pencil: the layers of hatching, the darkest tones getting all of them. */
  repeats: number;
  /** Graphite and pencil: the hatching's angle, in half turns. */
  rotation: number;
}

export const POST_PROCESS_DEFAULTS: Readonly<PostProcessSettings> = { style: 'none', brightness: 0, contrast: 0, levels: 3, repeats: 3, rotation: 0.25 };

/** Spec 001 §5: the controls' bounds. */
export const POST_PROCESS_BOUNDS = {
  brightness: { min: -1, max: 1, step: 0.01 },
  contrast: { min: -1, max: 1, step: 0.01 },
  levels: { min: 1, max: 5, step: 1 },
  repeats: { min: 1, max: 5, step: 1 },
  rotation: { min: 0, max: 1, step: 0.01 },
} as const;

/** The settings with each control within its bounds (levels and repeats whole); what is not given or not a number stays as in `current`. */
export function clampPostProcess(current: PostProcessSettings, changes: Partial<PostProcessSettings>): PostProcessSettings {
  const next = { ...current };
  if (changes.style !== undefined && POST_PROCESS_STYLES.includes(changes.style)) next.style = changes.style;
  for (const key of ['brightness', 'contrast', 'levels', 'repeats', 'rotation'] as const) {
    const value = changes[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const { min, max, step } = POST_PROCESS_BOUNDS[key];
    const clamped = Math.min(max, Math.max(min, value));
    next[key] = step === 1 ? Math.round(clamped) : clamped;
  }
  return next;
}

/**
 * Edges from the depth alone: a pixel lies on an edge when it is off the line through its two neighbours
 * (across a row, then a column) by more than a share of a pixel's width at its depth — a crease between
 * faces or a step onto another surface; a plane's points stay on the line however it is inclined, since
 * the depth is that of the surface. A neighbour on the background makes a silhouette.
 */
const EDGE = /* glsl */ `
  ${VIEW_POSITION}
  uniform vec2 resolution;
  uniform float pixelSize;
  uniform float isPerspective;

  float bend(vec3 a, vec3 p, vec3 b, float footprint) {
    vec3 ab = b - a;
    float offLine = length(cross(ab, p - a)) / max(length(ab), 1e-20);
    return smoothstep(0.12, 0.3, offLine / footprint);
  }

  float edgeAt(vec2 uv) {
    if (texture2D(tDepth, uv).r >= 1.0) return 0.0;
    vec3 p = viewPositionAt(uv);
    float footprint = pixelSize * (isPerspective > 0.5 ? -p.z : 1.0);
    float edge = 0.0;
    for (int axis = 0; axis < 2; axis++) {
      vec2 offset = (axis == 0 ? vec2(1.0, 0.0) : vec2(0.0, 1.0)) / resolution;
      if (texture2D(tDepth, uv - offset).r >= 1.0 || texture2D(tDepth, uv + offset).r >= 1.0) return 1.0;
      edge = max(edge, bend(viewPositionAt(uv - offset), p, viewPositionAt(uv + offset), footprint));
    }
    return edge;
  }`;

/** The frame's display colours, with edges and a post-process style, written as display colours again. */
const STYLE_FRAGMENT = /* glsl */ `
  ${EDGE}
  uniform sampler2D tColor;
  uniform float edges;
  uniform int style;
  uniform float brightness;
  uniform float contrast;
  uniform float levels;
  uniform float repeats;
  uniform float rotation;
  varying vec2 vUv;

  // A line of hatching every spacing pixels at the angle (radians), soft over about a pixel.
  float hatch(vec2 pixel, float angle, float spacing) {
    float across = dot(pixel, vec2(-sin(angle), cos(angle)));
    float fromLine = abs(fract(across / spacing) - 0.5) * spacing;
    return 1.0 - smoothstep(0.3, 1.0, fromLine);
  }

  // The colour's hue at the given luminance: scaled, and where a channel would pass 1, whitened instead.
  vec3 withLuminance(vec3 color, float target) {
    float tone = luminance(color);
    if (tone < 1e-4) return vec3(target);
    vec3 scaled = color * (target / tone);
    float peak = max(scaled.r, max(scaled.g, scaled.b));
    if (peak <= 1.0) return scaled;
    vec3 hue = scaled / peak;
    float hueTone = luminance(hue);
    return mix(hue, vec3(1.0), (target - hueTone) / max(1.0 - hueTone, 1e-4));
  }

  // Graphite and pencil: each layer of hatching shades the tones darker than its threshold, the darkest
  // getting every layer; the layers' angles spread over a half turn from the rotation.
  float shading(float tone) {
    float ink = 0.0;
    float lightness = sqrt(tone);
    for (int i = 0; i < 5; i++) {
      if (float(i) >= repeats) break;
      float threshold = 1.0 - (float(i) + 1.0) / (repeats + 1.0);
      float angle = 3.14159265 * (rotation + float(i) / repeats);
      float layer = hatch(gl_FragCoord.xy, angle, 6.0 + 2.0 * float(i));
      ink = max(ink, layer * smoothstep(threshold + 0.08, threshold - 0.08, lightness));
    }
    return ink;
  }

  void main() {
    vec4 color = texture2D(tColor, vUv);
    bool background = texture2D(tDepth, vUv).r >= 1.0;
    float edge = edgeAt(vUv);
    vec3 c = color.rgb;
    if (style == 0) {
      c *= 1.0 - 0.8 * edge * edges;
    } else if (!background || style >= 3) {
      vec3 adjusted = clamp((c - 0.5) * (1.0 + contrast) + 0.5 + brightness, 0.0, 1.0);
      float tone = background ? 1.0 : luminance(adjusted);
      if (style == 1) {
        // Edging: the colours, with heavy dark outlines.
        c = mix(adjusted, adjusted * 0.12, edge);
      } else if (style == 2) {
        // Cel: the light in flat bands, black outlines.
        float bands = levels + 1.0;
        float band = (min(floor(tone * bands), bands - 1.0) + 0.5) / bands;
        c = mix(withLuminance(adjusted, band), vec3(0.0), edge);
      } else if (style == 3) {
        // Graphite: lead on grey paper, the tones hatched.
        float ink = max(shading(tone), edge);
        c = mix(vec3(0.92, 0.92, 0.9), vec3(0.2, 0.21, 0.23), 0.85 * ink);
      } else {
        // Pencil: coloured pencil on white paper, a wash of the colour under hatching in it.
        vec3 paper = vec3(1.0);
        vec3 wash = mix(paper, adjusted, background ? 0.0 : 0.25);
        vec3 lead = mix(adjusted * 0.75, vec3(0.15), edge);
        c = mix(wash, lead, max(0.8 * shading(tone), edge));
      }
    }
    gl_FragColor = vec4(c, color.a);
  }`;

/**
 * The look of the 3D picture drawn over each frame from its colours and depth (spec 001 §3 `edgeRendering`,
 * §4 post-process styles): the edges of what is drawn (creases and outlines, so they follow hiding,
 * isolation, ghosting, theming, explode and cut planes as the picture does, and cost no memory per
 * object), and the styles: edging, cel, graphite and pencil, with brightness, contrast, levels, repeats
 * and rotation. One pass, on every frame (a moving one too: the picture keeps its look while the camera moves).
 */
export class ScreenStyle {
  edges = false;
  settings: PostProcessSettings = { ...POST_PROCESS_DEFAULTS };
  private readonly projectionInverse = new Matrix4();
  private readonly material = passMaterial(STYLE_FRAGMENT, {
    tColor: { value: null },
    tDepth: { value: null },
    projectionInverse: { value: this.projectionInverse },
    resolution: { value: new Vector2() },
    pixelSize: { value: 1 },
    isPerspective: { value: 1 },
    edges: { value: 0 },
    style: { value: 0 },
    brightness: { value: 0 },
    contrast: { value: 0 },
    levels: { value: 3 },
    repeats: { value: 3 },
    rotation: { value: 0 },
  });
  private readonly pass = new FullScreenQuad(this.material);

  /** Whether the pass changes the picture. */
  get isVisible(): boolean {
    return this.edges || this.settings.style !== 'none';
  }

  /** Writes `source`'s picture, styled, into `output` (display targets of the same size), from `depth`: the depth `source` was drawn with. */
  render(renderer: WebGLRenderer, source: WebGLRenderTarget, depth: DepthTexture, camera: Camera, output: WebGLRenderTarget): void {
    const projection = (camera as PerspectiveCamera | OrthographicCamera).projectionMatrix;
    this.projectionInverse.copy(projection).invert();
    const u = this.material.uniforms;
    u.tColor.value = source.texture;
    u.tDepth.value = depth;
    u.resolution.value.set(source.width, source.height);
    // View units a pixel spans, at a distance of 1 in perspective (the same formula serves both projections).
    u.pixelSize.value = 2 / (projection.elements[5] * source.height);
    u.isPerspective.value = (camera as PerspectiveCamera).isPerspectiveCamera ? 1 : 0;
    u.edges.value = this.edges ? 1 : 0;
    const s = this.settings;
    u.style.value = POST_PROCESS_STYLES.indexOf(s.style);
    u.brightness.value = s.brightness;
    u.contrast.value = s.contrast;
    u.levels.value = s.levels;
    u.repeats.value = s.repeats;
    u.rotation.value = s.rotation;
    renderer.setRenderTarget(output);
    this.pass.render(renderer);
  }

  dispose(): void {
    this.material.dispose();
    this.pass.dispose();
  }
}
