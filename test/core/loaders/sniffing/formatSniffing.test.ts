import { expect } from '@esm-bundle/chai';
import { zipSync } from 'fflate';
import { ErrorCode, type Model, Viewer } from '../../../../core/index.js';
import { FORMAT_SIGNATURES } from '../../../../core/loaders/sniffing/formatSignatures.js';
import { withWarnings } from '../../../support/consoleRecorder.js';
import { servedDocuments } from '../../../support/documentServer.js';
import { createContainer, nextEvent, sampleUrl } from '../../../support/helpers.js';

/** A download endpoint: the file's bytes at a URL without an extension (a blob: URL has none). */
async function withoutExtension(url: string): Promise<string> {
  const bytes = await (await fetch(url)).arrayBuffer();
  return URL.createObjectURL(new Blob([bytes]));
}

async function zipOf(entries: Record<string, string>): Promise<Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const [name, url] of Object.entries(entries)) files[name] = new Uint8Array(await (await fetch(url)).arrayBuffer());
  return zipSync(files);
}

/** What two loads of the same file must share. */
function shape(model: Model) {
  const tree = model.getInstanceTree();
  return { fragments: model.fragments.count, objects: tree.getNodeCountInTree(), loaded: countLoaded(model) };
}

function countLoaded(model: Model): number {
  let loaded = 0;
  for (let f = 0; f < model.fragments.count; f++) if (model.fragments.isLoaded(f)) loaded++;
  return loaded;
}

describe('Loading a URL without an extension: the first bytes tell the format', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;

  beforeEach(() => {
    container = createContainer(160, 120);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  async function loadBoth(url: string): Promise<[Model, Model]> {
    const named = await viewer.loadModel(url);
    const expected = shape(named);
    viewer.unloadModel(named);
    const sniffed = await viewer.loadModel(await withoutExtension(url));
    expect(shape(sniffed)).to.deep.equal(expected);
    expect(expected.loaded).to.be.greaterThan(0);
    return [named, sniffed];
  }

  it('reads a glTF binary, a glTF JSON and an IFC as their extensions would', async () => {
    await loadBoth(sampleUrl('gltf/car.glb'));
    await loadBoth(sampleUrl('gltf/properties.gltf'));
    const [, ifc] = await loadBoth(sampleUrl('ifc/IfcOpenHouse_IFC4.ifc'));
    expect(ifc.getInstanceTree().getNodeName(1)).to.not.equal(null);
  });

  it('reads a DXF, a PDF and an SVG (handed back to the page, which reads SVG) as their extensions would', async () => {
    const [, dxf] = await loadBoth(sampleUrl('2d/dxf-parser_api-cw750-details.dxf'));
    expect(dxf.is2d()).to.equal(true);
    const [, pdf] = await loadBoth(sampleUrl('2d/pdfjs_Test-plusminus_ocg.pdf'));
    expect(pdf.is2d()).to.equal(true);
    const [, svg] = await loadBoth(sampleUrl('2d/ha-floorplan_multi_floor.svg'));
    expect(svg.is2d()).to.equal(true);
    // Its elements' ids, as the page's reading of the file gives them.
    expect(await svg.getExternalIdMapping()).to.have.property('ground_floor.button.text');
  });

  it('looks inside a zip: an SVF bundle opens as SVF, a zip holding an IFC as IFC', async () => {
    const [doc] = (await servedDocuments()).documents;
    const [, svf] = await loadBoth(doc.bundles.zip);
    expect(svf.getMetadata('world bounding box')).to.not.equal(undefined);
    const ifcZip = URL.createObjectURL(new Blob([(await zipOf({ 'models/house.ifc': sampleUrl('ifc/IfcOpenHouse_IFC4.ifc') })) as BlobPart]));
    const direct = await viewer.loadModel(sampleUrl('ifc/IfcOpenHouse_IFC4.ifc'));
    const expected = shape(direct);
    viewer.unloadModel(direct);
    expect(shape(await viewer.loadModel(ifcZip))).to.deep.equal(expected);
  });

  it('loads an .ifczip (a zip holding an IFC) by its extension', async () => {
    expect(viewer.loaders.getExtensions()).to.include('ifczip');
    const direct = await viewer.loadModel(sampleUrl('ifc/IfcOpenHouse_IFC4.ifc'));
    const expected = shape(direct);
    viewer.unloadModel(direct);
    const zip = URL.createObjectURL(new Blob([(await zipOf({ 'IfcOpenHouse_IFC4.ifc': sampleUrl('ifc/IfcOpenHouse_IFC4.ifc') })) as BlobPart]));
    const model = await viewer.loadModel(zip, { fileExtension: 'ifczip', fileName: 'IfcOpenHouse.ifczip' });
    expect(shape(model)).to.deep.equal(expected);
    expect(model.fileName).to.equal('IfcOpenHouse.ifczip');
  });

  it('rejects content that is none of them with code 13, naming the formats it looked for', async () => {
    const text = URL.createObjectURL(new Blob(['Just some notes, not a model.']));
    const error = nextEvent(viewer, 'error');
    let rejected: { code?: number } | null = null;
    await viewer.loadModel(text).catch((e) => (rejected = e));
    const raised = await error;
    expect(raised.code).to.equal(ErrorCode.UNSUPPORTED_FILE_EXTENSION);
    expect(rejected!.code).to.equal(ErrorCode.UNSUPPORTED_FILE_EXTENSION);
    expect(raised.message.startsWith('File extension not supported: ')).to.equal(true);
    for (const signature of FORMAT_SIGNATURES) expect(raised.message).to.include(signature.name);
    expect(viewer.getVisibleModels()).to.have.length(0);
  });

  it('opens a zip holding a drawing as that drawing (the first by name of several)', async () => {
    const detail = sampleUrl('2d/dxf-parser_api-cw750-details.dxf');
    const direct = await viewer.loadModel(detail);
    const expected = shape(direct);
    viewer.unloadModel(direct);
    const zip = await zipOf({ 'sheets/b-detail.dxf': detail, 'sheets/c-visibility.dxf': sampleUrl('2d/ezdxf_visibility.dxf'), 'readme.md': sampleUrl('SOURCES.md') });
    const url = URL.createObjectURL(new Blob([zip as BlobPart]));
    const { result: model, warnings } = await withWarnings(viewer, () => viewer.loadModel(url, { fileExtension: 'zip', fileName: 'sheets.zip' }));
    expect(model.is2d()).to.equal(true);
    expect(shape(model)).to.deep.equal(expected);
    expect(warnings.some((w) => w.includes('sheets.zip holds 2 .dxf files: sheets/b-detail.dxf is shown.'))).to.equal(true);
    viewer.unloadModel(model);
    const pdf = await zipOf({ 'plot.pdf': sampleUrl('2d/pdfjs_Test-plusminus_ocg.pdf') });
    expect((await viewer.loadModel(URL.createObjectURL(new Blob([pdf as BlobPart])))).is2d(), 'a zip at a URL without an extension').to.equal(true);
  });

  it('says a zip that holds neither an SVF nor an IFC has no viewable content', async () => {
    const zip = URL.createObjectURL(new Blob([(await zipOf({ 'notes/readme.txt': sampleUrl('SOURCES.md') })) as BlobPart]));
    const error = nextEvent(viewer, 'error');
    await viewer.loadModel(zip).catch(() => {});
    const raised = await error;
    expect(raised.code).to.equal(ErrorCode.BAD_DATA_NO_VIEWABLE_CONTENT);
    expect(raised.message).to.include('holds no .svf, .ifc, .dxf or .pdf file');
  });
});
