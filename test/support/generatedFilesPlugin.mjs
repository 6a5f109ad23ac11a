// Files a test makes in the browser (tile pyramids cut from a sample's texture, zips of them) written under
// test/.generated/<folder>/ (ignored by git), so that the dev server serves them as real files. Tests ask with
// executeServerCommand('write-generated-files', { folder, files: { 'path/in/folder': base64 } }) and get the
// folder's URL path. The folder is emptied first.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');
const output = join(root, 'test', '.generated');

export function generatedFilesPlugin() {
  return {
    name: 'generated-files',
    async executeCommand({ command, payload }) {
      if (command !== 'write-generated-files') return undefined;
      const folder = resolve(output, payload.folder);
      if (!folder.startsWith(output + sep)) throw new Error(`Not under test/.generated: ${payload.folder}`);
      rmSync(folder, { recursive: true, force: true });
      for (const [path, base64] of Object.entries(payload.files)) {
        const file = resolve(folder, path);
        if (!file.startsWith(folder + sep)) throw new Error(`Not under ${payload.folder}: ${path}`);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, Buffer.from(base64, 'base64'));
      }
      return `/test/.generated/${payload.folder}/`;
    },
  };
}
