// The live review server for the browser tests, driven from a test through executeServerCommand: real
// servers (server/review/) on free loopback ports, with or without the test set-up's Redis, stopped and
// started again on the same port (a restart in the middle of a review); and more real pages of the same
// browser, each a reviewer of its own (a test page opens them, drives them and closes them).
import { tsImport } from 'tsx/esm/api';
import { startRedis } from './redisServer.mjs';

const { startReviewServer } = await tsImport('../../server/review/reviewServer.ts', import.meta.url);

/** The secret the test servers share with the test pages. */
export const TEST_REVIEW_SECRET = 'review-test-secret';

export function reviewServerPlugin() {
  const servers = new Map();
  const pages = new Map();
  let nextId = 1;
  let redis;
  const redisUrl = async () => {
    redis ??= startRedis();
    return (await redis)?.url ?? null;
  };
  const start = async ({ redis: withRedis = false, port = 0, rates } = {}) => {
    const server = await startReviewServer({ port, secret: TEST_REVIEW_SECRET, origins: ['*'], redisUrl: withRedis ? await redisUrl() : null, rates });
    return server;
  };

  return {
    name: 'review-server',
    async executeCommand({ command, payload = {}, session }) {
      switch (command) {
        case 'review-server-start': {
          const server = await start(payload);
          const id = nextId++;
          servers.set(id, { server, options: payload });
          return { id, url: server.url, secret: TEST_REVIEW_SECRET };
        }
        case 'review-server-stop': {
          const entry = servers.get(payload.id);
          servers.delete(payload.id);
          await entry?.server.close();
          return true;
        }
        case 'review-server-restart': {
          // Down for `downMs`, then up again on the same port.
          const entry = servers.get(payload.id);
          const port = Number(new URL(entry.server.url).port);
          await entry.server.close();
          await new Promise((resolve) => setTimeout(resolve, payload.downMs ?? 500));
          entry.server = await start({ ...entry.options, port });
          return { url: entry.server.url };
        }
        case 'review-server-connections':
          return servers.get(payload.id)?.server.connectionCount() ?? 0;
        case 'review-redis-url':
          return redisUrl();
        case 'review-page-open': {
          // Another page of the test's browser at a URL of the test server ({ path }), with a fake camera.
          if (session.browser.type !== 'playwright') return null;
          const testPage = session.browser.getPage(session.id);
          const page = await testPage.context().newPage();
          const problems = [];
          page.on('console', (message) => {
            if (message.type() === 'error' || /WebGL|GL_/.test(message.text())) problems.push(message.text());
          });
          page.on('pageerror', (error) => problems.push(String(error)));
          await page.goto(new URL(payload.path, testPage.url()).href);
          const id = nextId++;
          pages.set(id, { page, problems });
          return id;
        }
        case 'review-page-eval': {
          // Runs `expression` (an async function's source, given `arg`) in that page: { value } (a command that
          // answered undefined or null would count as unknown).
          const { page } = pages.get(payload.id);
          return { value: await page.evaluate(`(${payload.expression})(${JSON.stringify(payload.arg ?? null)})`) };
        }
        case 'review-page-wheel': {
          // A real wheel turn in that page at ({ x, y }) of its viewport: input that takes control of a review.
          const { page } = pages.get(payload.id);
          await page.mouse.move(payload.x, payload.y);
          for (let i = 0; i < (payload.repeat ?? 1); i++) await page.mouse.wheel(0, payload.deltaY ?? 120);
          return true;
        }
        case 'review-page-problems':
          return pages.get(payload.id)?.problems ?? [];
        case 'review-page-close': {
          const entry = pages.get(payload.id);
          pages.delete(payload.id);
          await entry?.page.close();
          return true;
        }
        default:
          return undefined;
      }
    },
    async serverStop() {
      for (const { server } of servers.values()) await server.close();
      (await redis)?.stop();
    },
  };
}
