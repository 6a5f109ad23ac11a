import { expect } from '@esm-bundle/chai';
import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands';
import { CALL_TEXTS, type CollaborateExtension, CONNECT_FAILED_TEXT, newRoomId } from '../../../core/index.js';
import type { DesignViewerElement } from '../../../elements/index.js';
import { sampleUrl } from '../../support/helpers.js';
import { $, $$, click, createViewerElement, exists, frame, removeViewerElements, toolbarButton, waitFor } from '../guiHelpers.js';

/**
 * Live review (issue 35; spec 000 §4, §7, §8; spec 001 §2 "Live review UI", §4, §5, §8) against the real
 * review server (server/review/, started by the test runner's review-server plugin on a free port): several
 * viewers, each its own client with its own socket (in this page, and in another page of the browser).
 */

interface StartedServer {
  id: number;
  url: string;
  secret: string;
}

const startServer = (options: { redis?: boolean } = {}) => executeServerCommand<StartedServer, typeof options>('review-server-start', options);
const stopServer = (id: number) => executeServerCommand('review-server-stop', { id });
const started: number[] = [];
const MODEL = 'gltf/car.glb';
/** Two to four viewers a test on a software GPU: the costly effects (occlusion, ground shadow, antialiasing) start off. */
const LIGHT = { quality: 'performance' } as const;

async function server(options: { redis?: boolean } = {}): Promise<StartedServer> {
  const running = await startServer(options);
  started.push(running.id);
  return running;
}

/** A viewer in the review: the element with the server set; `name` given, opening the panel joins at once. */
async function reviewer(running: StartedServer | string, roomId: string, name?: string, secret = 'none'): Promise<DesignViewerElement> {
  const url = typeof running === 'string' ? running : running.url;
  const token = typeof running === 'string' ? secret : running.secret;
  const element = await createViewerElement({ src: sampleUrl(MODEL), width: 400, height: 240, config: { ...LIGHT, extensionOptions: { collaborate: { token, roomId, name } } } });
  element.setAttribute('realtime-server', url);
  await waitFor(() => exists(element, '.dv-toolbar [data-item="collaborate"]'));
  return element;
}

const review = (element: DesignViewerElement) => element.viewer!.getExtension<CollaborateExtension>('collaborate')!;

async function join(element: DesignViewerElement): Promise<CollaborateExtension> {
  const extension = review(element);
  element.viewer!.ui.openPanel('collaborate');
  await waitFor(() => extension.$phase.get() === 'joined', 15000);
  return extension;
}

/** Ann and Bob in a new room of a server, both joined (Ann first: she drives). */
async function twoInReview(running: StartedServer) {
  const room = newRoomId('car');
  const [ann, bob] = [await reviewer(running, room, 'Ann'), await reviewer(running, room, 'Bob')];
  const annReview = await join(ann);
  const bobReview = await join(bob);
  await waitFor(() => annReview.client.$users.get().length === 2);
  return { ann, bob, annReview, bobReview };
}

const userNames = (element: DesignViewerElement) => $$(element, '.dv-review-user-name').map((name) => name.textContent);

function cameraOf(element: DesignViewerElement) {
  const camera = element.viewer!.navigation.getCamera();
  return [...camera.position.toArray(), ...camera.target.toArray()];
}

/** Whether two cameras are within a frame's tolerance (3 decimals, as the messages round). */
function sameCamera(a: number[], b: number[], tolerance = 2e-3): boolean {
  return a.every((value, i) => Math.abs(value - b[i]) <= tolerance * Math.max(1, Math.abs(b[i])));
}

/** A reviewer in another page of the browser (reviewPage.html), driven through the test runner. */
async function openReviewerPage(running: StartedServer, query: string) {
  const id = await executeServerCommand<number, { path: string }>('review-page-open', {
    path: `/test/react-panels/collaborate/reviewPage.html?server=${encodeURIComponent(running.url)}&token=${running.secret}&model=${encodeURIComponent(sampleUrl(MODEL))}&${query}`,
  });
  return {
    id,
    evaluate: async <T,>(expression: string, arg: unknown = null) =>
      (await executeServerCommand<{ value: T }, { id: number; expression: string; arg: unknown }>('review-page-eval', { id, expression, arg })).value,
    problems: () => executeServerCommand<string[], { id: number }>('review-page-problems', { id }),
    close: () => executeServerCommand('review-page-close', { id }),
  };
}

/** In a reviewer page: 'joined' once its viewer has joined the review (15 s at most). */
const JOINED = `async () => {
  if (!window.reviewJoined) return 'the page did not run its script';
  return Promise.race([window.reviewJoined.then(() => 'joined'), new Promise((r) => setTimeout(() => r('not joined within 15 s'), 15000))]);
}`;

/** In a reviewer page: whether its camera arrives at `target` (position and target, 6 numbers) within 9 s. */
const CAMERA_ARRIVES = `async (target) => {
  const viewer = document.querySelector('design-viewer').viewer;
  for (let i = 0; i < 300; i++) {
    const c = viewer.navigation.getCamera();
    const now = [...c.position.toArray(), ...c.target.toArray()];
    if (now.every((v, j) => Math.abs(v - target[j]) <= 2e-3 * Math.max(1, Math.abs(target[j])))) return true;
    await new Promise((r) => setTimeout(r, 30));
  }
  return false;
}`;

/** A point on the canvas beside the review panel (which stands over the canvas's right side). */
function besidePanel(element: DesignViewerElement): [number, number] {
  const rect = element.viewer!.canvas.getBoundingClientRect();
  return [Math.round(rect.left + 40), Math.round(rect.top + rect.height / 2)];
}

/** A real click on something of the panel, scrolled into view first (the panel scrolls in a low viewer). */
async function clickIn(element: DesignViewerElement, selector: string): Promise<void> {
  const target = $(element, selector);
  target.scrollIntoView({ block: 'nearest' });
  await frame();
  await click(target);
}

async function typeInto(input: HTMLInputElement, text: string): Promise<void> {
  input.focus();
  await sendKeys({ type: text });
}

describe('Live review (issue 35)', () => {
  afterEach(async () => {
    removeViewerElements();
    for (const id of started.splice(0)) await stopServer(id);
  });

  it('offers its button only with a review server; the prompt joins; the users, who drives, the chat with /nick', async () => {
    const running = await server();
    const room = newRoomId('car');
    const plain = await createViewerElement({ src: sampleUrl(MODEL), width: 400, height: 240 });
    expect(exists(plain, '.dv-toolbar [data-item="collaborate"]'), 'no server, no button').to.equal(false);
    plain.remove();

    const ann = await createViewerElement({ src: sampleUrl(MODEL), width: 400, height: 460, config: { ...LIGHT, extensionOptions: { collaborate: { token: running.secret, roomId: room } } } });
    ann.setAttribute('realtime-server', running.url);
    await waitFor(() => exists(ann, '.dv-toolbar [data-item="collaborate"]'));
    await click(toolbarButton(ann, 'collaborate'));
    await waitFor(() => exists(ann, '.dv-review-prompt'));
    expect($(ann, '.dv-review-prompt-title').textContent).to.equal('Start a Live Review');
    expect($(ann, '.dv-review-prompt label').textContent).to.equal('Enter your name');
    expect($(ann, '.dv-review-start').textContent).to.equal('Start Review');
    await typeInto($(ann, '.dv-review-name') as HTMLInputElement, 'Ann');
    await sendKeys({ press: 'Enter' });
    const annReview = review(ann);
    await waitFor(() => annReview.$phase.get() === 'joined', 15000);
    expect(userNames(ann)).to.deep.equal(['Ann (you)']);
    expect($(ann, '.dv-review-user[data-in-control="true"] .dv-review-user-name').textContent, 'the one who starts drives').to.equal('Ann (you)');
    expect(annReview.camera!.getRole()).to.equal('in-control');

    const bob = await reviewer(running, room, 'Bob');
    const bobReview = await join(bob);
    await waitFor(() => userNames(ann).length === 2);
    expect(userNames(ann).sort()).to.deep.equal(['Ann (you)', 'Bob']);
    expect(bobReview.camera!.getRole()).to.equal('following');
    expect($(bob, '.dv-review-role').textContent).to.equal('Following');

    // Chat: Enter sends a text that is not empty; HTML stays text; the other side raises chat-message.
    const messages: { from: string; msg: string }[] = [];
    bob.addEventListener('chat-message', (event) => messages.push((event as CustomEvent).detail));
    const input = $(ann, '.dv-review-input') as HTMLInputElement;
    expect(input.placeholder).to.equal('Type a message');
    input.focus();
    await sendKeys({ press: 'Enter' });
    await typeInto(input, '<img src=x onerror="window.__hacked=1">roof');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $$(bob, '.dv-review-message').length === 1);
    expect($(bob, '.dv-review-message .dv-review-text').textContent).to.equal('<img src=x onerror="window.__hacked=1">roof');
    expect($(bob, '.dv-review-message .dv-review-from').textContent).to.equal('Ann');
    expect(exists(bob, '.dv-review-chat img'), 'never interpreted as HTML').to.equal(false);
    expect((window as { __hacked?: number }).__hacked).to.equal(undefined);
    expect(messages).to.have.length(1, 'the empty Enter sent nothing');
    expect(messages[0].msg).to.equal('<img src=x onerror="window.__hacked=1">roof');

    // /nick renames the sender and is not shown.
    await typeInto(input, '/nick Annie');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => userNames(bob).includes('Annie'));
    expect($$(ann, '.dv-review-message')).to.have.length(1);
    expect($$(bob, '.dv-review-message')).to.have.length(1);

    // Invite Others: the URL (invited=true, the room, doNotRedirect=true), the copy button and a QR code.
    await clickIn(ann, '.dv-review-invite-button');
    await waitFor(() => exists(ann, '.dv-review-qr'));
    const url = new URL(($(ann, '.dv-review-invite-url') as HTMLInputElement).value);
    expect(url.searchParams.get('invited')).to.equal('true');
    expect(url.searchParams.get('review')).to.equal(room);
    expect(url.searchParams.get('doNotRedirect')).to.equal('true');
    expect($(ann, '.dv-review-invite p').textContent).to.equal('Copy and send this URL to invite others');
    expect(decodeURIComponent(($(ann, '.dv-review-mail') as HTMLAnchorElement).href)).to.contain('subject=Please Join My Live Review');
    const qr = $(ann, '.dv-review-qr') as HTMLImageElement;
    await waitFor(() => qr.complete && qr.naturalWidth > 0);
    expect(qr.naturalWidth).to.be.at.least(100);

    // Hiding the panel disconnects: the other side sees the user leave.
    ann.viewer!.ui.closePanel('collaborate');
    await waitFor(() => userNames(bob).length === 1);
    expect(annReview.client.$status.get()).to.equal('disconnected');
    expect(ann.viewer!.toolController.isToolActive('collaborate-interceptor')).to.equal(false);
  });

  it('hides its button with the option; the panel still opens from script and joins', async () => {
    const running = await server();
    const element = await createViewerElement({ src: sampleUrl(MODEL), width: 400, height: 240, config: { ...LIGHT, extensionOptions: { collaborate: { token: running.secret, name: 'Ann', hideButton: true } } } });
    element.setAttribute('realtime-server', running.url);
    await frame(4);
    expect(exists(element, '.dv-toolbar [data-item="collaborate"]')).to.equal(false);
    const extension = await join(element);
    expect(extension.client.$users.get().map((user) => user.name)).to.deep.equal(['Ann']);
  });

  it('passes control to whoever interacts; the followers follow the camera; a follower can disconnect from it', async () => {
    const { ann, bob, annReview, bobReview } = await twoInReview(await server());

    // Ann drives: Bob's camera arrives at Ann's view.
    ann.viewer!.navigation.orbit(0.6, 0.2);
    await waitFor(() => sameCamera(cameraOf(bob), cameraOf(ann)), 10000);

    // Bob turns the wheel over his canvas: he takes control; Ann hears control-change and follows him.
    const changes: { userId: string; inControl: boolean }[] = [];
    ann.addEventListener('control-change', (event) => changes.push((event as CustomEvent).detail));
    const [x, y] = besidePanel(bob);
    await executeServerCommand('mouse-wheel', { x, y, deltaY: 120, repeat: 2 });
    await waitFor(() => annReview.client.$controller.get() === bobReview.client.userId, 10000);
    expect(bobReview.camera!.getRole()).to.equal('in-control');
    expect(annReview.camera!.getRole()).to.equal('following');
    expect(changes.at(-1)).to.deep.equal({ userId: bobReview.client.userId, inControl: false });
    await waitFor(() => sameCamera(cameraOf(ann), cameraOf(bob)), 10000);
    await waitFor(() => $(ann, '.dv-review-user[data-in-control="true"] .dv-review-user-name')?.textContent === 'Bob');

    // Ann disconnects from camera control: Bob's moves no longer reach her.
    await clickIn(ann, '.dv-review-follow');
    expect(annReview.camera!.$followsCamera.get()).to.equal(false);
    expect($(ann, '.dv-review-role').textContent).to.equal('Camera disconnected');
    const annBefore = cameraOf(ann);
    bob.viewer!.navigation.orbit(-0.8, 0);
    await new Promise((r) => setTimeout(r, 600));
    expect(cameraOf(ann)).to.deep.equal(annBefore);
    // Following again goes to the leader's view.
    await clickIn(ann, '.dv-review-follow');
    await waitFor(() => sameCamera(cameraOf(ann), cameraOf(bob)), 10000);
  });

  it('two pages: control passes to the page whose user turns the wheel, and the other page follows it', async () => {
    const running = await server();
    const room = newRoomId('car');
    const ann = await reviewer(running, room, 'Ann');
    const annReview = await join(ann);
    const page = await openReviewerPage(running, `room=${encodeURIComponent(room)}&name=Bob`);
    try {
      expect(await page.evaluate<string>(JOINED)).to.equal('joined');
      await waitFor(() => annReview.client.$users.get().length === 2, 15000);
      const bobId = annReview.client.$users.get().find((user) => user.name === 'Bob')!.id;

      // Ann drives: the other page's camera arrives at her view.
      ann.viewer!.navigation.orbit(0.6, 0.2);
      expect(await page.evaluate<boolean>(CAMERA_ARRIVES, cameraOf(ann)), "the other page follows Ann").to.equal(true);

      // A real wheel turn over Bob's canvas, in his page: he takes control, Ann hears it and follows him.
      const [x, y] = await page.evaluate<[number, number]>(`async () => {
        const rect = document.querySelector('design-viewer').viewer.canvas.getBoundingClientRect();
        return [Math.round(rect.left + 40), Math.round(rect.top + rect.height / 2)];
      }`);
      const changes: { userId: string; inControl: boolean }[] = [];
      ann.addEventListener('control-change', (event) => changes.push((event as CustomEvent).detail));
      await executeServerCommand('review-page-wheel', { id: page.id, x, y, deltaY: 120, repeat: 3 });
      await waitFor(() => annReview.client.$controller.get() === bobId, 10000);
      expect(changes.at(-1)).to.deep.equal({ userId: bobId, inControl: false });
      const bobCamera = await page.evaluate<number[]>(`async () => {
        await new Promise((r) => setTimeout(r, 300));
        const c = document.querySelector('design-viewer').viewer.navigation.getCamera();
        return [...c.position.toArray(), ...c.target.toArray()];
      }`);
      await waitFor(() => sameCamera(cameraOf(ann), bobCamera), 10000);
      expect(await page.problems()).to.deep.equal([]);
    } finally {
      await page.close();
    }
  });

  it('shares the pointer as a 6 px marker in the sender\'s colour, and the selection, isolation, cut planes and explode', async () => {
    const { ann, bob, annReview } = await twoInReview(await server());

    const [x, y] = besidePanel(ann);
    await sendMouse({ type: 'move', position: [x, y] });
    await sendMouse({ type: 'move', position: [x + 10, y + 5] });
    await waitFor(() => exists(bob, `.dv-review-pointer[data-user="${annReview.client.userId}"]`), 10000);
    const dot = $(bob, '.dv-review-pointer-dot');
    expect(dot.getBoundingClientRect().width).to.equal(6);
    const annColour = annReview.client.$users.get().find((user) => user.id === annReview.client.userId)!.color;
    expect(getComputedStyle(dot).backgroundColor).to.equal(hexToRgb(annColour));
    // Both cameras are the same, so the marker stands where Ann's pointer is on her canvas (same place in Bob's).
    await waitFor(() => sameCamera(cameraOf(bob), cameraOf(ann)), 10000);
    await frame(3);
    const bobCanvas = bob.viewer!.canvas.getBoundingClientRect();
    const dotRect = $(bob, '.dv-review-pointer-dot').getBoundingClientRect();
    const annCanvas = ann.viewer!.canvas.getBoundingClientRect();
    expect(Math.abs(dotRect.left + 3 - bobCanvas.left - (x + 10 - annCanvas.left))).to.be.below(2);
    expect(Math.abs(dotRect.top + 3 - bobCanvas.top - (y + 5 - annCanvas.top))).to.be.below(2);

    // The shared viewer state.
    const viewer = ann.viewer!;
    const model = viewer.model!;
    const ids = model.getInstanceTree()!;
    const leaves: number[] = [];
    ids.enumNodeChildren(ids.getRootId(), (dbId) => void (ids.getChildCount(dbId) === 0 && leaves.push(dbId)), true);
    viewer.select([leaves[0]]);
    viewer.isolate([leaves[0], leaves[1]]);
    viewer.setCutPlanes([[0, 0, -1, 0.2]]);
    viewer.explode(0.3);
    const other = bob.viewer!;
    await waitFor(() => other.getExplodeScale() === 0.3 && other.getCutPlanes().length === 1, 10000);
    expect(other.getSelection()).to.deep.equal([leaves[0]]);
    expect(other.getIsolatedNodes().sort()).to.deep.equal([leaves[0], leaves[1]].sort());
    other.getCutPlanes()[0].forEach((value, i) => expect(value).to.be.closeTo([0, 0, -1, 0.2][i], 1e-6));
    // Nothing echoes back: Ann's state stays hers.
    await new Promise((r) => setTimeout(r, 300));
    expect(viewer.getSelection()).to.deep.equal([leaves[0]]);
  });

  it('three reviewers, one in another page of the browser opened from the invitation: the join prompt, the camera, the chat and the users reach it', async () => {
    const running = await server();
    const room = newRoomId('car');
    const [ann, bob] = [await reviewer(running, room, 'Ann'), await reviewer(running, room, 'Bob')];
    const annReview = await join(ann);
    await join(bob);
    // Opened from Ann's invitation: the page shows "Join a Live Review" by itself.
    const page = await openReviewerPage(running, `invited=true&review=${encodeURIComponent(room)}&doNotRedirect=true`);
    try {
      const prompt = await page.evaluate<string>(`async () => {
        const root = () => document.querySelector('design-viewer')?.shadowRoot;
        for (let i = 0; i < 600 && !root()?.querySelector('.dv-review-prompt-title'); i++) await new Promise((r) => setTimeout(r, 50));
        const title = root()?.querySelector('.dv-review-prompt-title')?.textContent ?? 'no prompt';
        const input = root().querySelector('.dv-review-name');
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, 'Cy');
        input.dispatchEvent(new Event('input', { bubbles: true }));
        root().querySelector('.dv-review-start').click();
        return title;
      }`);
      expect(prompt).to.equal('Join a Live Review');
      expect(await page.evaluate<string>(JOINED), (await page.problems()).join('\n')).to.equal('joined');
      await waitFor(() => annReview.client.$users.get().length === 3, 15000);
      expect(userNames(ann).sort()).to.deep.equal(['Ann (you)', 'Bob', 'Cy']);

      ann.viewer!.navigation.orbit(0.4, -0.1);
      await waitFor(() => sameCamera(cameraOf(bob), cameraOf(ann)), 10000);
      expect(await page.evaluate<boolean>(CAMERA_ARRIVES, cameraOf(ann)), "the other page's camera follows").to.equal(true);
      await page.evaluate(`async () => { await document.querySelector('design-viewer').viewer.getExtension('collaborate').sendChat('from the other page'); }`);
      await waitFor(() => $$(ann, '.dv-review-text').some((text) => text.textContent === 'from the other page'));
      expect($$(bob, '.dv-review-from').map((from) => from.textContent)).to.include('Cy');
      expect(await page.problems()).to.deep.equal([]);
    } finally {
      await page.close();
    }
    await waitFor(() => annReview.client.$users.get().length === 2, 15000);
  });

  it('survives a server restart: both rejoin the room, the leader keeps control, chat goes on', async () => {
    const running = await server();
    const { ann, bob, annReview, bobReview } = await twoInReview(running);
    // Bob takes control before the restart.
    bobReview.camera!.takeControl();
    await waitFor(() => annReview.client.$controller.get() === bobReview.client.userId);

    await executeServerCommand('review-server-restart', { id: running.id, downMs: 800 });
    await waitFor(() => annReview.client.$status.get() !== 'joined' || bobReview.client.$status.get() !== 'joined', 5000).catch(() => {});
    await waitFor(() => annReview.client.$status.get() === 'joined' && bobReview.client.$status.get() === 'joined', 20000);
    await waitFor(() => annReview.client.$users.get().length === 2, 10000);
    await waitFor(() => annReview.client.$controller.get() === bobReview.client.userId, 10000);
    expect(annReview.$phase.get()).to.equal('joined');
    expect(bob.viewer!.ui.isPanelOpen('collaborate')).to.equal(true);

    bob.viewer!.navigation.orbit(0.5, 0);
    await waitFor(() => sameCamera(cameraOf(ann), cameraOf(bob)), 10000);
    expect(await bobReview.sendChat('after the restart')).to.equal(true);
    await waitFor(() => $$(ann, '.dv-review-text').some((text) => text.textContent === 'after the restart'), 10000);
  });

  it('two server processes on one Redis: a reviewer on each shares the room; when one process goes, its reviewer fails over to the other', async () => {
    const [first, second] = [await server({ redis: true }), await server({ redis: true })];
    const room = newRoomId('car');
    // Ann's page lists both addresses (tried in turn), Bob's only the second.
    const ann = await reviewer(`${first.url} ${second.url}`, room, 'Ann', first.secret);
    const bob = await reviewer(second, room, 'Bob');
    const annReview = await join(ann);
    await join(bob);
    expect(annReview.client.$server.get()).to.equal(first.url);
    await waitFor(() => annReview.client.$users.get().length === 2, 10000);
    ann.viewer!.navigation.orbit(-0.5, 0.1);
    await waitFor(() => sameCamera(cameraOf(bob), cameraOf(ann)), 10000);
    expect(await annReview.sendChat('across processes')).to.equal(true);
    await waitFor(() => $$(bob, '.dv-review-text').some((text) => text.textContent === 'across processes'), 10000);

    // The first process goes for good: Ann's client tries it a few times, then the second address.
    await stopServer(first.id);
    started.splice(started.indexOf(first.id), 1);
    await waitFor(() => annReview.client.$server.get() === second.url && annReview.client.$status.get() === 'joined', 30000);
    await waitFor(() => annReview.client.$users.get().length === 2, 10000);
    expect(annReview.client.$chat.get().map((entry) => entry.msg), 'the history, from Redis').to.include('across processes');
    ann.viewer!.navigation.orbit(0.7, 0);
    await waitFor(() => sameCamera(cameraOf(bob), cameraOf(ann)), 10000);
  });

  it('a server that cannot be reached: each address is tried, then error 12 and the panel closes; the viewer stays usable', async () => {
    const running = await server();
    await stopServer(running.id);
    started.splice(started.indexOf(running.id), 1);
    const element = await reviewer(`${running.url} http://127.0.0.1:9`, newRoomId('car'), 'Ann');
    element.viewer!.logger.setLevel('warning');
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    const errors: { code: number; message: string }[] = [];
    element.addEventListener('error', (event) => errors.push((event as CustomEvent).detail));
    element.viewer!.ui.openPanel('collaborate');
    try {
      await waitFor(() => errors.length > 0, 20000);
    } finally {
      console.warn = warn;
    }
    expect(errors[0].code).to.equal(12);
    expect(warnings.filter((text) => text.startsWith(CONNECT_FAILED_TEXT)), 'each address tried in turn').to.have.length(2);
    expect(element.viewer!.ui.isPanelOpen('collaborate')).to.equal(false);
    expect(review(element).client.$status.get()).to.equal('disconnected');
    // The model stays, and the viewer still answers.
    expect(element.viewer!.model).to.not.equal(null);
    expect(element.viewer!.hitTestCanvas(180, 150)).to.not.equal(null);
  });

  it('a video call between two reviewers connects with the fake camera; a second call to one in a call is refused', async () => {
    const running = await server();
    const room = newRoomId('car');
    const [ann, bob, cy] = [await reviewer(running, room, 'Ann'), await reviewer(running, room, 'Bob'), await reviewer(running, room, 'Cy')];
    const annReview = await join(ann);
    const bobReview = await join(bob);
    const cyReview = await join(cy);
    await waitFor(() => annReview.client.$users.get().length === 3, 10000);

    await clickIn(ann, `.dv-review-user[data-user="${bobReview.client.userId}"] .dv-review-call`);
    await waitFor(() => annReview.call!.$status.get() === 'connected' && bobReview.call!.$status.get() === 'connected', 20000);
    const remote = $(ann, '.dv-review-remote') as HTMLVideoElement;
    await waitFor(() => (remote.srcObject as MediaStream | null)?.getVideoTracks().length === 1, 10000);
    expect($(ann, '.dv-review-hangup').textContent).to.equal('End video call');

    // Cy calls Bob, who is in a call: ignored, and Cy is told.
    expect(await cyReview.call!.call(bobReview.client.userId)).to.equal(true);
    await waitFor(() => cyReview.call!.$problem.get() === CALL_TEXTS.busy, 15000);
    expect(cyReview.call!.$status.get()).to.equal('idle');
    expect(bobReview.call!.$status.get()).to.equal('connected');
    expect(bobReview.call!.$peer.get()).to.equal(annReview.client.userId);
    // Calling while in a call is ignored too.
    expect(await annReview.call!.call(cyReview.client.userId)).to.equal(false);

    await clickIn(ann, '.dv-review-hangup');
    await waitFor(() => bobReview.call!.$status.get() === 'idle', 10000);
    expect(annReview.call!.$status.get()).to.equal('idle');
  });
});

function hexToRgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
