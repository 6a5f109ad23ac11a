import { expect } from '@esm-bundle/chai';
import { ErrorCode, type Model, Viewer } from '../../../../core/index.js';
import { capture, changedPixels, createContainer, nextEvent, sampleUrl } from '../../../support/helpers.js';

type Json = Record<string, any>;

/** A .gltf served from memory (its buffers and images named by absolute URLs). */
function gltfUrl(json: Json): string {
  return URL.createObjectURL(new Blob([JSON.stringify(json)], { type: 'model/gltf+json' }));
}

async function sampleJson(name: string): Promise<Json> {
  return (await fetch(sampleUrl(`gltf/${name}`))).json();
}

/**
 * CubeHierarchy.gltf with a second buffer that answers 404: the blue cube's data is in it, the red and
 * green cubes' in the real CubeHierarchy.bin.
 */
async function cubesWithMissingBuffer(missingUrl: string): Promise<Json> {
  const json = await sampleJson('CubeHierarchy.gltf');
  json.buffers = [{ ...json.buffers[0], uri: sampleUrl('gltf/CubeHierarchy.bin') }, { ...json.buffers[0], uri: missingUrl }];
  const views = json.bufferViews.length;
  json.bufferViews.push(...json.bufferViews.map((view: Json) => ({ ...view, buffer: 1 })));
  const accessors = json.accessors.length;
  json.accessors.push(...json.accessors.map((accessor: Json) => ({ ...accessor, bufferView: accessor.bufferView + views })));
  const blue = json.meshes.findIndex((mesh: Json) => mesh.name === 'Blue cube');
  const primitive = json.meshes[blue].primitives[0];
  primitive.indices += accessors;
  for (const name of Object.keys(primitive.attributes)) primitive.attributes[name] += accessors;
  return json;
}

function loadedFragments(model: Model): number[] {
  const loaded: number[] = [];
  for (let f = 0; f < model.fragments.count; f++) if (model.fragments.isLoaded(f)) loaded.push(f);
  return loaded;
}

describe('glTF: a buffer or image that is not there', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;

  beforeEach(() => {
    container = createContainer(200, 150);
    viewer = new Viewer(container, { language: 'en' });
    viewer.start();
  });
  afterEach(() => {
    viewer.finish();
    container.remove();
  });

  it('raises the missing-file error (code 5, naming the buffer) and keeps what did load, and the models before', async () => {
    const car = await viewer.loadModel(sampleUrl('gltf/car.glb'));
    const missing = sampleUrl('gltf/CubeHierarchy-gone.bin');
    const error = nextEvent(viewer, 'error');
    const loaded = nextEvent(viewer, 'geometry-loaded');
    const model = await viewer.loadModel(gltfUrl(await cubesWithMissingBuffer(missing)), { fileExtension: 'gltf', fileName: 'cubes.gltf', applyHomeView: true });
    expect((await loaded).model).to.equal(model);
    const raised = await error;
    expect(raised.code).to.equal(ErrorCode.NETWORK_FILE_NOT_FOUND);
    expect(raised.httpStatus).to.equal(404);
    expect(raised.message).to.include(missing);
    expect(viewer.stores.$lastError.get()).to.deep.equal(raised);
    // The red (twice) and green cubes are in; the blue one, whose data was in the missing buffer, is not.
    expect(model.fragments.count).to.equal(4);
    const tree = model.getInstanceTree();
    const names = loadedFragments(model).map((f) => tree.getNodeName(tree.getNodeParentId(model.fragments.getDbId(f))));
    expect(names).to.have.length(3);
    expect(model.isIncomplete()).to.equal(true);
    expect(model.getMissingParts()).to.deep.equal([missing]);
    expect(viewer.getVisibleModels()).to.deep.equal([car, model]);
  });

  it('draws what the other buffer holds', async () => {
    const empty = capture(viewer);
    await viewer.loadModel(gltfUrl(await cubesWithMissingBuffer(sampleUrl('gltf/gone.bin'))), { fileExtension: 'gltf' }).catch(() => {});
    expect(changedPixels(empty, capture(viewer)).length).to.be.greaterThan(0.02 * 200 * 150);
  });

  it('raises code 5 naming a texture image that is not there; the geometry draws without it', async () => {
    const json = await sampleJson('properties.gltf');
    const image = sampleUrl('gltf/no-such-texture.png');
    json.images = [{ uri: image }];
    json.textures = [{ source: 0 }];
    json.materials[0].pbrMetallicRoughness.baseColorTexture = { index: 0 };
    const empty = capture(viewer);
    const error = nextEvent(viewer, 'error');
    const model = await viewer.loadModel(gltfUrl(json), { fileExtension: 'gltf', fileName: 'textured.gltf' });
    const raised = await error;
    expect(raised).to.include({ code: ErrorCode.NETWORK_FILE_NOT_FOUND, httpStatus: 404 });
    expect(raised.message).to.include(image);
    expect(model.getMissingParts()).to.deep.equal([image]);
    expect(loadedFragments(model)).to.have.length(model.fragments.count);
    expect(changedPixels(empty, capture(viewer)).length).to.be.greaterThan(0.02 * 200 * 150);
  });

  it('says a complete model is complete, and closes the last error once one loads without any', async () => {
    const error = nextEvent(viewer, 'error');
    await viewer.loadModel(gltfUrl(await cubesWithMissingBuffer(sampleUrl('gltf/gone.bin'))), { fileExtension: 'gltf' });
    await error;
    expect(viewer.stores.$lastError.get()?.code).to.equal(ErrorCode.NETWORK_FILE_NOT_FOUND);
    const model = await viewer.loadModel(sampleUrl('gltf/CubeHierarchy.gltf'));
    expect(model.isIncomplete()).to.equal(false);
    expect(model.getMissingParts()).to.deep.equal([]);
    expect(viewer.stores.$lastError.get()).to.equal(null);
  });
});
