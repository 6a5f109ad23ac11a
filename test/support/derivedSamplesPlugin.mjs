// Copies of the real samples rewritten by glTF Transform, for the loader tests: compressed with the
// reference encoders (Draco's draco3dgltf, meshoptimizer), or with textures that require an extension the
// viewer cannot decode (KHR_texture_basisu). Tests ask for one with executeServerCommand('derived-sample',
// { sample, variant }) and get the URL path of a file written under test/.generated/ (ignored by git).
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

async function derive(sample, variant) {
  const name = `${basename(sample).replace(/\.(glb|gltf)$/i, '')}-${variant}.glb`;
  const file = join(output, name);
  if (!existsSync(file)) {
    const { draco, meshopt, reorder } = await import('@gltf-transform/functions');
    const { KHRTextureBasisu } = await import('@gltf-transform/extensions');
    const { MeshoptEncoder } = await import('meshoptimizer');
    const document = await (await io()).read(join(samples, sample));
    if (variant === 'draco') await document.transform(draco());
    else if (variant === 'meshopt') await document.transform(reorder({ encoder: MeshoptEncoder }), meshopt({ encoder: MeshoptEncoder }));
    else if (variant === 'ktx2-required') {
      // The images keep their bytes; the file says they are KTX2 and that a reader must decode them.
      document.createExtension(KHRTextureBasisu).setRequired(true);
      for (const texture of document.getRoot().listTextures()) texture.setMimeType('image/ktx2');
    } else throw new Error(`Unknown variant: ${variant}`);
    mkdirSync(output, { recursive: true });
    await (await io()).write(file, document);
  }
  return `/test/.generated/${name}`;
}

export function derivedSamplesPlugin() {
  return {
    name: 'derived-samples',
    async executeCommand({ command, payload }) {
      if (command !== 'derived-sample') return undefined;
      return derive(payload.sample, payload.variant);
    },
  };
}
