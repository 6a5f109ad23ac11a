import type { DxfParser } from 'dxf-parser';
import type DxfArrayScanner from 'dxf-parser/dist/DxfArrayScanner.js';
import type { IGroup } from 'dxf-parser/dist/DxfArrayScanner.js';
import Attdef from 'dxf-parser/dist/entities/attdef.js';
import Dimension from 'dxf-parser/dist/entities/dimension.js';
import Polyline from 'dxf-parser/dist/entities/polyline.js';
import Solid from 'dxf-parser/dist/entities/solid.js';
import Spline from 'dxf-parser/dist/entities/spline.js';
import { ACAD_TABLE_SUBCLASSES, readAcadTable } from './acadTable.js';
import { groupsHandler } from './groupsHandler.js';
import { readHatch } from './hatch/readHatch.js';
import { readLeader, readMultiLeader } from './leader/readLeader.js';
import { readImage } from './images/dxfImages.js';
import { readMline } from './mline.js';
import { readViewport } from './layouts/readViewport.js';

/** ATTRIB (a block reference's attribute value) reads like ATTDEF; dxf-parser itself skips it. */
class AttribHandler extends Attdef {
  override ForEntityName = 'ATTRIB' as 'ATTDEF';
}

/** ARC_DIMENSION and LARGE_RADIAL_DIMENSION read like DIMENSION (their block holds what they show). */
class ArcDimensionHandler extends Dimension {
  override ForEntityName = 'ARC_DIMENSION' as 'DIMENSION';
}
class LargeRadialDimensionHandler extends Dimension {
  override ForEntityName = 'LARGE_RADIAL_DIMENSION' as 'DIMENSION';
}

/** TRACE (an old filled quadrilateral) reads like SOLID; dxf-parser itself skips it. */
class TraceHandler extends Solid {
  override ForEntityName = 'TRACE' as 'SOLID';
}

/**
 * The scanner as one of dxf-parser's handlers reads it, each group it reads also handed to `seen`, once (a
 * group read again after a rewind is not handed again).
 */
function watched(scanner: DxfArrayScanner, seen: (group: IGroup) => void): DxfArrayScanner {
  const pointer = () => (scanner as unknown as { _pointer: number })._pointer;
  let furthest = pointer();
  return new Proxy(scanner, {
    get(target, key) {
      if (key === 'next') {
        return () => {
          const group = target.next();
          if (pointer() > furthest) {
            furthest = pointer();
            seen(group);
          }
          return group;
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * POLYLINE as dxf-parser reads it, with what it skips: the polyline's default start and end widths (40, 41)
 * and each VERTEX's own, and a polygon mesh's vertex counts (71, 72).
 */
class PolylineHandler extends Polyline {
  override parseEntity(scanner: DxfArrayScanner, first: IGroup) {
    const widths: { start?: number; end?: number }[] = [{}];
    const meshSize = { m: 0, n: 0 };
    const entity = super.parseEntity(
      watched(scanner, ({ code, value }) => {
        if (code === 0 && value === 'VERTEX') widths.push({});
        else if (code === 40) widths[widths.length - 1].start = Number(value);
        else if (code === 41) widths[widths.length - 1].end = Number(value);
        else if (widths.length === 1 && code === 71) meshSize.m = Number(value);
        else if (widths.length === 1 && code === 72) meshSize.n = Number(value);
      }),
      first,
    );
    const [defaults] = widths;
    entity.vertices.forEach((vertex, i) => {
      const own = widths[i + 1] ?? {};
      Object.assign(vertex, { startWidth: own.start ?? defaults.start ?? 0, endWidth: own.end ?? defaults.end ?? 0 });
    });
    return Object.assign(entity, { meshSize });
  }
}

/** SPLINE as dxf-parser reads it, with the control points' weights (41) of a rational spline, which it skips. */
class SplineHandler extends Spline {
  override parseEntity(scanner: DxfArrayScanner, first: IGroup) {
    const weights: number[] = [];
    const entity = super.parseEntity(
      watched(scanner, ({ code, value }) => {
        if (code === 41) weights.push(Number(value));
      }),
      first,
    );
    return weights.length > 0 && weights.length === entity.controlPoints?.length ? Object.assign(entity, { weights }) : entity;
  }
}

/**
 * Teaches dxf-parser the entities it skips: ATTRIB, TRACE, ARC_DIMENSION, LARGE_RADIAL_DIMENSION (read as
 * dxf-parser reads their likes), ACAD_TABLE, HATCH, IMAGE, LEADER, MULTILEADER, MLINE and VIEWPORT (read from
 * their groups in order by our own readers), and what it drops of POLYLINE (widths, mesh sizes) and SPLINE
 * (weights).
 */
export function registerDxfEntityHandlers(parser: DxfParser): void {
  parser.registerEntityHandler(AttribHandler);
  parser.registerEntityHandler(TraceHandler);
  parser.registerEntityHandler(ArcDimensionHandler);
  parser.registerEntityHandler(LargeRadialDimensionHandler);
  parser.registerEntityHandler(groupsHandler('ACAD_TABLE', ACAD_TABLE_SUBCLASSES, readAcadTable) as never);
  parser.registerEntityHandler(PolylineHandler);
  parser.registerEntityHandler(SplineHandler);
  parser.registerEntityHandler(groupsHandler('HATCH', 'AcDbHatch', (groups) => ({ hatch: readHatch(groups) })) as never);
  parser.registerEntityHandler(groupsHandler('LEADER', 'AcDbLeader', (groups, xdata) => ({ leader: readLeader(groups, xdata) })) as never);
  parser.registerEntityHandler(groupsHandler('MULTILEADER', 'AcDbMLeader', (groups) => ({ leader: readMultiLeader(groups) })) as never);
  parser.registerEntityHandler(groupsHandler('IMAGE', 'AcDbRasterImage', readImage) as never);
  parser.registerEntityHandler(groupsHandler('MLINE', 'AcDbMline', (groups) => ({ mline: readMline(groups) })) as never);
  parser.registerEntityHandler(groupsHandler('VIEWPORT', 'AcDbViewport', (groups) => ({ viewport: readViewport(groups) })) as never);
}
