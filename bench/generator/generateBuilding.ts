import { type BuildingSpec, levelInfo, pickFacade, planWalls } from './buildingLayout.js';
import { emitFurniture } from './furniture.js';
import { type GlbLayout, GlbWriter } from './GlbWriter.js';
import { type AssembledModel, ModelAssembler } from './ModelAssembler.js';
import { Prng } from './prng.js';
import { emitDucts, emitPipes } from './services.js';
import { emitBeams, emitColumns, emitRoof, emitSlabs, pickPrimarySections } from './structure.js';
import { emitWalls } from './walls.js';

export interface BuildingOptions {
  seed: number;
  storeys: number;
  /** Rooms along x (east) and along z (south) on every storey. */
  roomsX: number;
  roomsY: number;
  /** Room size and storey height in metres (default 5 × 6, 3.5). */
  roomWidth?: number;
  roomDepth?: number;
  storeyHeight?: number;
  /** Round pipe runs along each row of rooms (default 3). */
  pipeRuns?: number;
  /** Rectangular duct runs along each column of rooms (default 1). */
  ductRuns?: number;
  /** Furniture pieces per room (default 6). */
  furniturePerRoom?: number;
  /** "detailed" pieces are made of several boxes or cylinders; "box" ones are a single box (default "detailed"). */
  furnitureStyle?: 'detailed' | 'box';
  /** Radial segments of the largest pipes, 16-32 (default 32). */
  maxPipeSegments?: number;
  /** A channel beam across the middle of each room (default true). */
  secondaryBeams?: boolean;
}

export interface GeneratedBuilding {
  glb: Uint8Array;
  /** glTF nodes that carry a mesh: one per building element. */
  objectCount: number;
  triangleCount: number;
  materialCount: number;
  nodeCount: number;
}

/**
 * Benchmark sizes (objects / triangles): S ≈ 5,000 / 300k, M ≈ 30,000 / 1.6M, L ≈ 100,000 / 5M;
 * XS ≈ 12,000 objects but under 200k triangles, for browser tests (software WebGL).
 */
export const BUILDING_SIZES: Record<'S' | 'M' | 'L' | 'XS', BuildingOptions> = {
  XS: { seed: 7, storeys: 1, roomsX: 16, roomsY: 14, pipeRuns: 0, ductRuns: 0, furniturePerRoom: 45, furnitureStyle: 'box', secondaryBeams: false },
  S: { seed: 1, storeys: 3, roomsX: 9, roomsY: 8, pipeRuns: 3, ductRuns: 1, furniturePerRoom: 6 },
  M: { seed: 2, storeys: 8, roomsX: 13, roomsY: 12, pipeRuns: 3, ductRuns: 2, furniturePerRoom: 4 },
  L: { seed: 3, storeys: 18, roomsX: 15, roomsY: 15, pipeRuns: 3, ductRuns: 3, furniturePerRoom: 3 },
};

export const GENERATOR_NAME = 'design-viewer bench generator 1.0';

/**
 * A building-like glTF 2.0 binary: per storey, slabs, columns, beams, walls with doors and windows,
 * pipes, ducts and furniture (and a roof over the top one), each element its own named node with
 * its own mesh and BIM-like extras.
 * Pure computation (no DOM, no Node APIs): the same options give byte-identical output everywhere.
 */
export function generateBuilding(options: BuildingOptions): GeneratedBuilding {
  const spec = resolve(options);
  // Two identical passes: the first measures every part, the second writes them in place.
  const { layout } = assemble(spec);
  const { glb, objectCount, triangleCount, materialCount, nodeCount } = assemble(spec, layout);
  if (!glb) throw new Error('the writing pass produced no GLB');
  return { glb, objectCount, triangleCount, materialCount, nodeCount };
}

function assemble(spec: BuildingSpec, layout?: GlbLayout): AssembledModel {
  const rng = new Prng(spec.seed);
  const asm = new ModelAssembler(spec.seed, new GlbWriter(GENERATOR_NAME, layout));
  const facade = pickFacade(rng);
  const [sectionX, sectionZ] = pickPrimarySections({ rng, spec });
  for (let index = 0; index < spec.storeys; index++) {
    const level = levelInfo(spec, index);
    asm.beginLevel(level.name, level.elevation, { Category: 'Levels', Elevation: level.elevation, Height: spec.storeyHeight });
    const ctx = { asm, spec, level, rng };
    emitSlabs(ctx);
    emitColumns(ctx);
    emitBeams(ctx, sectionX, sectionZ);
    emitWalls(ctx, planWalls(spec, level, rng, facade));
    emitPipes(ctx);
    emitDucts(ctx);
    emitFurniture(ctx);
    if (index === spec.storeys - 1) emitRoof(ctx);
  }
  return asm.finish(`Building ${spec.seed}`, { Generator: GENERATOR_NAME, Options: { ...spec } });
}

function resolve(options: BuildingOptions): BuildingSpec {
  const whole = (value: number, name: string) => {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number ≥ 0, not ${value}`);
    return value;
  };
  const spec: BuildingSpec = {
    seed: options.seed >>> 0,
    storeys: whole(options.storeys, 'storeys'),
    roomsX: whole(options.roomsX, 'roomsX'),
    roomsY: whole(options.roomsY, 'roomsY'),
    roomWidth: options.roomWidth ?? 5,
    roomDepth: options.roomDepth ?? 6,
    storeyHeight: options.storeyHeight ?? 3.5,
    pipeRuns: whole(options.pipeRuns ?? 3, 'pipeRuns'),
    ductRuns: whole(options.ductRuns ?? 1, 'ductRuns'),
    furniturePerRoom: whole(options.furniturePerRoom ?? 6, 'furniturePerRoom'),
    furnitureStyle: options.furnitureStyle ?? 'detailed',
    maxPipeSegments: Math.max(16, Math.min(32, Math.round(options.maxPipeSegments ?? 32))),
    secondaryBeams: options.secondaryBeams ?? true,
  };
  if (spec.storeys < 1 || spec.roomsX < 1 || spec.roomsY < 1) throw new RangeError('storeys, roomsX and roomsY must be at least 1');
  if (spec.roomWidth < 2.5 || spec.roomDepth < 2.5) throw new RangeError('rooms must be at least 2.5 m wide and deep');
  return spec;
}
