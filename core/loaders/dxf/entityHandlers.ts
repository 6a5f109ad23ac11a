import type { DxfParser } from 'dxf-parser';
import Attdef from 'dxf-parser/dist/entities/attdef.js';
import { groupsHandler } from './groupsHandler.js';
import { readHatch } from './hatch/readHatch.js';
import { readLeader, readMultiLeader } from './leader/readLeader.js';
import { readViewport } from './layouts/readViewport.js';

/** ATTRIB (a block reference's attribute value) reads like ATTDEF; dxf-parser itself skips it. */
class AttribHandler extends Attdef {
  override ForEntityName = 'ATTRIB' as 'ATTDEF';
}

/**
 * Teaches dxf-parser the entities it skips: ATTRIB, HATCH, LEADER, MULTILEADER and VIEWPORT (all but
 * ATTRIB read from their groups in order by our own readers).
 */
export function registerDxfEntityHandlers(parser: DxfParser): void {
  parser.registerEntityHandler(AttribHandler);
  parser.registerEntityHandler(groupsHandler('HATCH', 'AcDbHatch', (groups) => ({ hatch: readHatch(groups) })) as never);
  parser.registerEntityHandler(groupsHandler('LEADER', 'AcDbLeader', (groups, xdata) => ({ leader: readLeader(groups, xdata) })) as never);
  parser.registerEntityHandler(groupsHandler('MULTILEADER', 'AcDbMLeader', (groups) => ({ leader: readMultiLeader(groups) })) as never);
  parser.registerEntityHandler(groupsHandler('VIEWPORT', 'AcDbViewport', (groups) => ({ viewport: readViewport(groups) })) as never);
}
