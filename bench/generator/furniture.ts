import { type LevelContext, pad, roomCode } from './buildingLayout.js';
import { FABRICS, type MaterialKey, MATERIALS, WORKTOPS } from './materials.js';
import { addBox, addCylinder } from './meshBuilders.js';
import type { ModelAssembler } from './ModelAssembler.js';
import { round } from './ModelAssembler.js';
import type { Prng } from './prng.js';

interface FurnitureKind {
  label: string;
  width: number;
  depth: number;
  height: number;
  /** Draws the piece from its corner at the origin and returns its main material. */
  draw(asm: ModelAssembler, rng: Prng): MaterialKey;
}

const LEG = 0.05;

/** Four legs under a top of `width` × `depth` at `height`. */
function legs(asm: ModelAssembler, key: MaterialKey, width: number, depth: number, height: number): void {
  const g = asm.part(key);
  for (const [x, z] of [[0, 0], [width - LEG, 0], [0, depth - LEG], [width - LEG, depth - LEG]]) addBox(g, x, 0, z, x + LEG, height, z + LEG);
}

const DETAILED: readonly FurnitureKind[] = [
  {
    label: 'Desk', width: 1.6, depth: 0.8, height: 0.75,
    draw(asm, rng) {
      const top = rng.pick(WORKTOPS);
      addBox(asm.part(top), 0, 0.72, 0, 1.6, 0.75, 0.8);
      legs(asm, 'chrome', 1.6, 0.8, 0.72);
      return top;
    },
  },
  {
    label: 'Chair', width: 0.5, depth: 0.5, height: 0.9,
    draw(asm, rng) {
      const fabric = rng.pick(FABRICS);
      addBox(asm.part(fabric), 0, 0.42, 0, 0.5, 0.47, 0.5);
      addBox(asm.part(fabric), 0, 0.47, 0.44, 0.5, 0.9, 0.5);
      legs(asm, 'chrome', 0.5, 0.5, 0.42);
      return fabric;
    },
  },
  {
    label: 'Cabinet', width: 0.8, depth: 0.45, height: 1.1,
    draw(asm) {
      addBox(asm.part('laminate'), 0, 0, 0.02, 0.8, 1.1, 0.45);
      for (let k = 0; k < 3; k++) {
        const y0 = 0.04 + k * 0.35;
        addBox(asm.part('laminate'), 0.02, y0, 0, 0.78, y0 + 0.33, 0.02);
        addBox(asm.part('chrome'), 0.3, y0 + 0.26, -0.025, 0.5, y0 + 0.28, 0);
      }
      return 'laminate';
    },
  },
  {
    label: 'Bookshelf', width: 0.9, depth: 0.35, height: 1.9,
    draw(asm, rng) {
      const wood = rng.pick<MaterialKey>(['oak', 'walnut', 'birch']);
      const g = asm.part(wood);
      addBox(g, 0, 0, 0, 0.02, 1.9, 0.35);
      addBox(g, 0.88, 0, 0, 0.9, 1.9, 0.35);
      addBox(g, 0.02, 0, 0.33, 0.88, 1.9, 0.35);
      for (let k = 0; k < 5; k++) addBox(g, 0.02, k * 0.465, 0, 0.88, k * 0.465 + 0.02, 0.33);
      return wood;
    },
  },
  {
    label: 'Round Table', width: 1, depth: 1, height: 0.74,
    draw(asm, rng) {
      const top = rng.pick(WORKTOPS);
      addCylinder(asm.part(top), { origin: [0.5, 0.71, 0.5], axis: [0, 1, 0], across: [1, 0, 0] }, 0.03, 0.5, 24);
      addCylinder(asm.part('chrome'), { origin: [0.5, 0.02, 0.5], axis: [0, 1, 0], across: [1, 0, 0] }, 0.69, 0.04, 16);
      addCylinder(asm.part('chrome'), { origin: [0.5, 0, 0.5], axis: [0, 1, 0], across: [1, 0, 0] }, 0.02, 0.3, 16);
      return top;
    },
  },
];

/** Box-style pieces draw on a wide part of the palette, so small test models still have a few dozen materials. */
const BOX_MATERIALS: readonly MaterialKey[] = [
  'laminate', 'laminateGrey', 'oak', 'birch', 'walnut', 'plastic', 'fabricBlue', 'fabricRed', 'fabricGreen',
  'chrome', 'galvanized', 'pvcGrey', 'aluminium', 'copper', 'steelPainted',
];

/**
 * Furniture on a regular grid of slots inside each room (so pieces never overlap). The "box" style
 * makes every piece a single 12-triangle box: many cheap objects for test models.
 */
export function emitFurniture(ctx: LevelContext): void {
  const { asm, spec, level, rng } = ctx;
  const count = spec.furniturePerRoom;
  if (count <= 0) return;
  const margin = 0.5;
  const innerW = spec.roomWidth - 2 * margin, innerD = spec.roomDepth - 2 * margin;
  const columns = Math.max(1, Math.round(Math.sqrt((count * innerW) / innerD)));
  const rows = Math.ceil(count / columns);
  const slotW = innerW / columns, slotD = innerD / rows;
  const fitting = DETAILED.filter((kind) => kind.width <= slotW - 0.1 && kind.depth <= slotD - 0.1);
  for (let j = 0; j < spec.roomsY; j++) {
    for (let i = 0; i < spec.roomsX; i++) {
      const room = roomCode(spec, i, j);
      for (let k = 0; k < count; k++) {
        const x = i * spec.roomWidth + margin + (k % columns) * slotW;
        const z = j * spec.roomDepth + margin + Math.floor(k / columns) * slotD;
        const name = (label: string) => `${label} ${level.code}-${room}-${pad(k + 1, 2)}`;
        if (spec.furnitureStyle === 'box' || fitting.length === 0) {
          const w = round(Math.min(slotW - 0.1, rng.range(0.3, 0.8)));
          const d = round(Math.min(slotD - 0.1, rng.range(0.3, 0.6)));
          const h = round(rng.range(0.3, 1.2));
          const key = rng.pick(BOX_MATERIALS);
          addBox(asm.part(key), 0, 0, 0, w, h, d);
          addFurniture(ctx, name('Storage Box'), [x, 0, z], 'Storage Box', key, w, d, h);
        } else {
          const kind = rng.pick(fitting);
          const key = kind.draw(asm, rng);
          addFurniture(ctx, name(kind.label), [x, 0, z], kind.label, key, kind.width, kind.depth, kind.height);
        }
      }
    }
  }
}

function addFurniture(
  ctx: LevelContext, name: string, at: [number, number, number], label: string, key: MaterialKey, w: number, d: number, h: number,
): void {
  ctx.asm.addElement('Furniture', name, at, {
    Type: `${label} ${Math.round(w * 1000)}x${Math.round(d * 1000)}`,
    Material: MATERIALS[key].name,
    Width: w,
    Depth: d,
    Height: h,
    Pset_FurnitureTypeCommon: { Style: label, IsBuiltIn: false, NominalHeight: h },
  });
}
