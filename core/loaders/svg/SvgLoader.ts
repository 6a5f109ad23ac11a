import type { Model } from '../../model/Model.js';
import { fetchModelFile } from '../fetchModelFile.js';
import { loadCancelledError } from '../loadCancellation.js';
import type { ModelLoader, ModelLoadRequest, ModelLoadSink } from '../LoaderRegistry.js';
import { WorkerFormatLoader } from '../WorkerFormatLoader.js';
import { decodeSvg } from './decodeSvg.js';
import { readSvg } from './readSvg.js';
import { SVG_DRAWING_OPTION } from './SvgDrawing.js';

/**
 * SVG (and .svgz, gzipped): read on the page (DOMParser, which workers lack) into a sketch, objects and layers (readSvg); the
 * loader worker then packs it like any 2D drawing and keeps its properties, through the path every
 * worker format takes (WorkerFormatLoader, format 'svg'). The walk over the document gives the page back as it
 * goes; SVGLoader's parse before it is one task (some 0.4 s for the 0.6 MB house plan here).
 */
export class SvgLoader implements ModelLoader {
  readonly drawsText = true;
  private readonly worker = new WorkerFormatLoader('svg');

  async load(request: ModelLoadRequest, sink: ModelLoadSink): Promise<Model> {
    const { signal } = request;
    if (signal?.aborted) throw loadCancelledError();
    const text = decodeSvg(new Uint8Array(await (await fetchModelFile(request.url, request.headers, request.withCredentials)).arrayBuffer()), request.fileName);
    if (signal?.aborted) throw loadCancelledError();
    sink.progress(10);
    const drawing = await readSvg(text, request.fileName, signal, request.url);
    sink.progress(40);
    return this.worker.load({ ...request, options: { ...request.options, [SVG_DRAWING_OPTION]: drawing } }, sink);
  }
}
