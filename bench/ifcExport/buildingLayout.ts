/**
 * A seeded, deterministic building: storeys × a grid of rooms, each room with its walls (one with a
 * door opening), a floor slab, a corner column, beams with I profiles, a window (frame and glass), pipes
 * and a duct. The IFC exporter writes it; sizes follow the bench's S, M and L models (issue 3).
 */
export type ElementKind = 'wall' | 'slab' | 'column' | 'beam' | 'door' | 'window' | 'pipe' | 'duct';

export interface LayoutElement {
  kind: ElementKind;
  storey: number;
  /** Position of the element's origin in the storey (m), and its rotation about Z (radians). */
  x: number;
  y: number;
  z: number;
  rotation: number;
  /** Length along the element's local X, width (thickness) along Y, height along Z (m). */
  length: number;
  width: number;
  height: number;
  /** Index into the layout's materials. */
  material: number;
  /** A wall with a door opening: the opening's offset along the wall and its width and height. */
  opening?: { offset: number; width: number; height: number };
  room: string;
  zone: string;
}

export interface BuildingLayout {
  name: string;
  storeys: { name: string; elevation: number }[];
  elements: LayoutElement[];
  materials: { name: string; color: [number, number, number]; transparency: number }[];
}

export interface LayoutSize {
  storeys: number;
  roomsX: number;
  roomsY: number;
}

/** Objects per room in this layout: 2 walls, slab, column, 2 beams, door, window, 2 pipes, duct. */
export const OBJECTS_PER_ROOM = 11;

/** Sizes close to the bench's S (5k objects), M (30k) and L (100k). */
export const LAYOUT_SIZES: Readonly<Record<string, LayoutSize>> = {
  S: { storeys: 5, roomsX: 9, roomsY: 10 },
  M: { storeys: 10, roomsX: 15, roomsY: 18 },
  L: { storeys: 20, roomsX: 21, roomsY: 22 },
};

const ROOM = 6; // m
const STOREY_HEIGHT = 3.2;
const WALL = 0.2;
const ZONES = ['North', 'South', 'East', 'West', 'Core'];

/** Mulberry32: small, fast, and the same sequence on every platform. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateBuildingLayout(size: LayoutSize, seed = 7): BuildingLayout {
  const random = seededRandom(seed);
  const materials = [
    { name: 'Concrete', color: [0.72, 0.72, 0.7] as [number, number, number], transparency: 0 },
    { name: 'Plaster', color: [0.92, 0.9, 0.86] as [number, number, number], transparency: 0 },
    { name: 'Steel', color: [0.45, 0.5, 0.56] as [number, number, number], transparency: 0 },
    { name: 'Timber', color: [0.6, 0.42, 0.25] as [number, number, number], transparency: 0 },
    { name: 'Glass', color: [0.55, 0.75, 0.9] as [number, number, number], transparency: 0.6 },
    { name: 'Copper', color: [0.72, 0.45, 0.2] as [number, number, number], transparency: 0 },
    { name: 'Galvanised', color: [0.78, 0.8, 0.82] as [number, number, number], transparency: 0 },
  ];
  const storeys = Array.from({ length: size.storeys }, (_, s) => ({ name: `Level ${s + 1}`, elevation: s * STOREY_HEIGHT }));
  const elements: LayoutElement[] = [];
  for (let s = 0; s < size.storeys; s++) {
    for (let i = 0; i < size.roomsX; i++) {
      for (let j = 0; j < size.roomsY; j++) {
        const x = i * ROOM, y = j * ROOM;
        const room = `${s + 1}.${String(i * size.roomsY + j + 1).padStart(3, '0')}`;
        const zone = ZONES[Math.floor(random() * ZONES.length)];
        const base = { storey: s, room, zone };
        const wallHeight = STOREY_HEIGHT - 0.3;
        const doorAt = 1 + random() * 3;
        elements.push({ ...base, kind: 'wall', x, y, z: 0, rotation: 0, length: ROOM, width: WALL, height: wallHeight, material: 1, opening: { offset: doorAt, width: 0.9, height: 2.1 } });
        elements.push({ ...base, kind: 'wall', x, y, z: 0, rotation: Math.PI / 2, length: ROOM, width: WALL, height: wallHeight, material: 1 });
        elements.push({ ...base, kind: 'door', x: x + doorAt, y: y - 0.03, z: 0, rotation: 0, length: 0.9, width: 0.06, height: 2.1, material: 3 });
        elements.push({ ...base, kind: 'slab', x, y, z: -0.3, rotation: 0, length: ROOM, width: ROOM, height: 0.3, material: 0 });
        elements.push({ ...base, kind: 'column', x: x - 0.2, y: y - 0.2, z: 0, rotation: 0, length: 0.4, width: 0.4, height: wallHeight, material: 0 });
        elements.push({ ...base, kind: 'beam', x, y: y + ROOM / 2, z: wallHeight - 0.4, rotation: 0, length: ROOM, width: 0.2, height: 0.4, material: 2 });
        elements.push({ ...base, kind: 'beam', x: x + ROOM / 2, y, z: wallHeight - 0.4, rotation: Math.PI / 2, length: ROOM, width: 0.2, height: 0.4, material: 2 });
        elements.push({ ...base, kind: 'window', x: x - 0.05, y: y + 1.5 + random() * 2, z: 0.9, rotation: Math.PI / 2, length: 1.2, width: 0.1, height: 1.4, material: 3 });
        const pipeY = y + 0.5 + random() * 4;
        elements.push({ ...base, kind: 'pipe', x, y: pipeY, z: wallHeight - 0.8, rotation: 0, length: ROOM, width: 0.08, height: 0.08, material: 5 });
        elements.push({ ...base, kind: 'pipe', x, y: pipeY + 0.3, z: wallHeight - 0.8, rotation: 0, length: ROOM, width: 0.05, height: 0.05, material: 5 });
        elements.push({ ...base, kind: 'duct', x: x + 1 + random() * 4, y, z: wallHeight - 0.9, rotation: Math.PI / 2, length: ROOM, width: 0.4, height: 0.3, material: 6 });
      }
    }
  }
  return { name: `Bench building ${size.storeys}×${size.roomsX}×${size.roomsY}`, storeys, elements, materials };
}
