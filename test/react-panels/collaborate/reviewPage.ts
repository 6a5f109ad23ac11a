// Another reviewer, in a page of its own (the live review test opens it in the same browser): a viewer of
// the model from `?model=` that joins the room `?room=` of the server `?server=` as `?name=`; or, opened as an
// invitation (`?invited=true&review=<room>`, no name), that shows the join prompt by itself.
import '../../../elements/index.js';
import type { CollaborateExtension } from '../../../core/index.js';
import type { DesignViewerElement } from '../../../elements/index.js';

const query = new URLSearchParams(location.search);
const element = document.createElement('design-viewer') as DesignViewerElement;
element.style.cssText = 'display:block;width:640px;height:400px';
element.config = { extensionOptions: { collaborate: { token: query.get('token'), roomId: query.get('room') ?? undefined, name: query.get('name') ?? undefined } } };
element.setAttribute('language', 'en');
element.setAttribute('realtime-server', query.get('server')!);
element.setAttribute('src', query.get('model')!);
document.body.appendChild(element);

/** Resolves once this page's viewer has joined the review. */
(window as { reviewJoined?: Promise<void> }).reviewJoined = new Promise<void>((resolve) => {
  element.addEventListener('geometry-loaded', () => {
    const poll = () => {
      const review = element.viewer?.getExtension<CollaborateExtension>('collaborate');
      if (!review) return setTimeout(poll, 50);
      const stop = review.$phase.subscribe((phase) => {
        if (phase === 'joined') {
          queueMicrotask(() => stop());
          resolve();
        }
      });
      if (query.get('name')) element.viewer!.ui.openPanel('collaborate');
    };
    poll();
  });
});
