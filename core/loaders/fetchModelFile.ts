import { ErrorCode } from '../viewer/ErrorCodes.js';
import { ViewerError } from '../viewer/ViewerError.js';

/**
 * Fetches a model file; HTTP and network failures become ViewerErrors with the spec's codes. `cache` is
 * the fetch's cache mode ('no-cache': the browser's copy is used only once the server says it is current).
 */
export async function fetchModelFile(url: string, headers: Record<string, string>, withCredentials: boolean, cache: RequestCache = 'default'): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { headers, credentials: withCredentials ? 'include' : 'same-origin', cache });
  } catch (reason) {
    throw new ViewerError(ErrorCode.NETWORK_FAILURE, `Network error while loading ${url}: ${String((reason as Error)?.message ?? reason)}`);
  }
  if (!response.ok) throw ViewerError.fromHttpStatus(response.status, response.statusText, url);
  return response;
}
