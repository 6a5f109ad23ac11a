import { DEFAULT_REVIEW_ORIGINS, startReviewServer } from './reviewServer.js';

/**
 * `npm run review-server`: the live review server on its own. Settings from the environment:
 * REVIEW_PORT (default 5181), REVIEW_HOST (default 0.0.0.0), REVIEW_ORIGINS (comma-separated browser
 * origins, default pages on localhost), REVIEW_SECRET (the token clients send; default the demo's),
 * REDIS_URL (rooms across several processes, history kept in Redis).
 */
const origins = process.env.REVIEW_ORIGINS ? process.env.REVIEW_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean) : DEFAULT_REVIEW_ORIGINS;
const server = await startReviewServer({
  port: Number(process.env.REVIEW_PORT ?? 5181),
  host: process.env.REVIEW_HOST ?? '0.0.0.0',
  origins,
  redisUrl: process.env.REDIS_URL || null,
});
console.log(`  live review server: ${server.url}${process.env.REDIS_URL ? ` (Redis ${process.env.REDIS_URL})` : ''}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void server.close().then(() => process.exit(0)));
