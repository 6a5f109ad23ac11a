import { Document, WebIO } from '@gltf-transform/core';

/** One object of the test model: a sphere (or a cube) of one glTF metallic-roughness material. */
export interface MaterialSample {
  name: string;
  baseColor: [number, number, number];
  /** Left out: glTF's default, 1 (fully metallic). */
  metallic?: number;
  /** Left out: glTF's default, 1 (fully rough). */
  roughness?: number;
  shape?: 'sphere' | 'cube';
}

const WHITE: [number, number, number] = [1, 1, 1];

/**
 * Khronos' MetalRoughSpheres in small: white spheres from dielectric to metal and smooth to rough, a gold
 * and a red sphere, and a white cube that keeps glTF's default factors (fully metallic and rough).
 */
export const MATERIAL_SAMPLES: MaterialSample[] = [
  { name: 'dielectric smooth', baseColor: WHITE, metallic: 0, roughness: 0.15 },
  { name: 'dielectric rough', baseColor: WHITE, metallic: 0, roughness: 1 },
  { name: 'metal smooth', baseColor: WHITE, metallic: 1, roughness: 0.15 },
  { name: 'metal rough', baseColor: WHITE, metallic: 1, roughness: 1 },
  { name: 'gold', baseColor: [1, 0.766, 0.336], metallic: 1, roughness: 0.35 },
  { name: 'red paint', baseColor: [0.8, 0.04, 0.04], metallic: 0, roughness: 0.5 },
  { name: 'default cube', baseColor: WHITE, shape: 'cube' },
];

interface Shape {
  positions: Float32Array<ArrayBuffer>;
  normals: Float32Array<ArrayBuffer>;
  indices: Uint16Array<ArrayBuffer>;
}

/** A UV sphere of radius 1: positions (= normals) and indices. */
function sphere(segments = 24, rings = 16): Shape {
  const positions: number[] = [];
  for (let r = 0; r <= rings; r++) {
    const phi = (r / rings) * Math.PI;
    for (let s = 0; s <= segments; s++) {
      const theta = (s / segments) * 2 * Math.PI;
      positions.push(Math.sin(phi) * Math.cos(theta), Math.cos(phi), Math.sin(phi) * Math.sin(theta));
    }
  }
  const indices: number[] = [];
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < segments; s++) {
      const a = r * (segments + 1) + s;
      const b = a + segments + 1;
      indices.push(a, a + 1, b, b, a + 1, b + 1);
    }
  }
  return { positions: new Float32Array(positions), normals: new Float32Array(positions), indices: new Uint16Array(indices) };
}

/** A cube from -0.8 to 0.8, four vertices per face so each face has its own normal. */
function cube(): Shape {
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  for (let axis = 0; axis < 3; axis++) {
    for (const sign of [-1, 1]) {
      const u = (axis + 1) % 3;
      const v = (axis + 2) % 3;
      const base = positions.length / 3;
      for (const [a, b] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
        const p = [0, 0, 0];
        p[axis] = sign * 0.8;
        p[u] = a * 0.8;
        p[v] = b * 0.8;
        positions.push(...p);
        const n = [0, 0, 0];
        n[axis] = sign;
        normals.push(...n);
      }
      indices.push(...(sign > 0 ? [base, base + 1, base + 2, base, base + 2, base + 3] : [base, base + 2, base + 1, base, base + 3, base + 2]));
    }
  }
  return { positions: new Float32Array(positions), normals: new Float32Array(normals), indices: new Uint16Array(indices) };
}

/** The samples in a row of columns (4 per row, 2.5 apart, rows down the Y axis) as a GLB. */
export async function materialSpheresGlb(samples: MaterialSample[] = MATERIAL_SAMPLES): Promise<Uint8Array> {
  const document = new Document();
  const buffer = document.createBuffer();
  const scene = document.createScene('Materials');
  samples.forEach((sample, i) => {
    const shape = sample.shape === 'cube' ? cube() : sphere();
    const material = document.createMaterial(sample.name).setBaseColorFactor([...sample.baseColor, 1]);
    if (sample.metallic !== undefined) material.setMetallicFactor(sample.metallic);
    if (sample.roughness !== undefined) material.setRoughnessFactor(sample.roughness);
    const primitive = document
      .createPrimitive()
      .setAttribute('POSITION', document.createAccessor().setType('VEC3').setArray(shape.positions).setBuffer(buffer))
      .setAttribute('NORMAL', document.createAccessor().setType('VEC3').setArray(shape.normals).setBuffer(buffer))
      .setIndices(document.createAccessor().setType('SCALAR').setArray(shape.indices).setBuffer(buffer))
      .setMaterial(material);
    const mesh = document.createMesh(sample.name).addPrimitive(primitive);
    scene.addChild(document.createNode(sample.name).setMesh(mesh).setTranslation([(i % 4) * 2.5, -Math.floor(i / 4) * 2.5, 0]));
  });
  return new WebIO().writeBinary(document);
}
