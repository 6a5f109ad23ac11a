import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { documentFile, type ServedDocument } from './DocumentStore.js';

/** What a partial bundle's route answers: the bytes to send, or a status for a file that is not there. */
export type PartialAnswer = { bytes: Uint8Array; file: string } | { status: number; error: string };

/** A partial bundle's files may be cached for an hour without asking again, as a CDN would let them. */
export const PARTIAL_BUNDLE_CACHE_CONTROL = 'public, max-age=3600';

/**
 * SVF samples with files taken away, for hosts and tests to see how the viewer loads a model whose
 * manifest names files that are not there. Each session (any name the client picks) has its own set of
 * removed files:
 * - `POST /partial/{session}/remove?file=0.pf` removes a file from the session's bundles;
 * - `GET /partial/{session}/{name}/{file}` serves the sample folder's files, cacheable for an hour
 *   (PARTIAL_BUNDLE_CACHE_CONTROL), and 404 for the removed ones;
 * - `GET /partial/{session}/{name}.zip` is the zip bundle without them. Each removed file is kept in it
 *   under `stale/`, where it must never stand in for the missing one.
 */
export class PartialBundles {
  private readonly removed = new Map<string, Set<string>>();

  constructor(private readonly documents: (name: string) => ServedDocument | undefined) {}

  /** Answers a request under /partial/ (`rest`: the path after it); null when the path is not one of its routes. */
  answer(method: string, rest: string, query: URLSearchParams): PartialAnswer | null {
    const [session, ...parts] = rest.split('/');
    if (!session || parts.length === 0) return null;
    const removed = this.removed.get(session) ?? new Set<string>();
    this.removed.set(session, removed);
    if (method === 'POST' && parts.join('/') === 'remove') {
      const file = query.get('file');
      if (!file) return { status: 400, error: 'Name the file to remove: ?file=' };
      removed.add(file);
      return { bytes: new TextEncoder().encode(JSON.stringify({ removed: [...removed] })), file: 'removed.json' };
    }
    const zipName = parts.length === 1 ? /^([^/]+)\.zip$/.exec(parts[0]) : null;
    if (zipName) {
      const document = this.documents(zipName[1]);
      return document ? { bytes: zipWithout(document, removed), file: `${document.name}.zip` } : { status: 404, error: 'No bundle' };
    }
    const [name, ...inner] = parts;
    const document = this.documents(name);
    const path = inner.join('/');
    if (!document || removed.has(path)) return { status: 404, error: 'Not found' };
    const file = documentFile(document, path);
    return file ? { bytes: new Uint8Array(readFileSync(file)), file } : { status: 404, error: 'Not found' };
  }
}

function zipWithout(document: ServedDocument, removed: Set<string>): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const file of readdirSync(document.folder)) {
    const path = join(document.folder, file);
    if (!statSync(path).isFile() || file.endsWith('.db')) continue;
    const entry = removed.has(file) ? `${document.name}/stale/${file}` : `${document.name}/${file}`;
    files[entry] = new Uint8Array(readFileSync(path));
  }
  return zipSync(files, { level: 1 });
}
