import { Vector3 } from 'three';
import type { ModelCamera } from '../WorkerProtocol.js';
import { PackFile, readTransform } from './PackFile.js';

interface CameraDefinition {
  isPerspective: boolean;
  position: Vector3;
  target: Vector3;
  up: Vector3;
  fov: number;
  orthoScale: number;
}

/**
 * The named cameras of an SVF (svf-format.md §7): CameraList.bin holds instances (a definition index and a
 * transform), CameraDefinitions.bin the definitions. Without a list, each definition is a camera.
 */
export function readCameras(definitionsBytes: Uint8Array | null, listBytes: Uint8Array | null): ModelCamera[] {
  if (!definitionsBytes) return [];
  const definitions = readDefinitions(definitionsBytes);
  if (!listBytes) return definitions.map((d, i) => toModelCamera(d, `Camera ${i + 1}`));
  const list = new PackFile(listBytes);
  const r = list.reader;
  const cameras: ModelCamera[] = [];
  for (let i = 0; i < list.entryCount; i++) {
    const type = list.seekEntry(i);
    if (!type) continue;
    if (type.version > 1) r.u8(); // flags
    const definition = definitions[r.u32()];
    const transform = readTransform(r);
    if (!definition) continue;
    const placed = { ...definition, position: definition.position.clone(), target: definition.target.clone(), up: definition.up.clone() };
    if (transform) {
      placed.position.applyMatrix4(transform);
      placed.target.applyMatrix4(transform);
      placed.up.transformDirection(transform);
    }
    cameras.push(toModelCamera(placed, `Camera ${cameras.length + 1}`));
  }
  return cameras;
}

function readDefinitions(bytes: Uint8Array): CameraDefinition[] {
  const pack = new PackFile(bytes);
  const r = pack.reader;
  const out: CameraDefinition[] = [];
  for (let i = 0; i < pack.entryCount; i++) {
    const type = pack.seekEntry(i);
    if (!type) continue;
    const projection = r.u8();
    const position = new Vector3(...r.vec3f());
    const target = new Vector3(...r.vec3f());
    const up = new Vector3(...r.vec3f());
    r.f32(); // aspect
    const fov = r.f32();
    if (type.version < 2) {
      r.f32(); // near
      r.f32(); // far
    }
    const orthoScale = r.f32();
    out.push({ isPerspective: projection === 0, position, target, up, fov, orthoScale });
  }
  return out;
}

function toModelCamera(d: CameraDefinition, name: string): ModelCamera {
  // Perspective fields of view are radians; orthographic cameras carry a value in degrees (or none).
  const fov = d.fov > Math.PI ? d.fov : (d.fov * 180) / Math.PI;
  return {
    name,
    position: d.position.toArray(),
    target: d.target.toArray(),
    up: d.up.toArray(),
    fov,
    isPerspective: d.isPerspective,
    orthoScale: d.orthoScale,
  };
}
