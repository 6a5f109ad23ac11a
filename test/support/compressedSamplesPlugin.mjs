// Compressed copies of the real samples, made by glTF Transform with the reference encoders (Draco's
// draco3dgltf and meshoptimizer), for the loader tests of KHR_draco_mesh_compression and
// EXT_meshopt_compression. Tests ask for one with executeServerCommand('compressed-sample', { sample,
// method }) and get the URL path of a file written under test/.generated/ (ignored by git).
import { mkdirSync, existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');
const samples = join(root, 'demo', 'samples');
const output = join(root, 'test', '.generated');

let ioPromise = null;
async function io() {
  ioPromise ??= (async () => {
    const { NodeIO } = await import('@gltf-transform/core');
    const { ALL_EXTENSIONS } = await import('@gltf-transform/extensions');
    const draco3d = (await import('draco3dgltf')).default;
    const { MeshoptEncoder, MeshoptDecoder } = await import('meshoptimizer');
    await MeshoptEncoder.ready;
    await MeshoptDecoder.ready;
    return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
      'draco3d.encoder': await draco3d.createEncoderModule(),
      'draco3d.decoder': await draco3d.createDecoderModule(),
      'meshopt.encoder': MeshoptEncoder,
      'meshopt.decoder': MeshoptDecoder,
    });
  })();
  return ioPromise;
}

async function compress(sample, method) {
  const name = `${basename(sample).replace(/\.(glb|gltf)$/i, '')}-${method}.glb`;
  const file = join(output, name);
  if (!existsSync(file)) {
    const { draco, meshopt, reorder } = await import('@gltf-transform/functions');
    const { MeshoptEncoder } = await import('meshoptimizer');
    const document = await (await io()).read(join(samples, sample));
    if (method === 'draco') await document.transform(draco());
    else if (method === 'meshopt') await document.transform(reorder({ encoder: MeshoptEncoder }), meshopt({ encoder: MeshoptEncoder }));
    else throw new Error(`Unknown compression: ${method}`);
    mkdirSync(output, { recursive: true });
    await (await io()).write(file, document);
  }
  return `/test/.generated/${name}`;
}

export function compressedSamplesPlugin() {
  return {
    name: 'compressed-samples',
    async executeCommand({ command, payload }) {
      if (command !== 'compressed-sample') return undefined;
      return compress(payload.sample, payload.method);
    },
  };
}
