import { formatParsers } from './formatParsers.js';
import type { FormatParser } from './WorkerLoadContext.js';

/** The format parsers the loader worker runs, by the format name the main thread's loaders send; each imported at its first use. */
export const workerFormats: Record<string, FormatParser> = {
  ...formatParsers,
  zip: async (context) => (await import('./sniffing/parseZip.js')).parseZip(context),
  // Files whose URL has no extension: their first bytes tell the format.
  sniff: async (context) => (await import('./sniffing/parseSniffed.js')).parseSniffed(context),
};
