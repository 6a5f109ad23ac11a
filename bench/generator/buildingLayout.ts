import { FACADE_BRICKS, INTERIOR_PLASTERS, type MaterialKey } from './materials.js';
import type { ModelAssembler } from './ModelAssembler.js';
import type { Prng } from './prng.js';

/** Every generator option, resolved. Plan coordinates: x east, z south, y up; metres. */
export interface BuildingSpec {
  seed: number;
  storeys: number;
  roomsX: number;
  roomsY: number;
  roomWidth: number;
  roomDepth: number;
  storeyHeight: number;
  pipeRuns: number;
  ductRuns: number;
  furniturePerRoom: number;
  furnitureStyle: 'detailed' | 'box';
  maxPipeSegments: number;
  secondaryBeams: boolean;
}

export const SLAB_THICKNESS = 0.25;
export const COLUMN_SIZE = 0.4;
/** Room left under the slab for the deepest beam, so walls stop below the structure. */
export const CEILING_VOID = 0.36;

export function wallHeight(spec: BuildingSpec): number {
  return spec.storeyHeight - SLAB_THICKNESS - CEILING_VOID;
}

export interface LevelInfo {
  index: number;
  /** Short code used in element names: "L02". */
  code: string;
  /** Node name and the "Level" property: "Level 2". */
  name: string;
  elevation: number;
}

/** What every element emitter needs for the storey being generated. */
export interface LevelContext {
  asm: ModelAssembler;
  spec: BuildingSpec;
  level: LevelInfo;
  rng: Prng;
}

export function levelInfo(spec: BuildingSpec, index: number): LevelInfo {
  return { index, code: `L${pad(index + 1, 2)}`, name: `Level ${index + 1}`, elevation: index * spec.storeyHeight };
}

/** Room number as printed on plans, row by row: "R007". */
export function roomCode(spec: BuildingSpec, i: number, j: number): string {
  return `R${pad(j * spec.roomsX + i + 1, 3)}`;
}

/**
 * Name of a grid cell edge (wall or beam line) after the room it bounds: the room to its south or
 * east when there is one, else the one to its north or west. Unique per storey.
 */
export function edgeId(spec: BuildingSpec, along: 'x' | 'z', i: number, j: number): string {
  if (along === 'x') return j < spec.roomsY ? `${roomCode(spec, i, j)}-N` : `${roomCode(spec, i, spec.roomsY - 1)}-S`;
  return i < spec.roomsX ? `${roomCode(spec, i, j)}-W` : `${roomCode(spec, spec.roomsX - 1, j)}-E`;
}

export function pad(value: number, digits: number): string {
  return String(value).padStart(digits, '0');
}

/** A hole in a wall, in the wall's own coordinates: `u0` along it from its start, `sill` above the floor. */
export interface Opening {
  kind: 'door' | 'window';
  u0: number;
  width: number;
  sill: number;
  height: number;
  /** 1-based position among the wall's openings, for names. */
  number: number;
}

/** One straight wall between two columns. */
export interface WallPlan {
  /** Room and side it bounds, e.g. "R003-N"; the side is named from the room it is listed with. */
  id: string;
  along: 'x' | 'z';
  /** Start point (level coordinates); the wall runs `length` along +x or +z and is centred on it. */
  x: number;
  z: number;
  length: number;
  thickness: number;
  external: boolean;
  material: MaterialKey;
  openings: Opening[];
}

/**
 * The walls of one storey: one per grid cell edge, stopping at the column faces. Facade walls get
 * windows (and the ground floor an entrance); interior walls get a door about half the time.
 */
export function planWalls(spec: BuildingSpec, level: LevelInfo, rng: Prng, facade: MaterialKey): WallPlan[] {
  const { roomsX, roomsY, roomWidth: w, roomDepth: d } = spec;
  const walls: WallPlan[] = [];
  const add = (id: string, along: 'x' | 'z', x: number, z: number, length: number, external: boolean, entrance: boolean) => {
    const material = external ? facade : rng.pick(INTERIOR_PLASTERS);
    const thickness = external ? 0.3 : material === 'gypsum' ? 0.1 : 0.15;
    const openings = external ? (entrance ? [entranceDoor(length)] : windows(rng, length)) : interiorDoor(rng, length);
    walls.push({ id, along, x, z, length, thickness, external, material, openings });
  };
  for (let j = 0; j <= roomsY; j++) {
    for (let i = 0; i < roomsX; i++) {
      const entrance = level.index === 0 && j === roomsY && i === Math.floor(roomsX / 2);
      add(edgeId(spec, 'x', i, j), 'x', i * w + COLUMN_SIZE / 2, j * d, w - COLUMN_SIZE, j === 0 || j === roomsY, entrance);
    }
  }
  for (let i = 0; i <= roomsX; i++) {
    for (let j = 0; j < roomsY; j++) {
      add(edgeId(spec, 'z', i, j), 'z', i * w, j * d + COLUMN_SIZE / 2, d - COLUMN_SIZE, i === 0 || i === roomsX, false);
    }
  }
  return walls;
}

/** A facade picked once per building, so every storey matches. */
export function pickFacade(rng: Prng): MaterialKey {
  return rng.pick(FACADE_BRICKS);
}

function entranceDoor(length: number): Opening {
  const width = 1.8;
  return { kind: 'door', u0: (length - width) / 2, width, sill: 0, height: 2.4, number: 1 };
}

function interiorDoor(rng: Prng, length: number): Opening[] {
  if (!rng.chance(0.55)) return [];
  const width = rng.pick([0.9, 1.0]);
  const u0 = rng.range(0.3, length - width - 0.3);
  return [{ kind: 'door', u0, width, sill: 0, height: 2.1, number: 1 }];
}

function windows(rng: Prng, length: number): Opening[] {
  const most = Math.max(1, Math.floor((length - 0.4) / 1.4));
  const count = rng.int(1, most);
  const width = Math.min(1.8, (length - 0.5 * (count + 1)) / count);
  const gap = (length - count * width) / (count + 1);
  const openings: Opening[] = [];
  for (let k = 0; k < count; k++) {
    openings.push({ kind: 'window', u0: gap + k * (width + gap), width, sill: 0.9, height: 1.5, number: k + 1 });
  }
  return openings;
}
