// Real input the built-in commands lack, driven through Playwright's page: the mouse wheel, and
// touch (issue 4). Tests call them with executeServerCommand from @web/test-runner-commands.
export function inputCommandsPlugin() {
  return {
    name: 'input-commands',
    async executeCommand({ command, payload, session }) {
      if (session.browser.type !== 'playwright') return undefined;
      const page = session.browser.getPage(session.id);
      if (command === 'mouse-wheel') {
        const { x, y, deltaX = 0, deltaY } = payload;
        await page.mouse.move(x, y);
        await page.mouse.wheel(deltaX, deltaY);
        return true;
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
