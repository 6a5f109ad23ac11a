import type { ServedDocument } from './DocumentStore.js';

/**
 * Manifests that break one rule each (spec 001 §4, §5, §8), served beside the real documents so that
 * hosts and tests can see how the viewer answers them. Only manifests: the files they name are the
 * real sample's.
 */
export function problemManifests(sample: ServedDocument | undefined): Record<string, Record<string, unknown>> {
  const svfUrn = sample ? `urn:adsk.viewing:fs.file:${sample.id}/output/${sample.svf}` : 'urn:adsk.viewing:fs.file:none/output/0.svf';
  const geometry = (fields: Record<string, unknown>, resource: Record<string, unknown> = { urn: svfUrn }) => ({
    guid: 'problem-geometry',
    type: 'geometry',
    role: '3d',
    name: 'Problem viewable',
    status: 'success',
    ...fields,
    children: [{ guid: 'problem-svf', type: 'resource', role: 'graphics', mime: 'application/autodesk-svf', ...resource }],
  });
  const design = (name: string, children: unknown[]) => ({ guid: `problem-${name}`, type: 'design', name, status: 'success', children });
  return {
    malicious: design('malicious', [geometry({ name: 'Sheet <script>alert(1)</script>' })]),
    'no-viewables': design('no-viewables', [{ guid: 'folder', type: 'folder', name: 'Empty', children: [] }]),
    'missing-urn': design('missing-urn', [geometry({}, {})]),
    'file-urn': design('file-urn', [geometry({}, { urn: '$file$' })]),
    failed: design('failed', [geometry({ status: 'failed', messages: [{ type: 'error', code: 'Translation-Failed', message: 'The translation failed.' }] })]),
    processing: design('processing', [geometry({ status: 'inprogress', progress: '40% complete' })]),
    // A sheet only as F2D (Autodesk's 2D format, which no freely licensed sample shows): error 13.
    'f2d-sheet': design('f2d-sheet', [geometry({ role: '2d', name: 'Sheet A-101' }, { guid: 'problem-f2d', role: 'graphics', mime: 'application/autodesk-f2d', urn: 'urn:adsk.viewing:fs.file:none/output/Sheet/primaryGraphics.f2d' })]),
  };
}

/** Problem documents answered with an HTTP status instead of a manifest. */
export const PROBLEM_STATUSES: Record<string, number> = {
  'server-error': 500,
  forbidden: 403,
  teapot: 418,
};

export function problemIdOf(name: string): string {
  return Buffer.from(`urn:adsk.objects:os.object:design-viewer-problem/${name}`).toString('base64url');
}
