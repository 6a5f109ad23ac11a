/**
 * Browser contexts handed from one test file to the next (each in use by one file at a time): the HTTP cache
 * they keep spares every file but the first of a context downloading the 250 modules of core again (8–12 MB,
 * about 2 s a file). A file's pages, cookies and permissions go when it ends; its storage is cleared as the
 * next file's page starts (testRunnerHtml).
 *
 * web-test-runner lets the browser cache every file with an extension for the run (not while watching), so a
 * URL must keep its content for the whole run: the files tests generate are written under a folder named
 * for what they hold (test/.generated/<name>/).
 *
 * Returns a `createBrowserContext` for web-test-runner's playwright launcher, one pool per launcher (a context
 * belongs to its browser).
 */
export function pooledContexts(options) {
  const free = [];
  return async ({ browser }) => {
    let context = free.pop();
    while (context && !context.browser()?.isConnected()) context = free.pop();
    context ??= await browser.newContext(options);
    // The launcher closes the context when the file's session ends: that hands it back instead.
    return new Proxy(context, {
      get(target, property) {
        if (property === 'close') {
          return async () => {
            await Promise.all(target.pages().map((page) => page.close()));
            await target.clearCookies();
            await target.clearPermissions();
            free.push(target);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
}
