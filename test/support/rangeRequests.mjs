// HTTP Range requests on the files tests write under test/.generated/ (the dev server answers them with the
// whole file): a zip read by ranges (tiled images) is read as a server that honours them would serve it. A URL
// with `norange` in its query gets the whole file, as from a server that does not.
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');
const generated = join(root, 'test', '.generated');

export function rangeRequests() {
  return async (ctx, next) => {
    const range = /^bytes=(\d+)-(\d+)$/.exec(ctx.get('Range') ?? '');
    if (!range || !ctx.path.startsWith('/test/.generated/') || ctx.querystring.includes('norange')) return next();
    const file = resolve(root, `.${decodeURIComponent(ctx.path)}`);
    if (!file.startsWith(generated + sep) || !(await stat(file).catch(() => null))?.isFile()) return next();
    const bytes = await readFile(file);
    const start = Number(range[1]);
    const end = Math.min(Number(range[2]), bytes.length - 1);
    if (start > end) {
      ctx.status = 416;
      ctx.set('Content-Range', `bytes */${bytes.length}`);
      return;
    }
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${start}-${end}/${bytes.length}`);
    ctx.set('Accept-Ranges', 'bytes');
    ctx.type = 'application/octet-stream';
    ctx.body = bytes.subarray(start, end + 1);
  };
}
