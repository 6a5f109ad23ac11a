import { expect } from '@esm-bundle/chai';
import { DxfParser } from 'dxf-parser';
import { ErrorCode, type Model, Viewer, type ViewerError } from '../../../../core/index.js';
import { createContainer, nextEvent, sampleUrl } from '../../../support/helpers.js';
import { registerDxfEntityHandlers } from '../../../../core/loaders/dxf/entityHandlers.js';
import { binaryDxf, dxf, type Groups } from './dxfTestSupport.js';

const DETAIL = '2d/dxf-parser_api-cw750-details.dxf';
const FROZEN = '2d/ezdxf_viewport_frozen_layers.dxf';
const VISIBILITY = '2d/ezdxf_visibility.dxf';
/** The first object's dbId: the drawing's root is 1. */
const FIRST_ENTITY = 2;

interface FileEntity {
  type: string;
  handle: string;
  layer: string;
  inPaperSpace?: boolean;
}

/** What the file says, read with dxf-parser here: model-space entities (attributes, ATTRIB, belong to their reference). */
async function readFile(path: string) {
  const text = await fetch(sampleUrl(path)).then((r) => r.text());
  const parser = new DxfParser();
  // HATCH, LEADER, MULTILEADER and ATTRIB are entities (and objects) too: dxf-parser alone skips them.
  registerDxfEntityHandlers(parser);
  const drawing = parser.parseSync(text)!;
  const entities = (drawing.entities as unknown as FileEntity[]).filter((e) => !e.inPaperSpace && e.type !== 'ATTRIB');
  return { text, drawing, entities };
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

describe('DXF loader', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;

  beforeEach(() => {
    container = createContainer(320, 240);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  it('loads a drawing as a 2D model: one object per model-space entity, with its type, layer and handle', async () => {
    const file = await readFile(DETAIL);
    const model = await viewer.loadModel(sampleUrl(DETAIL));
    expect(model.is2d()).to.equal(true);
    expect(model.is3d()).to.equal(false);
    const dbIds = file.entities.map((_, i) => FIRST_ENTITY + i);
    const results = await model.getBulkProperties(dbIds, ['Type', 'Layer', 'Handle']);
    const value = (result: (typeof results)[number], name: string) => result.properties.find((p) => p.displayName === name)?.displayValue;
    expect(countBy(results, (r) => String(value(r, 'Type')))).to.deep.equal(countBy(file.entities, (e) => e.type));
    const byId = new Map(results.map((r) => [r.dbId, r]));
    file.entities.forEach((entity, i) => {
      const result = byId.get(FIRST_ENTITY + i)!;
      expect(value(result, 'Handle')).to.equal(String(entity.handle));
      expect(value(result, 'Layer')).to.equal(entity.layer);
    });
  });

  it("lists the LAYER table's layers; a frozen layer starts hidden", async () => {
    const file = await readFile(FROZEN);
    const table = Object.values(file.drawing.tables.layer.layers);
    await viewer.loadModel(sampleUrl(FROZEN));
    const layers = viewer.layers.getLayers();
    expect(layers.map((l) => l.name).sort()).to.deep.equal(table.map((l) => l.name).sort());
    for (const layer of table) {
      expect(layers.find((l) => l.name === layer.name)?.visible, layer.name).to.equal(layer.visible && !layer.frozen);
    }
    expect(table.some((l) => l.frozen), 'the file freezes a layer').to.equal(true);
  });

  /** The Text property of each entity of a DXF given as bytes. */
  async function textsOf(bytes: Uint8Array, count: number): Promise<string[]> {
    const model = await viewer.loadModel(URL.createObjectURL(new Blob([bytes as BlobPart])), { fileExtension: 'dxf', fileName: 'texts.dxf' });
    const ids = Array.from({ length: count }, (_, i) => FIRST_ENTITY + i);
    const results = await model.getBulkProperties(ids, ['Text']);
    return ids.map((id) => String(results.find((r) => r.dbId === id)?.properties[0]?.displayValue));
  }

  const text = (value: string): Groups => [0, 'TEXT', 8, '0', 10, 0, 20, 0, 30, 0, 40, 1, 1, value];
  /** Windows-1252 bytes of a string of Latin-1 characters. */
  const latin1 = (value: string) => Uint8Array.from(value, (c) => c.charCodeAt(0));

  it("reads a file before AutoCAD 2007 in its $DWGCODEPAGE, a later one as UTF-8; \\U+ and %% codes are characters", async () => {
    const header = (version: string, codePage: string): Groups => [9, '$ACADVER', 1, version, 9, '$DWGCODEPAGE', 3, codePage];
    const entities = [text('Höhe 20%%d'), text('Fläche 12 m\\U+00B2'), [0, 'MTEXT', 8, '0', 10, 0, 20, 0, 30, 0, 40, 1, 1, '{\\fArial|b0;Größe}\\PZeile 2']];
    const expected = ['Höhe 20°', 'Fläche 12 m²', 'Größe\nZeile 2'];
    // AutoCAD 2000, Windows-1252: "ö" is one byte, 0xF6.
    const ansi = latin1(dxf(entities, [], header('AC1015', 'ANSI_1252')));
    expect(ansi.includes(0xf6)).to.equal(true);
    expect(await textsOf(ansi, 3)).to.deep.equal(expected);
    // The same written as UTF-8 under the same header (as many programs do): read as UTF-8.
    expect(await textsOf(new TextEncoder().encode(dxf(entities, [], header('AC1015', 'ANSI_1252'))), 3)).to.deep.equal(expected);
    // AutoCAD 2018 is UTF-8 whatever the code page says.
    expect(await textsOf(new TextEncoder().encode(dxf(entities, [], header('AC1032', 'ANSI_1251'))), 3)).to.deep.equal(expected);
    // Windows-1251: Cyrillic, one byte each (0xD1 0xF2 0xE5 0xED 0xE0: Стена).
    const cyrillic = dxf([text('#')], [], header('AC1018', 'ANSI_1251')).split('#');
    const wall = new Uint8Array([...latin1(cyrillic[0]), 0xd1, 0xf2, 0xe5, 0xed, 0xe0, ...latin1(cyrillic[1])]);
    expect(await textsOf(wall, 1)).to.deep.equal(['Стена']);
    const model = viewer.getVisibleModels().at(-1)!;
    expect(await model.search('стена')).to.deep.equal([FIRST_ENTITY]);
  });

  it('reads a binary DXF as the same drawing as its ASCII form (R13 and later: two-byte group codes; R12: one byte)', async () => {
    const file = await readFile(DETAIL);
    const ascii = await viewer.loadModel(sampleUrl(DETAIL));
    const count = file.entities.length;
    const ids = Array.from({ length: count }, (_, i) => FIRST_ENTITY + i);
    const expected = await ascii.getBulkProperties(ids);
    const layers = viewer.layers.getLayers().map((l) => [l.name, l.visible]);
    viewer.unloadModel(ascii);
    const binary = binaryDxf(file.text);
    expect(binary.length, 'a real binary file, not the text').to.be.lessThan(new TextEncoder().encode(file.text).length);
    // Without an extension too: its sentinel tells the format.
    const model = await viewer.loadModel(URL.createObjectURL(new Blob([binary as BlobPart])));
    expect(model.is2d()).to.equal(true);
    expect(await model.getBulkProperties(ids)).to.deep.equal(expected);
    expect(model.getInstanceTree().getNodeCountInTree()).to.equal(ascii.getInstanceTree().getNodeCountInTree());
    expect(viewer.layers.getLayers().map((l) => [l.name, l.visible])).to.deep.equal(layers);
    viewer.unloadModel(model);
    // An R12 file in Windows-1252 with one-byte group codes (and a code past 254, written as 255 and two bytes).
    const r12 = dxf([text('Höhe'), [0, 'LINE', 8, '0', 10, 0, 20, 0, 30, 0, 11, 5, 21, 5, 31, 0, 1001, 'ACAD', 1000, 'x']], [], [9, '$ACADVER', 1, 'AC1009', 9, '$DWGCODEPAGE', 3, 'ANSI_1252']);
    const r12Bytes = binaryDxf(r12, true);
    // The writer here writes UTF-8: put the one Windows-1252 byte of "ö" in its place.
    const at = r12Bytes.findIndex((b, i) => b === 0xc3 && r12Bytes[i + 1] === 0xb6);
    const latin = new Uint8Array([...r12Bytes.subarray(0, at), 0xf6, ...r12Bytes.subarray(at + 2)]);
    const old = await viewer.loadModel(URL.createObjectURL(new Blob([latin as BlobPart])), { fileExtension: 'dxf', fileName: 'r12.dxf' });
    const types = await old.getBulkProperties([FIRST_ENTITY, FIRST_ENTITY + 1], ['Type', 'Text']);
    expect(types.map((r) => r.properties.map((p) => p.displayValue))).to.deep.equal([['TEXT', 'Höhe'], ['LINE']]);
    // Cut short: bad data, naming where.
    const reported = nextEvent(viewer, 'error');
    await viewer.loadModel(URL.createObjectURL(new Blob([binary.subarray(0, 5000) as BlobPart])), { fileExtension: 'dxf', fileName: 'cut.dxf' }).catch(() => {});
    const error = await reported;
    expect(error.code).to.equal(ErrorCode.BAD_DATA);
    expect(error.message).to.match(/^cut\.dxf could not be read as DXF: the file ends inside a (group|string) at byte \d+\.$/);
    expect(viewer.getVisibleModels()).to.deep.equal([old]);
  });

  it('rejects a truncated file with bad data (code 2) and stays usable', async () => {
    const { text } = await readFile(VISIBILITY);
    const url = URL.createObjectURL(new Blob([text.slice(0, text.length / 2)]));
    const reported = nextEvent(viewer, 'error');
    let error: ViewerError | null = null;
    try {
      await viewer.loadModel(url, { fileExtension: 'dxf', fileName: 'half.dxf' });
    } catch (reason) {
      error = reason as ViewerError;
    } finally {
      URL.revokeObjectURL(url);
    }
    expect(error?.code).to.equal(ErrorCode.BAD_DATA);
    expect((await reported).code).to.equal(ErrorCode.BAD_DATA);
    expect(error?.message).to.match(/^half\.dxf could not be read as DXF: /);
    const model: Model = await viewer.loadModel(sampleUrl(VISIBILITY));
    expect(viewer.getVisibleModels()).to.deep.equal([model]);
  });
});

