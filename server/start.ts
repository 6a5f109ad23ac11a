import { createServer } from 'vite';
import { startDocumentServer } from './documentServer.js';
import { DEMO_REVIEW_SECRET, startReviewServer } from './review/reviewServer.js';

/**
 * `npm start`: the demo with live sources (vite), the local document server (the SVF samples as documents
 * and bundles) and the live review server, each at a printed local address. The demo learns the document
 * server's address from VITE_DOCUMENT_SERVER, the review server's and its token from VITE_REVIEW_SERVER and
 * VITE_REVIEW_TOKEN (REVIEW_SECRET, else the demo's shared secret; REDIS_URL spans several processes).
 */
const port = Number(process.env.PORT ?? 5173);
const documents = await startDocumentServer({ port: Number(process.env.DOCUMENT_PORT ?? port + 7) }).catch(() => startDocumentServer({ port: 0 }));
process.env.VITE_DOCUMENT_SERVER = documents.url;
const reviewOptions = { host: '0.0.0.0', redisUrl: process.env.REDIS_URL || null };
const review = await startReviewServer({ ...reviewOptions, port: Number(process.env.REVIEW_PORT ?? port + 8) }).catch(() => startReviewServer({ ...reviewOptions, port: 0 }));
process.env.VITE_REVIEW_SERVER = review.url;
process.env.VITE_REVIEW_TOKEN = process.env.REVIEW_SECRET ?? DEMO_REVIEW_SECRET;
const vite = await createServer({ configFile: new URL('../vite.config.ts', import.meta.url).pathname, server: { port, host: 'localhost' } });
await vite.listen();
const address = vite.resolvedUrls?.local[0] ?? `http://localhost:${port}/`;
console.log(`\n  design-viewer demo: ${new URL('demo/', address).href}`);
console.log(`  document server:    ${documents.url}/documents.json`);
console.log(`  live review server: ${review.url}${process.env.REDIS_URL ? ` (Redis ${process.env.REDIS_URL})` : ''}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void Promise.all([vite.close(), documents.close(), review.close()]).then(() => process.exit(0)));
}
