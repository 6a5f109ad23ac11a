import type { GLTFParser } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { ErrorCode, errorCodeForHttpStatus } from '../../viewer/ErrorCodes.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import type { WorkerLoadContext } from '../WorkerLoadContext.js';

/**
 * A buffer or image the glTF names could not be fetched: the model loads without it, says it is
 * incomplete, and raises the error of the failure (spec 001 §8: code 5 for a file that is not there),
 * naming the file.
 */
export function reportMissingFile(context: WorkerLoadContext, uri: string, reason: unknown): void {
  const { fileName, url } = context.request;
  const status = httpStatusOf(reason);
  const name = uri.startsWith('data:') ? 'an embedded data URI' : uri;
  let error: ViewerError;
  if (status !== undefined) {
    error = new ViewerError(errorCodeForHttpStatus(status), `${fileName}: ${name} could not be loaded (HTTP ${status}); the model is shown without it.`, status);
  } else {
    // A local file (blob: URL) whose companion files were not chosen with it, or a network failure.
    const code = url.startsWith('blob:') || reason instanceof ViewerError ? ErrorCode.NETWORK_FILE_NOT_FOUND : ErrorCode.NETWORK_FAILURE;
    const detail = reason instanceof Error ? reason.message : String(reason);
    error = new ViewerError(code, `${fileName}: ${name} could not be loaded (${detail}); the model is shown without it.`);
  }
  context.missingPart(uri, error);
}

/**
 * Fetches the images a glTF names by URI (not those inside it) with the load's headers, before GLTFLoader
 * asks for them, so that a missing one is known as missing (GLTFLoader's image loader reads a 404 page
 * as an image it cannot decode). Each image found is handed to GLTFLoader as an object URL; the returned
 * function revokes them.
 */
export async function fetchExternalImages(json: { images?: { uri?: string }[] }, context: WorkerLoadContext, urlOf: (uri: string) => string | null): Promise<() => void> {
  const objectUrls: string[] = [];
  await Promise.all(
    (json.images ?? []).map(async (image) => {
      const uri = image.uri;
      if (!uri || uri.startsWith('data:') || uri.startsWith('blob:')) return;
      try {
        const url = urlOf(uri);
        if (!url) throw new ViewerError(ErrorCode.NETWORK_FILE_NOT_FOUND, 'not chosen with the model');
        const bytes = await (await context.fetch(url)).blob();
        image.uri = URL.createObjectURL(bytes);
        objectUrls.push(image.uri);
      } catch (reason) {
        reportMissingFile(context, uri, reason);
      }
    }),
  );
  return () => objectUrls.forEach((u) => URL.revokeObjectURL(u));
}

/**
 * Has GLTFLoader fetch a glTF's external buffers through the load's context (its headers, credentials and
 * local files), so that a failure keeps its HTTP status: GLTFLoader's own reports only that it failed.
 */
export function fetchBuffersThroughContext(parser: GLTFParser, context: WorkerLoadContext, urlOf: (uri: string) => string | null): void {
  const loadBuffer = parser.loadBuffer.bind(parser);
  parser.loadBuffer = async (index) => {
    const uri = (parser.json as { buffers?: { uri?: string }[] }).buffers?.[index]?.uri;
    // The GLB's own binary chunk, and data URIs, need no request.
    if (!uri || uri.startsWith('data:')) return loadBuffer(index);
    const url = urlOf(uri);
    if (!url) throw new ViewerError(ErrorCode.NETWORK_FILE_NOT_FOUND, 'not chosen with the model');
    return (await context.fetch(url)).arrayBuffer();
  };
}

/** The HTTP status of a failed fetch: a ViewerError's, or three's HttpError's response. */
function httpStatusOf(reason: unknown): number | undefined {
  if (reason instanceof ViewerError) return reason.httpStatus;
  const response = (reason as { response?: { status?: unknown } } | null)?.response;
  return typeof response?.status === 'number' ? response.status : undefined;
}
