import { type LevelContext, roomCode, SLAB_THICKNESS, wallHeight } from './buildingLayout.js';
import { type MaterialKey, MATERIALS } from './materials.js';
import { addCylinder, addRectTube, type SweepFrame } from './meshBuilders.js';
import { round } from './ModelAssembler.js';

interface PipeSystem {
  code: string;
  name: string;
  radius: number;
  material: MaterialKey;
}

/** Piping systems in the order runs are added; more runs than systems repeat them. */
const PIPE_SYSTEMS: readonly PipeSystem[] = [
  { code: 'DCW', name: 'Domestic Cold Water', radius: 0.028, material: 'pvcBlue' },
  { code: 'SPR', name: 'Sprinkler', radius: 0.04, material: 'sprinklerRed' },
  { code: 'DHW', name: 'Domestic Hot Water', radius: 0.022, material: 'copper' },
  { code: 'SAN', name: 'Sanitary Waste', radius: 0.055, material: 'pvcGrey' },
  { code: 'HTF', name: 'Heating Flow', radius: 0.035, material: 'steel' },
  { code: 'HTR', name: 'Heating Return', radius: 0.035, material: 'castIron' },
];

const DUCT_SYSTEMS = [
  { code: 'SA', name: 'Supply Air', width: 0.5, height: 0.3, material: 'insulation' },
  { code: 'RA', name: 'Return Air', width: 0.4, height: 0.25, material: 'galvanized' },
  { code: 'EA', name: 'Exhaust Air', width: 0.3, height: 0.2, material: 'galvanized' },
] as const satisfies readonly { code: string; name: string; width: number; height: number; material: MaterialKey }[];

/** Runs are cut into pipe and duct segments of this many per room, as fabricated lengths would be. */
const SEGMENTS_PER_ROOM = 2;
const X_AXIS: SweepFrame = { origin: [0, 0, 0], axis: [1, 0, 0], across: [0, 1, 0] };
const Z_AXIS: SweepFrame = { origin: [0, 0, 0], axis: [0, 0, 1], across: [0, 1, 0] };
const Y_AXIS: SweepFrame = { origin: [0, 0, 0], axis: [0, 1, 0], across: [1, 0, 0] };

/**
 * Round pipes hung in the ceiling void: `pipeRuns` runs along each row of rooms, plus one riser per
 * run through the storey. Bigger pipes get more radial segments, as an exporter's chord tolerance gives.
 */
export function emitPipes(ctx: LevelContext): void {
  const { spec, level } = ctx;
  const y = wallHeight(spec) - 0.15;
  const length = spec.roomWidth / SEGMENTS_PER_ROOM;
  for (let run = 0; run < spec.pipeRuns; run++) {
    const system = PIPE_SYSTEMS[run % PIPE_SYSTEMS.length];
    for (let j = 0; j < spec.roomsY; j++) {
      const z = j * spec.roomDepth + 0.5 + run * 0.2;
      for (let i = 0; i < spec.roomsX; i++) {
        for (let k = 0; k < SEGMENTS_PER_ROOM; k++) {
          const name = `Pipe ${level.code}-${roomCode(spec, i, j)}-${system.code}${run + 1}-${k + 1}`;
          pipe(ctx, name, system, X_AXIS, [i * spec.roomWidth + k * length, y, z], length);
        }
      }
    }
    const riserOrigin: [number, number, number] = [0.6 + run * 0.2, -SLAB_THICKNESS, 0.6];
    pipe(ctx, `Pipe ${level.code}-RISER-${system.code}${run + 1}`, system, Y_AXIS, riserOrigin, spec.storeyHeight);
  }
}

/** Rectangular ducts below the pipes: `ductRuns` runs along each column of rooms. */
export function emitDucts(ctx: LevelContext): void {
  const { asm, spec, level } = ctx;
  const y = wallHeight(spec) - 0.55;
  const length = spec.roomDepth / SEGMENTS_PER_ROOM;
  for (let run = 0; run < spec.ductRuns; run++) {
    const system = DUCT_SYSTEMS[run % DUCT_SYSTEMS.length];
    for (let i = 0; i < spec.roomsX; i++) {
      const x = i * spec.roomWidth + 1.2 + run * 0.8;
      for (let j = 0; j < spec.roomsY; j++) {
        for (let k = 0; k < SEGMENTS_PER_ROOM; k++) {
          addRectTube(asm.part(system.material), Z_AXIS, length, system.width, system.height, 0.02);
          const name = `Duct ${level.code}-${roomCode(spec, i, j)}-${system.code}${run + 1}-${k + 1}`;
          asm.addElement('Ducts', name, [x, y, j * spec.roomDepth + k * length], {
            System: system.name,
            SystemAbbreviation: system.code,
            Material: MATERIALS[system.material].name,
            Width: system.width,
            Height: system.height,
            Length: round(length),
            Pset_DuctSegmentTypeCommon: { Shape: 'Rectangular', WorkingPressure: 500, NominalDiameterOrWidth: system.width },
          });
        }
      }
    }
  }
}

/** Radial segments for a pipe: 16 for small bores, up to `max` (≤ 32) for the largest. */
export function radialSegments(radius: number, max: number): number {
  const wanted = radius >= 0.05 ? 32 : radius >= 0.035 ? 24 : 16;
  return Math.max(16, Math.min(wanted, max, 32));
}

function pipe(ctx: LevelContext, name: string, system: PipeSystem, frame: SweepFrame, origin: [number, number, number], length: number): void {
  const { asm, spec } = ctx;
  addCylinder(asm.part(system.material), frame, length, system.radius, radialSegments(system.radius, spec.maxPipeSegments));
  asm.addElement('Pipes', name, origin, {
    System: system.name,
    SystemAbbreviation: system.code,
    Material: MATERIALS[system.material].name,
    Diameter: round(system.radius * 2),
    Length: round(length),
    Pset_PipeSegmentTypeCommon: { NominalDiameter: round(system.radius * 2), WorkingPressure: 600000 },
  });
}
