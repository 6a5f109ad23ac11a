import { COLUMN_SIZE, edgeId, type LevelContext, pad, roomCode, SLAB_THICKNESS } from './buildingLayout.js';
import { MATERIALS } from './materials.js';
import { addBox, addExtrusion, type SweepFrame } from './meshBuilders.js';
import { round } from './ModelAssembler.js';
import { PRIMARY_SECTIONS, SECONDARY_SECTIONS, type SectionProfile } from './profiles.js';

/** One floor slab per room, its top at the level's floor. */
export function emitSlabs(ctx: LevelContext): void {
  const { asm, spec, level } = ctx;
  const { roomWidth: w, roomDepth: d } = spec;
  for (let j = 0; j < spec.roomsY; j++) {
    for (let i = 0; i < spec.roomsX; i++) {
      addBox(asm.part('concrete'), 0, -SLAB_THICKNESS, 0, w, 0, d);
      asm.addElement('Slabs', `Slab ${level.code}-${roomCode(spec, i, j)}`, [i * w, 0, j * d], {
        Category: 'Floors',
        Type: `Floor - Concrete ${SLAB_THICKNESS * 1000}`,
        Material: MATERIALS.concrete.name,
        Thickness: SLAB_THICKNESS,
        Area: round(w * d),
        Pset_SlabCommon: { IsExternal: level.index === 0, LoadBearing: true, FireRating: 'REI90', AcousticRating: 'Rw 55 dB' },
      });
    }
  }
}

/** Roof slabs over the top storey, one per room, so the building is closed when seen from outside. */
export function emitRoof(ctx: LevelContext): void {
  const { asm, spec, level } = ctx;
  const { roomWidth: w, roomDepth: d, storeyHeight: h } = spec;
  for (let j = 0; j < spec.roomsY; j++) {
    for (let i = 0; i < spec.roomsX; i++) {
      addBox(asm.part('concretePrecast'), 0, h - SLAB_THICKNESS, 0, w, h, d);
      asm.addElement('Roofs', `Roof ${level.code}-${roomCode(spec, i, j)}`, [i * w, 0, j * d], {
        Type: `Flat Roof - Precast Concrete ${SLAB_THICKNESS * 1000}`,
        Material: MATERIALS.concretePrecast.name,
        Thickness: SLAB_THICKNESS,
        Area: round(w * d),
        Pset_RoofCommon: { IsExternal: true, FireRating: 'REI60', ThermalTransmittance: 0.18 },
      });
    }
  }
}

/** Square concrete columns at every grid intersection, up to the underside of the slab above. */
export function emitColumns(ctx: LevelContext): void {
  const { asm, spec, level } = ctx;
  const half = COLUMN_SIZE / 2;
  const height = spec.storeyHeight - SLAB_THICKNESS;
  for (let gj = 0; gj <= spec.roomsY; gj++) {
    for (let gi = 0; gi <= spec.roomsX; gi++) {
      addBox(asm.part('concrete'), -half, 0, -half, half, height, half);
      const edge = gi === 0 || gj === 0 || gi === spec.roomsX || gj === spec.roomsY;
      asm.addElement('Columns', `Column ${level.code}-G${pad(gi + 1, 2)}-${pad(gj + 1, 2)}`, [gi * spec.roomWidth, 0, gj * spec.roomDepth], {
        Category: 'Structural Columns',
        Type: `Concrete Column ${COLUMN_SIZE * 1000}x${COLUMN_SIZE * 1000}`,
        Material: MATERIALS.concrete.name,
        Width: COLUMN_SIZE,
        Height: round(height),
        Pset_ColumnCommon: { LoadBearing: true, IsExternal: edge, Reference: 'C40/50' },
      });
    }
  }
}

/**
 * Steel I-section beams along every grid line between columns and, optionally, a channel across the
 * middle of each room; all hang from the underside of the slab above.
 */
export function emitBeams(ctx: LevelContext, sectionX: SectionProfile, sectionZ: SectionProfile): void {
  const { spec } = ctx;
  const { roomWidth: w, roomDepth: d } = spec;
  for (let j = 0; j <= spec.roomsY; j++) {
    for (let i = 0; i < spec.roomsX; i++) {
      beam(ctx, edgeId(spec, 'x', i, j), sectionX, 'x', [i * w + COLUMN_SIZE / 2, 0, j * d], w - COLUMN_SIZE, 'steel');
    }
  }
  for (let i = 0; i <= spec.roomsX; i++) {
    for (let j = 0; j < spec.roomsY; j++) {
      beam(ctx, edgeId(spec, 'z', i, j), sectionZ, 'z', [i * w, 0, j * d + COLUMN_SIZE / 2], d - COLUMN_SIZE, 'steel');
    }
  }
  if (!spec.secondaryBeams) return;
  const channel = SECONDARY_SECTIONS[ctx.level.index % SECONDARY_SECTIONS.length];
  for (let j = 0; j < spec.roomsY; j++) {
    for (let i = 0; i < spec.roomsX; i++) {
      const id = `${roomCode(spec, i, j)}-M`;
      beam(ctx, id, channel, 'x', [i * w + COLUMN_SIZE / 2, 0, j * d + d / 2], w - COLUMN_SIZE, 'steelPainted');
    }
  }
}

/** Picks the building's two primary sections: the deeper one spans the longer room side. */
export function pickPrimarySections(ctx: Pick<LevelContext, 'rng' | 'spec'>): [SectionProfile, SectionProfile] {
  const first = ctx.rng.int(0, PRIMARY_SECTIONS.length - 2);
  const shallow = PRIMARY_SECTIONS[first], deep = PRIMARY_SECTIONS[first + 1];
  return ctx.spec.roomWidth >= ctx.spec.roomDepth ? [deep, shallow] : [shallow, deep];
}

function beam(
  ctx: LevelContext, id: string, section: SectionProfile, along: 'x' | 'z',
  origin: [number, number, number], length: number, material: 'steel' | 'steelPainted',
): void {
  const { asm, spec, level } = ctx;
  const centre = spec.storeyHeight - SLAB_THICKNESS - section.depth / 2;
  // across × up must equal the sweep axis (see SweepFrame): −z for x-beams, +x for z-beams keeps "up" at +y.
  const frame: SweepFrame = along === 'x'
    ? { origin: [0, centre, 0], axis: [1, 0, 0], across: [0, 0, -1] }
    : { origin: [0, centre, 0], axis: [0, 0, 1], across: [1, 0, 0] };
  addExtrusion(asm.part(material), section.outline, frame, length);
  asm.addElement('Beams', `Beam ${level.code}-${id}`, origin, {
    Category: 'Structural Framing',
    Type: section.name,
    Material: MATERIALS[material].name,
    Length: round(length),
    Pset_BeamCommon: { Span: round(length), LoadBearing: true, IsExternal: false, Slope: 0 },
  });
}
