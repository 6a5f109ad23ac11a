import { type LevelContext, wallHeight, type WallPlan } from './buildingLayout.js';
import { MATERIALS } from './materials.js';
import { addWallBox } from './meshBuilders.js';
import { round } from './ModelAssembler.js';
import { emitDoor, emitWindow } from './openings.js';

/**
 * Walls as boxes split around their openings (full-height piers between holes, plus the parts below
 * sills and above heads), the way a BIM export tessellates them: no CSG, no coplanar overlaps.
 * Each wall's doors and windows follow it.
 */
export function emitWalls(ctx: LevelContext, walls: readonly WallPlan[]): void {
  const { asm, level } = ctx;
  const height = wallHeight(ctx.spec);
  for (const wall of walls) {
    const g = asm.part(wall.material);
    const half = wall.thickness / 2;
    const openings = [...wall.openings].sort((a, b) => a.u0 - b.u0);
    let cursor = 0;
    let openArea = 0;
    for (const opening of openings) {
      const end = opening.u0 + opening.width;
      const head = opening.sill + opening.height;
      if (opening.u0 > cursor) addWallBox(g, wall.along, cursor, opening.u0, 0, height, -half, half);
      if (opening.sill > 0) addWallBox(g, wall.along, opening.u0, end, 0, opening.sill, -half, half);
      if (head < height) addWallBox(g, wall.along, opening.u0, end, head, height, -half, half);
      cursor = end;
      openArea += opening.width * opening.height;
    }
    if (cursor < wall.length) addWallBox(g, wall.along, cursor, wall.length, 0, height, -half, half);

    const name = `Wall ${level.code}-${wall.id}`;
    const material = MATERIALS[wall.material].name;
    asm.addElement('Walls', name, [wall.x, 0, wall.z], {
      Type: `${wall.external ? 'Exterior' : 'Interior'} - ${material} ${Math.round(wall.thickness * 1000)}`,
      Material: material,
      Width: wall.thickness,
      Length: round(wall.length),
      Height: round(height),
      Area: round(wall.length * height - openArea),
      Pset_WallCommon: {
        IsExternal: wall.external,
        LoadBearing: wall.external,
        FireRating: wall.external ? 'EI90' : wall.thickness > 0.12 ? 'EI60' : 'EI30',
        AcousticRating: wall.external ? 'Rw 52 dB' : 'Rw 45 dB',
      },
    });
    for (const opening of openings) {
      if (opening.kind === 'door') emitDoor(ctx, wall, opening, name);
      else emitWindow(ctx, wall, opening, name);
    }
  }
}
