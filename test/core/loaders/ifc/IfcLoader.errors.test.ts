import { expect } from '@esm-bundle/chai';
import { ErrorCode, Viewer, type ViewerError } from '../../../../core/index.js';
import { capture, changedPixels, createContainer, nextEvent, sampleUrl } from '../../../support/helpers.js';

/** Loads bytes as an .ifc file and returns the rejection (or fails when it loads). */
async function loadBroken(viewer: Viewer, bytes: BlobPart, fileName: string): Promise<ViewerError> {
  const url = URL.createObjectURL(new Blob([bytes]));
  const reported = nextEvent(viewer, 'error');
  try {
    await viewer.loadModel(url, { fileExtension: 'ifc', fileName });
  } catch (error) {
    expect((await reported).code).to.equal((error as ViewerError).code);
    return error as ViewerError;
  } finally {
    URL.revokeObjectURL(url);
  }
  throw new Error(`${fileName} loaded`);
}

describe('IFC loader: broken input', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let house: ArrayBuffer;

  before(async () => {
    house = await fetch(sampleUrl('ifc/AC20-FZK-Haus.ifc')).then((r) => r.arrayBuffer());
  });
  beforeEach(() => {
    container = createContainer(200, 150);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  it('rejects a truncated file with bad data (code 2), saying it is truncated', async () => {
    const error = await loadBroken(viewer, house.slice(0, house.byteLength / 2), 'half.ifc');
    expect(error.code).to.equal(ErrorCode.BAD_DATA);
    expect(error.message).to.equal('half.ifc is truncated: it does not end with "END-ISO-10303-21;".');
  });

  it('rejects a file that is not IFC with bad data (code 2)', async () => {
    const glb = await fetch(sampleUrl('gltf/car.glb')).then((r) => r.arrayBuffer());
    const error = await loadBroken(viewer, glb, 'car.ifc');
    expect(error.code).to.equal(ErrorCode.BAD_DATA);
    expect(error.message).to.equal('car.ifc is not an IFC file: it does not begin with "ISO-10303-21;".');
    const step = 'ISO-10303-21;\nHEADER;\nFILE_SCHEMA((\'AP214\'));\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n';
    const other = await loadBroken(viewer, step, 'part.ifc');
    expect(other.code).to.equal(ErrorCode.BAD_DATA);
    expect(other.message).to.equal('part.ifc is a STEP file but not IFC (schema "AP214").');
  });

  it('rejects an IFC file whose data has no project with bad data (code 2)', async () => {
    const text = new TextDecoder().decode(house);
    const header = text.slice(0, text.indexOf('DATA;') + 5);
    const error = await loadBroken(viewer, `${header}\n#1=IFCWALL('x',$,$;\n#2=GARBLED((;\nENDSEC;\nEND-ISO-10303-21;\n`, 'garbled.ifc');
    expect(error.code).to.equal(ErrorCode.BAD_DATA);
    expect(error.message).to.equal('garbled.ifc has no IfcProject: there is no model to show.');
  });

  it('stays usable after a failure: the next IFC file loads and draws', async () => {
    expect((await loadBroken(viewer, house.slice(0, 1000), 'short.ifc')).message).to.contain('truncated');
    expect(viewer.getVisibleModels()).to.have.length(0);
    const before = capture(viewer);
    const model = await viewer.loadModel(sampleUrl('ifc/IfcOpenHouse_IFC4.ifc'));
    expect(viewer.getVisibleModels()).to.deep.equal([model]);
    const after = capture(viewer);
    expect(changedPixels(before, after).length).to.be.greaterThan(0.1 * after.width * after.height);
  });
});
