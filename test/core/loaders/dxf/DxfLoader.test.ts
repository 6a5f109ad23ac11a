import { expect } from '@esm-bundle/chai';
import { DxfParser } from 'dxf-parser';
import { ErrorCode, type Model, Viewer, type ViewerError } from '../../../../core/index.js';
import { createContainer, nextEvent, sampleUrl } from '../../../support/helpers.js';
import { registerDxfEntityHandlers } from '../../../../core/loaders/dxf/entityHandlers.js';

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

