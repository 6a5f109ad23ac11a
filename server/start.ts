import { createServer } from 'vite';
import { startDocumentServer } from './documentServer.js';

/**
 * `npm start`: the demo with live sources (vite), and the local document server (the SVF samples as
 * documents and bundles), each at a printed local address. The demo learns the document server's
 * address from VITE_DOCUMENT_SERVER.
 */
const port = Number(process.env.PORT ?? 5173);
const documents = await startDocumentServer({ port: Number(process.env.DOCUMENT_PORT ?? port + 7) }).catch(() => startDocumentServer({ port: 0 }));
process.env.VITE_DOCUMENT_SERVER = documents.url;
const vite = await createServer({ configFile: new URL('../vite.config.ts', import.meta.url).pathname, server: { port, host: 'localhost' } });
await vite.listen();
const address = vite.resolvedUrls?.local[0] ?? `http://localhost:${port}/`;
console.log(`\n  design-viewer demo: ${new URL('demo/', address).href}`);
console.log(`  document server:    ${documents.url}/documents.json\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void Promise.all([vite.close(), documents.close()]).then(() => process.exit(0)));
}
