// Real input the built-in commands lack, driven through Playwright's page: the mouse wheel, a double click, touch
// (through a Chrome DevTools Protocol session: Input.dispatchTouchEvent with several touch points, the
// way a touch screen reaches the page); and the page's own pixels (a screenshot of part of it). Tests call
// them with executeServerCommand from @web/test-runner-commands.

const sessions = new WeakMap();

async function cdpSession(page) {
  let session = sessions.get(page);
  if (!session) {
    session = await page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Touch points of one frame: [[x, y], ...] → CDP touch points, finger i keeping id i. */
const touchPoints = (frame) => frame.map(([x, y], id) => ({ x, y, id, radiusX: 4, radiusY: 4, force: 1 }));

export function inputCommandsPlugin() {
  return {
    name: 'input-commands',
    async executeCommand({ command, payload, session }) {
      if (session.browser.type !== 'playwright') return undefined;
      const page = session.browser.getPage(session.id);
      if (command === 'mouse-wheel') {
        // { x, y, deltaX?, deltaY, repeat? }: `repeat` wheel events in quick succession.
        const { x, y, deltaX = 0, deltaY, repeat = 1 } = payload;
        await page.mouse.move(x, y);
        for (let i = 0; i < repeat; i++) await page.mouse.wheel(deltaX, deltaY);
        return true;
      }
      if (command === 'touch-sequence') {
        // { frames: [[[x, y], ...], ...], delayMs?, release? }: fingers go down at the first frame, move
        // through the others and lift after the last (unless release is false).
        const { frames, delayMs = 16, release = true } = payload;
        const cdp = await cdpSession(page);
        for (let i = 0; i < frames.length; i++) {
          await cdp.send('Input.dispatchTouchEvent', { type: i === 0 ? 'touchStart' : 'touchMove', touchPoints: touchPoints(frames[i]) });
          if (delayMs) await sleep(delayMs);
        }
        if (release) await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        return true;
      }
      if (command === 'touch-tap') {
        // { points: [[x, y], ...], taps?, holdMs?, intervalMs? }: one or more taps with every finger.
        const { points, taps = 1, holdMs = 40, intervalMs = 120 } = payload;
        const cdp = await cdpSession(page);
        for (let tap = 0; tap < taps; tap++) {
          if (tap > 0) await sleep(intervalMs);
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: touchPoints(points) });
          await sleep(holdMs);
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        }
        return true;
      }
      if (command === 'mouse-double-click') {
        // { x, y }: a double click as a mouse makes it (the second press counts 2), so the page sees dblclick.
        await page.mouse.dblclick(payload.x, payload.y);
        return true;
      }
      if (command === 'grant-clipboard') {
        // Lets the page write and read the clipboard (navigator.clipboard), as a user's browser asks to.
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
        return true;
      }
      if (command === 'page-pixels') {
        // { x, y, width, height }: what the page shows there (canvas and chrome composited, as the user sees
        // it), as a PNG in base64.
        const png = await page.screenshot({ clip: payload, scale: 'css' });
        return png.toString('base64');
      }
      if (command === 'touch-press') {
        // One finger held still at (x, y) for durationMs: a long press (Chrome DevTools Protocol touch).
        const { x, y, durationMs = 700 } = payload;
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
        await new Promise((resolve) => setTimeout(resolve, durationMs));
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await cdp.detach();
        return true;
      }
      return undefined;
    },
  };
}
