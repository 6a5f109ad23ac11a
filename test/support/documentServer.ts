import { documentServerUrl } from './helpers.js';

/** What the local document server lists at /documents.json. */
export interface ServedDocuments {
  documents: {
    name: string;
    urn: string;
    manifests: { derivativeV2: string; modelDerivativeV2: string; fluent: string };
    bundles: { folder: string; bubble: string; zip: string; svf: string };
  }[];
  problems: Record<string, string>;
  tokenUrl: string;
}

export async function servedDocuments(): Promise<ServedDocuments> {
  return (await fetch(documentServerUrl('/documents.json'))).json();
}

/** A token from the server's /auth/token (an OAuth stand-in), valid for the given seconds. */
export async function issueToken(expiresInSeconds = 3600): Promise<{ access_token: string; expires_in: number }> {
  const response = await fetch(documentServerUrl(`/auth/token?expires_in=${expiresInSeconds}`), { method: 'POST' });
  return response.json();
}
