import type { LevelContext, Opening, WallPlan } from './buildingLayout.js';
import { DOOR_LEAVES, type MaterialKey, MATERIALS } from './materials.js';
import { addWallBox, type Vec3 } from './meshBuilders.js';
import { round } from './ModelAssembler.js';

const DOOR_FRAME = 0.06;
const WINDOW_FRAME = 0.07;

/** A door: frame (two jambs and a head) and one or two leaves, each in its own material. */
export function emitDoor(ctx: LevelContext, wall: WallPlan, opening: Opening, host: string): void {
  const { asm, rng, level } = ctx;
  const { along } = wall;
  const w = opening.width, h = opening.height, f = DOOR_FRAME;
  const double = w > 1.5;
  const frameKey: MaterialKey = wall.external ? 'aluminiumDark' : 'doorPaint';
  const leafKey: MaterialKey = wall.external ? 'glassTinted' : rng.pick(DOOR_LEAVES);
  const depth = wall.thickness / 2 + 0.015;

  const frame = asm.part(frameKey);
  addWallBox(frame, along, 0, f, 0, h, -depth, depth);
  addWallBox(frame, along, w - f, w, 0, h, -depth, depth);
  addWallBox(frame, along, f, w - f, h - f, h, -depth, depth);
  const leaf = asm.part(leafKey);
  const leafTop = h - f - 0.005;
  if (double) {
    addWallBox(leaf, along, f + 0.005, w / 2 - 0.003, 0.01, leafTop, -0.02, 0.02);
    addWallBox(leaf, along, w / 2 + 0.003, w - f - 0.005, 0.01, leafTop, -0.02, 0.02);
  } else {
    addWallBox(leaf, along, f + 0.005, w - f - 0.005, 0.01, leafTop, -0.02, 0.02);
  }

  const size = `${Math.round(w * 1000)}x${Math.round(h * 1000)}`;
  asm.addElement('Doors', `Door ${level.code}-${wall.id}-${opening.number}`, openingOrigin(wall, opening), {
    Type: `${double ? 'Double Glazed' : 'Single Flush'} ${size}`,
    Material: MATERIALS[leafKey].name,
    FrameMaterial: MATERIALS[frameKey].name,
    Width: round(w),
    Height: round(h),
    Host: host,
    Pset_DoorCommon: {
      IsExternal: wall.external,
      FireRating: wall.external ? 'E30' : rng.pick(['EI30', 'EI60', 'None']),
      HandicapAccessible: w >= 1,
      SelfClosing: !wall.external && rng.chance(0.3),
    },
  });
}

/** A window: frame (sill, head, jambs, a mullion when wide) around a transparent glass pane. */
export function emitWindow(ctx: LevelContext, wall: WallPlan, opening: Opening, host: string): void {
  const { asm, level } = ctx;
  const { along } = wall;
  const w = opening.width, h = opening.height, f = WINDOW_FRAME;
  const frameKey: MaterialKey = wall.material === 'concretePrecast' ? 'aluminium' : 'aluminiumDark';

  const frame = asm.part(frameKey);
  addWallBox(frame, along, 0, w, 0, f, -0.05, 0.05);
  addWallBox(frame, along, 0, w, h - f, h, -0.05, 0.05);
  addWallBox(frame, along, 0, f, f, h - f, -0.05, 0.05);
  addWallBox(frame, along, w - f, w, f, h - f, -0.05, 0.05);
  const mullion = w > 1.4;
  if (mullion) addWallBox(frame, along, w / 2 - f / 2, w / 2 + f / 2, f, h - f, -0.045, 0.045);
  addWallBox(asm.part('glass'), along, f, w - f, f, h - f, -0.006, 0.006);

  const glazing = ((w - 2 * f) * (h - 2 * f)) / (w * h);
  asm.addElement('Windows', `Window ${level.code}-${wall.id}-${opening.number}`, openingOrigin(wall, opening), {
    Type: `${mullion ? 'Fixed Twin' : 'Fixed'} ${Math.round(w * 1000)}x${Math.round(h * 1000)}`,
    Material: MATERIALS.glass.name,
    FrameMaterial: MATERIALS[frameKey].name,
    Width: round(w),
    Height: round(h),
    SillHeight: opening.sill,
    Host: host,
    Pset_WindowCommon: { IsExternal: true, ThermalTransmittance: 1.1, GlazingAreaFraction: round(glazing) },
  });
}

/** Openings are drawn from their own corner: the wall's start moved along it, at sill height. */
function openingOrigin(wall: WallPlan, opening: Opening): Vec3 {
  return wall.along === 'x'
    ? [wall.x + opening.u0, opening.sill, wall.z]
    : [wall.x, opening.sill, wall.z + opening.u0];
}
