import type { BuildingLayout, ElementKind, LayoutElement } from './buildingLayout.js';
import { enumOf, real, ref, type StepValue, StepWriter, typed } from './StepWriter.js';

/** IFC4 entity, predefined type and type entity of each kind of element. */
const ENTITIES: Readonly<Record<ElementKind, { entity: string; type: string; predefined: string; prefix: string }>> = {
  wall: { entity: 'IFCWALL', type: 'IFCWALLTYPE', predefined: 'STANDARD', prefix: 'W' },
  slab: { entity: 'IFCSLAB', type: 'IFCSLABTYPE', predefined: 'FLOOR', prefix: 'S' },
  column: { entity: 'IFCCOLUMN', type: 'IFCCOLUMNTYPE', predefined: 'COLUMN', prefix: 'C' },
  beam: { entity: 'IFCBEAM', type: 'IFCBEAMTYPE', predefined: 'BEAM', prefix: 'B' },
  door: { entity: 'IFCDOOR', type: 'IFCDOORTYPE', predefined: 'DOOR', prefix: 'D' },
  window: { entity: 'IFCWINDOW', type: 'IFCWINDOWTYPE', predefined: 'WINDOW', prefix: 'WN' },
  pipe: { entity: 'IFCPIPESEGMENT', type: 'IFCPIPESEGMENTTYPE', predefined: 'RIGIDSEGMENT', prefix: 'P' },
  duct: { entity: 'IFCDUCTSEGMENT', type: 'IFCDUCTSEGMENTTYPE', predefined: 'RIGIDSEGMENT', prefix: 'DU' },
};

/**
 * Writes a building layout as an IFC4 file: project, site, building, storeys (IfcRelAggregates), elements
 * contained per storey, each with an IfcLocalPlacement and a swept-solid body (IfcExtrudedAreaSolid of a
 * rectangle, an I profile, a hollow circle or rectangle, or a wall elevation with its door opening), a
 * surface style, a type (IfcRelDefinesByType) carrying Pset_…Common, an occurrence property set, base
 * quantities and a material. Deterministic: the same layout and seed give the same bytes.
 */
export function exportBuildingIfc(layout: BuildingLayout, fileName: string, seed = 1): string {
  const w = new StepWriter(seed);
  const point = cached((key: string) => w.add('IFCCARTESIANPOINT', key.split(',').map(Number).map(real)));
  const direction = cached((key: string) => w.add('IFCDIRECTION', key.split(',').map(Number).map(real)));
  const p3 = (x: number, y: number, z: number) => ref(point(`${round(x)},${round(y)},${round(z)}`));
  const p2 = (x: number, y: number) => ref(point(`${round(x)},${round(y)}`));
  const d3 = (x: number, y: number, z: number) => ref(direction(`${round(x)},${round(y)},${round(z)}`));
  const placement3 = (x: number, y: number, z: number, axis?: [number, number, number], refDir?: [number, number, number]) =>
    w.add('IFCAXIS2PLACEMENT3D', p3(x, y, z), axis ? d3(...axis) : null, refDir ? d3(...refDir) : null);
  const origin = placement3(0, 0, 0);
  const origin2 = w.add('IFCAXIS2PLACEMENT2D', p2(0, 0), null);

  const context = w.add('IFCGEOMETRICREPRESENTATIONCONTEXT', null, 'Model', 3, real(1e-5), ref(origin), null);
  const body = w.add('IFCGEOMETRICREPRESENTATIONSUBCONTEXT', 'Body', 'Model', '*', '*', '*', '*', ref(context), null, enumOf('MODEL_VIEW'), null);
  const units = w.add('IFCUNITASSIGNMENT', [
    ref(w.add('IFCSIUNIT', '*', enumOf('LENGTHUNIT'), null, enumOf('METRE'))),
    ref(w.add('IFCSIUNIT', '*', enumOf('AREAUNIT'), null, enumOf('SQUARE_METRE'))),
    ref(w.add('IFCSIUNIT', '*', enumOf('VOLUMEUNIT'), null, enumOf('CUBIC_METRE'))),
  ]);
  const project = w.add('IFCPROJECT', w.guid(), null, layout.name, 'Generated for design-viewer benchmarks', null, null, null, [ref(context)], ref(units));
  const sitePlacement = w.add('IFCLOCALPLACEMENT', null, ref(origin));
  const site = w.add('IFCSITE', w.guid(), null, 'Site', null, null, ref(sitePlacement), null, null, enumOf('ELEMENT'), null, null, null, null, null);
  const buildingPlacement = w.add('IFCLOCALPLACEMENT', ref(sitePlacement), ref(origin));
  const building = w.add('IFCBUILDING', w.guid(), null, 'Building', null, null, ref(buildingPlacement), null, null, enumOf('ELEMENT'), null, null, null);
  const storeys = layout.storeys.map((s) => {
    const placement = w.add('IFCLOCALPLACEMENT', ref(buildingPlacement), ref(placement3(0, 0, s.elevation)));
    return { id: w.add('IFCBUILDINGSTOREY', w.guid(), null, s.name, null, null, ref(placement), null, null, enumOf('ELEMENT'), real(s.elevation)), placement, elements: [] as number[] };
  });
  w.add('IFCRELAGGREGATES', w.guid(), null, null, null, ref(project), [ref(site)]);
  w.add('IFCRELAGGREGATES', w.guid(), null, null, null, ref(site), [ref(building)]);
  w.add('IFCRELAGGREGATES', w.guid(), null, null, null, ref(building), storeys.map((s) => ref(s.id)));

  const styles = layout.materials.map((m) => {
    const colour = w.add('IFCCOLOURRGB', m.name, real(m.color[0]), real(m.color[1]), real(m.color[2]));
    return w.add('IFCSURFACESTYLE', m.name, enumOf('BOTH'), [ref(w.add('IFCSURFACESTYLESHADING', ref(colour), real(m.transparency)))]);
  });
  const materials = layout.materials.map((m) => w.add('IFCMATERIAL', m.name, null, null));
  const profile = cached((key: string) => {
    const [kind, a, b, c] = key.split('|');
    const [x, y] = [Number(a), Number(b)];
    if (kind === 'rect') return w.add('IFCRECTANGLEPROFILEDEF', enumOf('AREA'), null, ref(w.add('IFCAXIS2PLACEMENT2D', p2(x / 2, y / 2), null)), real(x), real(y));
    if (kind === 'I') return w.add('IFCISHAPEPROFILEDEF', enumOf('AREA'), null, ref(w.add('IFCAXIS2PLACEMENT2D', p2(0, y / 2), null)), real(x), real(y), real(0.01), real(0.015), null, null, null);
    if (kind === 'pipe') return w.add('IFCCIRCLEHOLLOWPROFILEDEF', enumOf('AREA'), null, ref(origin2), real(x), real(x * 0.1));
    if (kind === 'duct') return w.add('IFCRECTANGLEHOLLOWPROFILEDEF', enumOf('AREA'), null, ref(origin2), real(x), real(y), real(0.01), null, null);
    // 'frame': a window frame in its elevation, outer rectangle with the glass opening as a void.
    const inset = Number(c);
    const outer = polyline([[0, 0], [x, 0], [x, y], [0, y]]);
    const inner = polyline([[inset, inset], [x - inset, inset], [x - inset, y - inset], [inset, y - inset]]);
    return w.add('IFCARBITRARYPROFILEDEFWITHVOIDS', enumOf('AREA'), null, ref(outer), [ref(inner)]);
  });
  function polyline(points: number[][]): number {
    const ids = points.map(([x, y]) => p2(x, y));
    return w.add('IFCPOLYLINE', [...ids, ids[0]]);
  }
  const along = { x: placement3(0, 0, 0, [1, 0, 0], [0, 1, 0]), elevation: placement3(0, 0, 0, [0, -1, 0], [1, 0, 0]) };
  const up = d3(0, 0, 1);

  const solid = (style: number, area: number, position: number, depth: number) => {
    const item = w.add('IFCEXTRUDEDAREASOLID', ref(area), ref(position), up, real(depth));
    w.add('IFCSTYLEDITEM', ref(item), [ref(style)], null);
    return item;
  };
  const bodyOf = (e: LayoutElement): number[] => {
    const style = styles[e.material];
    switch (e.kind) {
      case 'wall':
        if (e.opening) {
          const { offset: o, width: ow, height: oh } = e.opening;
          const outline = polyline([[0, 0], [o, 0], [o, oh], [o + ow, oh], [o + ow, 0], [e.length, 0], [e.length, e.height], [0, e.height]]);
          return [solid(style, w.add('IFCARBITRARYCLOSEDPROFILEDEF', enumOf('AREA'), null, ref(outline)), along.elevation, e.width)];
        }
        return [solid(style, profile(`rect|${e.length}|${e.width}`), origin, e.height)];
      case 'beam':
        return [solid(style, profile(`I|${e.width}|${e.height}`), along.x, e.length)];
      case 'pipe':
        return [solid(style, profile(`pipe|${e.width}|0`), along.x, e.length)];
      case 'duct':
        return [solid(style, profile(`duct|${e.width}|${e.height}`), along.x, e.length)];
      case 'window': {
        const frame = solid(style, profile(`frame|${e.length}|${e.height}|0.08`), along.elevation, e.width);
        const glass = w.add('IFCRECTANGLEPROFILEDEF', enumOf('AREA'), null, ref(w.add('IFCAXIS2PLACEMENT2D', p2(e.length / 2, e.height / 2), null)), real(e.length - 0.16), real(e.height - 0.16));
        const pane = w.add('IFCEXTRUDEDAREASOLID', ref(glass), ref(placement3(0, -e.width / 2 + 0.01, 0, [0, -1, 0], [1, 0, 0])), up, real(0.02));
        w.add('IFCSTYLEDITEM', ref(pane), [ref(styles[4])], null);
        return [frame, pane];
      }
      default:
        return [solid(style, profile(`rect|${e.length}|${e.width}`), origin, e.height)];
    }
  };

  const types = new Map<ElementKind, { id: number; objects: number[] }>();
  const typeOf = (kind: ElementKind) => {
    let type = types.get(kind);
    if (!type) {
      const info = ENTITIES[kind];
      const common = propertySet(`Pset_${kind[0].toUpperCase()}${kind.slice(1)}Common`, [
        ['Reference', typed('IFCIDENTIFIER', `${kind}-type-A`)],
        ['IsExternal', typed('IFCBOOLEAN', enumOf('F'))],
        ['LoadBearing', typed('IFCBOOLEAN', enumOf(kind === 'wall' || kind === 'column' || kind === 'beam' ? 'T' : 'F'))],
        ['FireRating', typed('IFCLABEL', 'REI 60')],
      ]);
      const base: StepValue[] = [w.guid(), null, `${kind}-type-A`, null, null, [ref(common)], null, null, null, enumOf(info.predefined)];
      const operation = kind === 'door' ? 'SINGLE_SWING_LEFT' : kind === 'window' ? 'SINGLE_PANEL' : null;
      type = { id: w.add(info.type, ...(operation ? [...base, enumOf(operation), null, null] : base)), objects: [] };
      types.set(kind, type);
    }
    return type;
  };
  const singleValues = cached((key: string) => {
    const [name, kind, value] = key.split('\u0000');
    return w.add('IFCPROPERTYSINGLEVALUE', name, null, typed(kind, value), null);
  });
  function propertySet(name: string, values: [string, StepValue][]): number {
    const props = values.map(([n, v]) => w.add('IFCPROPERTYSINGLEVALUE', n, null, v, null));
    return w.add('IFCPROPERTYSET', w.guid(), null, name, null, props.map(ref));
  }

  const byMaterial = layout.materials.map(() => [] as number[]);
  const counters = new Map<ElementKind, number>();
  for (const e of layout.elements) {
    const info = ENTITIES[e.kind];
    const n = (counters.get(e.kind) ?? 0) + 1;
    counters.set(e.kind, n);
    const mark = `${info.prefix}-${String(n).padStart(6, '0')}`;
    const storey = storeys[e.storey];
    const local = placement3(e.x, e.y, e.z, [0, 0, 1], [Math.cos(e.rotation), Math.sin(e.rotation), 0]);
    const placement = w.add('IFCLOCALPLACEMENT', ref(storey.placement), ref(local));
    const shape = w.add('IFCSHAPEREPRESENTATION', ref(body), 'Body', 'SweptSolid', bodyOf(e).map(ref));
    const definition = w.add('IFCPRODUCTDEFINITIONSHAPE', null, null, [ref(shape)]);
    const common: StepValue[] = [w.guid(), null, `${e.kind[0].toUpperCase()}${e.kind.slice(1)} ${mark}`, null, null, ref(placement), ref(definition), mark];
    const tail: StepValue[] =
      e.kind === 'door' || e.kind === 'window'
        ? [real(e.height), real(e.length), enumOf(info.predefined), null, null]
        : [enumOf(info.predefined)];
    const element = w.add(info.entity, ...common, ...tail);
    storey.elements.push(element);
    typeOf(e.kind).objects.push(element);
    byMaterial[e.material].push(element);
    const pset = w.add('IFCPROPERTYSET', w.guid(), null, 'Pset_BenchElement', null, [
      ref(w.add('IFCPROPERTYSINGLEVALUE', 'Mark', null, typed('IFCIDENTIFIER', mark), null)),
      ref(singleValues(`Room\u0000IFCLABEL\u0000${e.room}`)),
      ref(singleValues(`Zone\u0000IFCLABEL\u0000${e.zone}`)),
    ]);
    w.add('IFCRELDEFINESBYPROPERTIES', w.guid(), null, null, null, [ref(element)], ref(pset));
    const quantities = w.add('IFCELEMENTQUANTITY', w.guid(), null, 'BaseQuantities', null, null, [
      ref(w.add('IFCQUANTITYLENGTH', 'Length', null, null, real(e.length), null)),
      ref(w.add('IFCQUANTITYLENGTH', 'Height', null, null, real(e.height), null)),
      ref(w.add('IFCQUANTITYVOLUME', 'GrossVolume', null, null, real(e.length * e.width * e.height), null)),
    ]);
    w.add('IFCRELDEFINESBYPROPERTIES', w.guid(), null, null, null, [ref(element)], ref(quantities));
  }
  for (const storey of storeys) {
    if (storey.elements.length) w.add('IFCRELCONTAINEDINSPATIALSTRUCTURE', w.guid(), null, null, null, storey.elements.map(ref), ref(storey.id));
  }
  for (const type of types.values()) w.add('IFCRELDEFINESBYTYPE', w.guid(), null, null, null, type.objects.map(ref), ref(type.id));
  byMaterial.forEach((objects, i) => {
    if (objects.length) w.add('IFCRELASSOCIATESMATERIAL', w.guid(), null, null, null, objects.map(ref), ref(materials[i]));
  });
  return w.toString(fileName, 'IFC4', 'ViewDefinition [ReferenceView]');
}

function cached(make: (key: string) => number): (key: string) => number {
  const ids = new Map<string, number>();
  return (key) => {
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = make(key)));
    return id;
  };
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6 + 0; // + 0 turns -0 into 0
}
