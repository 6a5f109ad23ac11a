import { expect } from '@esm-bundle/chai';
import {
  CubeCamera,
  FloatType,
  HalfFloatType,
  LinearMipmapLinearFilter,
  LinearSRGBColorSpace,
  Mesh,
  OrthographicCamera,
  PlaneGeometry,
  Scene,
  ShaderMaterial,
  type Texture,
  Vector3,
  WebGLCubeRenderTarget,
  WebGLRenderer,
  WebGLRenderTarget,
} from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import { ENVIRONMENT_SIZE, prefilterEnvironment } from '../../../core/render/prefilterEnvironment.js';

/** Directions to read the maps at: the six axes and the eight diagonals. */
const DIRECTIONS = [
  [1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1],
  ...[-1, 1].flatMap((x) => [-1, 1].flatMap((y) => [-1, 1].map((z) => [x, y, z]))),
].map(([x, y, z]) => new Vector3(x, y, z).normalize());

describe('prefilterEnvironment: a room prefiltered into three\'s PMREM layout', () => {
  let renderer: WebGLRenderer;
  let room: RoomEnvironment;
  let prefiltered: WebGLCubeRenderTarget;
  let reference: WebGLCubeRenderTarget;

  before(() => {
    renderer = new WebGLRenderer({ canvas: document.createElement('canvas') });
    room = new RoomEnvironment();
    prefiltered = prefilterEnvironment(renderer, room);
    // The room as three's own cube camera sees it, unfiltered, at the same size.
    reference = new WebGLCubeRenderTarget(ENVIRONMENT_SIZE, {
      type: HalfFloatType,
      colorSpace: LinearSRGBColorSpace,
      generateMipmaps: true,
      minFilter: LinearMipmapLinearFilter,
    });
    new CubeCamera(0.1, 100, reference).update(renderer, room);
  });
  after(() => {
    prefiltered.dispose();
    reference.dispose();
    room.dispose();
    renderer.dispose();
    renderer.forceContextLoss();
  });

  /** The radiance (luminance) a cube map holds in each direction, at a level. */
  function read(texture: Texture, lod: number): number[] {
    const material = new ShaderMaterial({
      uniforms: { map: { value: texture }, lod: { value: lod }, directions: { value: DIRECTIONS } },
      vertexShader: 'void main() { gl_Position = vec4(position.xy, 0.0, 1.0); }',
      fragmentShader: `uniform samplerCube map; uniform float lod; uniform vec3 directions[${DIRECTIONS.length}];
        void main() { gl_FragColor = vec4(textureLod(map, directions[int(gl_FragCoord.x)], lod).rgb, 1.0); }`,
    });
    const target = new WebGLRenderTarget(DIRECTIONS.length, 1, { type: FloatType });
    const quad = new Mesh(new PlaneGeometry(2, 2), material);
    renderer.setRenderTarget(target);
    renderer.render(new Scene().add(quad), new OrthographicCamera());
    const pixels = new Float32Array(DIRECTIONS.length * 4);
    renderer.readRenderTargetPixels(target, 0, 0, DIRECTIONS.length, 1, pixels);
    renderer.setRenderTarget(null);
    target.dispose();
    material.dispose();
    quad.geometry.dispose();
    return DIRECTIONS.map((_, i) => 0.2126 * pixels[i * 4] + 0.7152 * pixels[i * 4 + 1] + 0.0722 * pixels[i * 4 + 2]);
  }

  it('is marked and sized as three reads a PMREM: levels from the mirror down to 8 px faces', () => {
    expect((prefiltered.texture as { isPMREMTexture?: boolean }).isPMREMTexture).to.equal(true);
    expect(prefiltered.texture.mipmaps.map((level) => (level as unknown as { width: number }).width)).to.deep.equal([64, 32, 16, 8]);
  });

  it('holds the room in its mirror level, each direction where three\'s cube camera sees it', () => {
    const mirror = read(prefiltered.texture, 0);
    const seen = read(reference.texture, 0);
    for (let i = 0; i < DIRECTIONS.length; i++) {
      expect(mirror[i], DIRECTIONS[i].toArray().map((v) => v.toFixed(2)).join(',')).to.be.closeTo(seen[i], 0.05 * seen[i] + 0.01);
    }
    // The room has its brightest light overhead: up is brighter than down.
    expect(mirror[2]).to.be.greaterThan(2 * mirror[3]);
  });

  it('blurs more at each rougher level, down to the room\'s mean radiance at roughness 1', () => {
    const levels = [0, 1, 2, 3].map((lod) => read(prefiltered.texture, lod));
    const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
    const mean = (values: number[]) => values.reduce((a, v) => a + v, 0) / values.length;
    for (let lod = 1; lod < levels.length; lod++) expect(spread(levels[lod]), `level ${lod}`).to.be.below(spread(levels[lod - 1]));
    // The roughest level (roughness 1) gathers about half the sphere around each direction: everywhere near
    // the room's mean radiance (its 1 px faces' mean), the overhead light included (100 times it in the mirror).
    const roomMean = mean(read(reference.texture, Math.log2(ENVIRONMENT_SIZE)).slice(0, 6));
    for (const value of levels[3]) expect(value).to.be.within(0.6 * roomMean, 1.5 * roomMean);
  });
});
