// Reads facts out of the IFC samples with a small STEP text parser of its own (not web-ifc), so that
// the IFC loader's tests compare the loader against the files rather than against itself.
// Usage: node test/support/extractIfcFacts.mjs > test/core/loaders/ifc/ifcSampleFacts.json
import { readFileSync } from 'node:fs';

const FILES = ['AC20-FZK-Haus.ifc', 'duplex.ifc', 'example.ifc', 'IfcOpenHouse_IFC4.ifc', 'KIT-Simple-Road-Test-Web-IFC4x3_RC2.ifc'];
const UNIT_SYMBOLS = { '': 'm', MILLI: 'mm', CENTI: 'cm', DECI: 'dm', KILO: 'km' };

/** Entities by id: { type, args } with args parsed into strings, numbers, refs ({ ref }), enums, lists. */
function parseStep(text) {
  const entities = new Map();
  // Comments (/* ... */) are not data: one sample has a relationship commented out.
  const data = text.slice(text.indexOf('DATA;') + 5).replace(/\/\*[\s\S]*?\*\//g, '');
  const pattern = /#(\d+)\s*=\s*([A-Z0-9_]+)\s*\(/g;
  let match;
  while ((match = pattern.exec(data))) {
    const [args, end] = parseList(data, pattern.lastIndex);
    entities.set(Number(match[1]), { id: Number(match[1]), type: match[2], args });
    pattern.lastIndex = end;
  }
  return entities;
}

function parseList(s, i) {
  const items = [];
  for (;;) {
    while (/\s|,/.test(s[i])) i++;
    const c = s[i];
    if (c === ')') return [items, i + 1];
    if (c === '(') {
      const [list, end] = parseList(s, i + 1);
      items.push(list);
      i = end;
    } else if (c === "'") {
      let j = i + 1, raw = '';
      for (;;) {
        if (s[j] === "'" && s[j + 1] === "'") { raw += "'"; j += 2; continue; }
        if (s[j] === "'") break;
        raw += s[j++];
      }
      items.push(decodeStepString(raw));
      i = j + 1;
    } else if (c === '#') {
      const m = /^#(\d+)/.exec(s.slice(i, i + 20));
      items.push({ ref: Number(m[1]) });
      i += m[0].length;
    } else if (c === '.') {
      const end = s.indexOf('.', i + 1);
      items.push({ enum: s.slice(i + 1, end) });
      i = end + 1;
    } else if (c === '$' || c === '*') {
      items.push(null);
      i++;
    } else if (/[A-Z]/.test(c)) {
      const m = /^[A-Z0-9_]+/.exec(s.slice(i, i + 80));
      i += m[0].length;
      while (s[i] !== '(') i++;
      const [inner, end] = parseList(s, i + 1);
      items.push({ typed: m[0], value: inner[0] });
      i = end;
    } else {
      const m = /^[-+0-9.Ee]+/.exec(s.slice(i, i + 40));
      items.push(Number(m[0]));
      i += m[0].length;
    }
  }
}

function decodeStepString(raw) {
  return raw
    .replace(/\\X2\\((?:[0-9A-F]{4})+)\\X0\\/g, (_, hex) => String.fromCharCode(...hex.match(/.{4}/g).map((h) => parseInt(h, 16))))
    .replace(/\\X\\([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\S\\(.)/g, (_, ch) => String.fromCharCode(ch.charCodeAt(0) + 128));
}

const refs = (value) => (Array.isArray(value) ? value : [value]).filter((v) => v && v.ref).map((v) => v.ref);
const isType = (entity, ...types) => entity && types.includes(entity.type);

function factsOf(file) {
  const entities = parseStep(readFileSync(new URL(`../../demo/samples/ifc/${file}`, import.meta.url), 'latin1'));
  const all = [...entities.values()];
  const children = new Map();
  const link = (parent, related) => {
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(...refs(related));
  };
  for (const e of all) {
    if (e.type === 'IFCRELAGGREGATES') link(e.args[4].ref, e.args[5]);
    if (e.type === 'IFCRELCONTAINEDINSPATIALSTRUCTURE') link(e.args[5].ref, e.args[4]);
  }
  const project = all.find((e) => e.type === 'IFCPROJECT');
  const parent = new Map([[project.id, 0]]);
  const queue = [project.id];
  while (queue.length) {
    const id = queue.shift();
    for (const child of children.get(id) ?? []) {
      if (parent.has(child)) continue;
      parent.set(child, id);
      queue.push(child);
    }
  }
  const nameOf = (id) => entities.get(id).args[2] ?? null;
  const chain = (id) => {
    const out = [];
    for (let p = parent.get(id); p; p = parent.get(p)) out.unshift({ type: entities.get(p).type, name: nameOf(p) });
    return out;
  };
  const countOf = (...types) => [...parent.keys()].filter((id) => isType(entities.get(id), ...types)).length;

  // A known element: the first wall (else the first element with a representation) in the tree.
  const inTree = [...parent.keys()].map((id) => entities.get(id)).sort((a, b) => a.id - b.id);
  const element =
    inTree.find((e) => isType(e, 'IFCWALLSTANDARDCASE', 'IFCWALL')) ??
    inTree.find((e) => e.args[6]?.ref && !isType(e, 'IFCSITE', 'IFCBUILDING', 'IFCBUILDINGSTOREY', 'IFCPROJECT'));
  // Its first single-valued text or number property, from the property sets defining it.
  let property = null;
  for (const rel of all) {
    if (property || rel.type !== 'IFCRELDEFINESBYPROPERTIES' || !refs(rel.args[4]).includes(element.id)) continue;
    const set = entities.get(rel.args[5].ref);
    if (!isType(set, 'IFCPROPERTYSET')) continue;
    for (const propId of refs(set.args[4])) {
      const prop = entities.get(propId);
      const value = prop?.type === 'IFCPROPERTYSINGLEVALUE' ? prop.args[2] : null;
      if (value && (typeof value.value === 'string' || typeof value.value === 'number') && value.value !== '') {
        property = { category: set.args[2], name: prop.args[0], value: value.value, measure: value.typed };
        break;
      }
    }
  }
  const lengthUnit = all.find((e) => e.type === 'IFCSIUNIT' && e.args[1]?.enum === 'LENGTHUNIT');
  const storeys = inTree.filter((e) => e.type === 'IFCBUILDINGSTOREY');
  return {
    file,
    schema: /FILE_SCHEMA\s*\(\s*\(\s*'([^']+)'/.exec(readFileSync(new URL(`../../demo/samples/ifc/${file}`, import.meta.url), 'latin1'))[1],
    treeNodeCount: parent.size,
    project: { globalId: project.args[0], name: project.args[2] },
    storeys: storeys.map((s) => ({ globalId: s.args[0], name: s.args[2], elevation: s.args[9] })),
    walls: countOf('IFCWALL', 'IFCWALLSTANDARDCASE'),
    element: { globalId: element.args[0], type: element.type, name: nameOf(element.id), path: chain(element.id) },
    property,
    lengthUnit: UNIT_SYMBOLS[lengthUnit?.args[2]?.enum ?? ''] ?? 'unknown',
  };
}

console.log(JSON.stringify(FILES.map(factsOf), null, 2));
