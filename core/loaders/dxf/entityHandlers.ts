import type { DxfParser } from 'dxf-parser';
import type DxfArrayScanner from 'dxf-parser/dist/DxfArrayScanner.js';
import type { IGroup } from 'dxf-parser/dist/DxfArrayScanner.js';
import Attdef from 'dxf-parser/dist/entities/attdef.js';
import Dimension from 'dxf-parser/dist/entities/dimension.js';
import Polyline from 'dxf-parser/dist/entities/polyline.js';
import Solid from 'dxf-parser/dist/entities/solid.js';
import { ACAD_TABLE_SUBCLASSES, readAcadTable } from './acadTable.js';
import { groupsHandler } from './groupsHandler.js';
import { readHatch } from './hatch/readHatch.js';
import { readLeader, readMultiLeader } from './leader/readLeader.js';
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
 * POLYLINE as dxf-parser reads it, with what it skips: the polyline's default start and end widths (40, 41)
 * and each VERTEX's own, and a polygon mesh's vertex counts (71, 72), watched as the parser reads the groups.
 */
class PolylineHandler extends Polyline {
  override parseEntity(scanner: DxfArrayScanner, first: IGroup) {
    const widths: { start?: number; end?: number }[] = [{}];
    const meshSize = { m: 0, n: 0 };
    const vertexAt = new Set<number>();
    const watched = new Proxy(scanner, {
      get(target, key) {
        if (key === 'next') {
          return () => {
            const group = target.next();
            const at = (target as unknown as { _pointer: number })._pointer;
            if (group.code === 0 && group.value === 'VERTEX' && !vertexAt.has(at)) {
              vertexAt.add(at);
              widths.push({});
            } else if (group.code === 40) widths[widths.length - 1].start = Number(group.value);
            else if (group.code === 41) widths[widths.length - 1].end = Number(group.value);
            else if (widths.length === 1 && group.code === 71) meshSize.m = Number(group.value);
            else if (widths.length === 1 && group.code === 72) meshSize.n = Number(group.value);
            return group;
          };
        }
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const entity = super.parseEntity(watched, first);
    const [defaults] = widths;
    entity.vertices.forEach((vertex, i) => {
      const own = widths[i + 1] ?? {};
      Object.assign(vertex, { startWidth: own.start ?? defaults.start ?? 0, endWidth: own.end ?? defaults.end ?? 0 });
    });
    return Object.assign(entity, { meshSize });
  }
}

/**
 * Teaches dxf-parser the entities it skips: ATTRIB, TRACE, ARC_DIMENSION, LARGE_RADIAL_DIMENSION (read as
 * dxf-parser reads their likes), ACAD_TABLE, HATCH, LEADER, MULTILEADER, MLINE and VIEWPORT (read from
 * their groups in order by our own readers), and the POLYLINE widths it drops.
 */
export function registerDxfEntityHandlers(parser: DxfParser): void {
  parser.registerEntityHandler(AttribHandler);
  parser.registerEntityHandler(TraceHandler);
  parser.registerEntityHandler(ArcDimensionHandler);
  parser.registerEntityHandler(LargeRadialDimensionHandler);
  parser.registerEntityHandler(groupsHandler('ACAD_TABLE', ACAD_TABLE_SUBCLASSES, readAcadTable) as never);
  parser.registerEntityHandler(PolylineHandler);
  parser.registerEntityHandler(groupsHandler('HATCH', 'AcDbHatch', (groups) => ({ hatch: readHatch(groups) })) as never);
  parser.registerEntityHandler(groupsHandler('LEADER', 'AcDbLeader', (groups, xdata) => ({ leader: readLeader(groups, xdata) })) as never);
  parser.registerEntityHandler(groupsHandler('MULTILEADER', 'AcDbMLeader', (groups) => ({ leader: readMultiLeader(groups) })) as never);
  parser.registerEntityHandler(groupsHandler('MLINE', 'AcDbMline', (groups) => ({ mline: readMline(groups) })) as never);
  parser.registerEntityHandler(groupsHandler('VIEWPORT', 'AcDbViewport', (groups) => ({ viewport: readViewport(groups) })) as never);
}
