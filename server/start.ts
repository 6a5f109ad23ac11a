import { createServer } from 'vite';

/**
 * `npm start`: the demo with live sources (vite), at a printed local address. Later issues add the
 * project's own servers (document server, live review) here.
 */
const port = Number(process.env.PORT ?? 5173);
const vite = await createServer({ configFile: new URL('../vite.config.ts', import.meta.url).pathname, server: { port, host: 'localhost' } });
await vite.listen();
const address = vite.resolvedUrls?.local[0] ?? `http://localhost:${port}/`;
console.log(`\n  design-viewer demo: ${new URL('demo/', address).href}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void vite.close().then(() => process.exit(0)));
}
