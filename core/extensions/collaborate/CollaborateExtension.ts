import { atom, computed, type ReadableAtom } from 'nanostores';
import { CameraSync } from '../../collab/CameraSync.js';
import { PeerCall } from '../../collab/PeerCall.js';
import { PointerSync } from '../../collab/PointerSync.js';
import { ReviewClient } from '../../collab/ReviewClient.js';
import { channelOf, isRoomId, newRoomId } from '../../collab/reviewProtocol.js';
import { StateSync } from '../../collab/StateSync.js';
import { ErrorCode } from '../../viewer/ErrorCodes.js';
import { Extension } from '../../viewer/Extension.js';
import { ViewerError } from '../../viewer/ViewerError.js';
import type { ToolbarButtonSpec } from '../../viewer/ViewerUi.js';
import { panelButtonState } from '../panelButtonState.js';

/** The live review panel's id (and its toolbar button's). */
export const COLLABORATE_PANEL_ID = 'collaborate';
/** The overlay of the other reviewers' pointers (react-panels/collaborate/PointerMarkers). */
export const COLLABORATE_POINTERS_OVERLAY_ID = 'collaboratePointers';
/** Spec 001 §2 "Toolbar": the collaborate button hides below this container width (px). */
export const COLLABORATE_BUTTON_MIN_WIDTH = 380;
/** Spec 001 §2 "Live review UI": the invite e-mail's subject. */
export const INVITE_MAIL_SUBJECT = 'Please Join My Live Review';
/** The page query parameter that carries the room of an invitation (beside `invited=true`). */
export const REVIEW_QUERY_PARAMETER = 'review';

export interface CollaborateOptions {
  /** The token the review server checks (its shared secret, or one the host's hook accepts). */
  token?: string;
  /** The room to join; default: the one of the page's invitation, else a new room of the model's channel. */
  roomId?: string;
  /** The user's name; when given, opening the panel joins at once (no prompt). */
  name?: string;
  /** Spec 001 §2: "The toolbar button can be hidden by an option". */
  hideButton?: boolean;
  /** The STUN (or TURN) servers of video calls; none by default (a local network needs none). */
  iceServers?: RTCIceServer[];
  /** The document item the invitation opens (query `itemid`). */
  itemId?: string;
}

/** Where the panel is: asking the name, connecting, in the review. */
export type ReviewPhase = 'prompt' | 'connecting' | 'joined';

/**
 * Live review (issue 35; spec 000 §4 "Live review", §6, §7, §8; spec 001 §2 "Live review UI", §4, §5, §7,
 * §8 error 12): the collaborate button and the live review panel (react-panels/collaborate/). Showing the
 * panel connects to the review server (the `realtime-server` addresses, in turn), joins the room and turns
 * on the interceptor tool; hiding it hangs up, leaves, disconnects and resets. While joined: the shared
 * camera (CameraSync), pointer (PointerSync) and viewer state (StateSync), chat with `/nick`, and video
 * calls (PeerCall). A connection that fails raises error 12 and closes the panel.
 */
export class CollaborateExtension extends Extension {
  readonly client: ReviewClient;
  readonly $phase = atom<ReviewPhase>('prompt');
  /** The room this review is in (or will be started in). */
  readonly $roomId = atom<string | null>(null);
  camera: CameraSync | null = null;
  pointers: PointerSync | null = null;
  call: PeerCall | null = null;
  private stateSync: StateSync | null = null;
  private readonly stops: (() => void)[] = [];
  /** What the review's parts hooked up while joined. */
  private readonly syncStops: (() => void)[] = [];
  private readonly settings: CollaborateOptions;
  private readonly onCameraChange = () => this.camera?.cameraChanged();
  private starting: Promise<boolean> | null = null;

  constructor(...args: ConstructorParameters<typeof Extension>) {
    super(...args);
    this.settings = this.options as CollaborateOptions;
    // The option's token, else the viewer's access token (a host whose review server checks its own tokens).
    const getToken = () => this.settings.token ?? this.viewer.endpoint.accessToken.getToken();
    this.client = new ReviewClient(this.viewer.logger, { getToken, sessionId: newSessionId() });
  }

  override load(): boolean {
    const $available = computed(this.viewer.endpoint.$realtimeServers, () => this.viewer.endpoint.realtimeServers.length > 0);
    this.addPanel({ id: COLLABORATE_PANEL_ID, title: 'Live review', isAvailable: $available });
    this.addOverlay({ id: COLLABORATE_POINTERS_OVERLAY_ID, slot: 'canvas', order: 30, isShown: computed(this.$phase, (phase) => phase === 'joined') });
    // No control that does nothing: the button is there while a review server is configured (and not hidden by the option).
    let removeButton: (() => void) | null = null;
    let invitationOpened = false;
    this.stops.push(
      $available.subscribe((available) => {
        if (available && !removeButton && !this.settings.hideButton) removeButton = this.addToolbarButton(this.buttonSpec($available));
        if (!available && removeButton) {
          removeButton();
          removeButton = null;
        }
        if (available && !invitationOpened && this.isInvited() && isRoomId(pageParameters().get(REVIEW_QUERY_PARAMETER))) {
          invitationOpened = true;
          this.stops.push(this.openPanelWithModel());
        }
      }),
    );
    // Spec 001 §4: showing the panel connects and joins; hiding it hangs up and disconnects.
    let open = false;
    this.stops.push(
      this.viewer.ui.$openPanels.subscribe((panels) => {
        const now = panels.includes(COLLABORATE_PANEL_ID);
        if (now === open) return;
        open = now;
        if (now) this.onPanelShown();
        else this.stop();
      }),
    );
    return true;
  }

  /**
   * A page opened from an invitation goes to the review's prompt ('Join a Live Review') by itself, once the
   * model is there (the chrome has its size by then, and the review is about that model). Returns the removal.
   */
  private openPanelWithModel(): () => void {
    const open = () => {
      this.viewer.removeEventListener('geometry-loaded', open);
      this.viewer.ui.openPanel(COLLABORATE_PANEL_ID);
    };
    if (this.viewer.model) queueMicrotask(open);
    else this.viewer.addEventListener('geometry-loaded', open);
    return () => this.viewer.removeEventListener('geometry-loaded', open);
  }

  private buttonSpec($available: ReadableAtom<boolean>): ToolbarButtonSpec {
    return {
      id: COLLABORATE_PANEL_ID,
      group: 'settings',
      order: 5,
      label: 'Live review',
      icon: 'collaborate',
      hideBelow: COLLABORATE_BUTTON_MIN_WIDTH,
      isToggle: true,
      state: panelButtonState(this.viewer.ui, COLLABORATE_PANEL_ID, $available),
      onClick: () => void this.viewer.ui.togglePanel(COLLABORATE_PANEL_ID),
    };
  }

  override unload(): boolean {
    this.stop();
    for (const stop of this.stops.splice(0)) stop();
    return true;
  }

  /** Whether the page was opened from an invitation (`invited=true`): the prompt says "Join". */
  isInvited(): boolean {
    return pageParameters().get('invited') === 'true';
  }

  /** The user's name, if known before the prompt (the option). */
  getPresetName(): string | null {
    return this.settings.name?.trim() || null;
  }

  private onPanelShown(): void {
    this.$roomId.set(this.chooseRoom());
    const name = this.getPresetName();
    if (name) void this.start(name);
    else this.$phase.set('prompt');
  }

  /**
   * Connects, joins the room under a name (empty or null: not stored, the server's default) and turns on the
   * interceptor tool. False (error 12 raised, panel closed) when no server could be reached or joined.
   */
  start(name: string | null): Promise<boolean> {
    this.starting ??= this.connectAndJoin(name?.trim() || null).finally(() => (this.starting = null));
    return this.starting;
  }

  private async connectAndJoin(name: string | null): Promise<boolean> {
    if (!this.viewer.ui.isPanelOpen(COLLABORATE_PANEL_ID)) this.viewer.ui.openPanel(COLLABORATE_PANEL_ID);
    const roomId = this.$roomId.get() ?? this.chooseRoom();
    this.$roomId.set(roomId);
    this.$phase.set('connecting');
    try {
      await this.client.connect(this.viewer.endpoint.realtimeServers);
      const joined = await this.client.join(roomId, name);
      // Closed while connecting: the user called it off.
      if (!this.viewer.ui.isPanelOpen(COLLABORATE_PANEL_ID)) {
        this.stop();
        return false;
      }
      this.attachSyncs();
      this.stateSync?.apply(joined.state);
      this.$phase.set('joined');
      return true;
    } catch (reason) {
      if (this.viewer.ui.isPanelOpen(COLLABORATE_PANEL_ID)) this.fail(reason);
      return false;
    }
  }

  /** Spec 001 §8: a socket error goes through the error handler with code 12 and the panel closes. */
  private fail(reason: unknown): void {
    const detail = (reason as Error)?.message ?? String(reason);
    this.viewer.reportError(new ViewerError(ErrorCode.RTC_ERROR, `Cannot connect to the collaboration server: ${detail}`));
    this.viewer.ui.closePanel(COLLABORATE_PANEL_ID);
    this.stop();
  }

  private attachSyncs(): void {
    if (this.camera) return;
    const viewer = this.viewer;
    this.pointers = new PointerSync(
      {
        rayFromCanvas: (x, y) => viewer.rayFromCanvas(x, y),
        rayCast: (ray) => viewer.rayCast(ray),
        viewDistance: () => {
          const { position, target } = viewer.navigation.getCamera();
          return position.distanceTo(target);
        },
      },
      this.client,
    );
    this.camera = new CameraSync(
      { navigation: viewer.navigation, invalidate: () => viewer.invalidate(), onControlChange: (userId, inControl) => viewer.emit('control-change', { userId, inControl }) },
      this.client,
      (x, y) => this.pointers?.moved(x, y),
    );
    this.stateSync = new StateSync(viewer, this.client);
    this.call = new PeerCall(this.client, this.settings.iceServers ?? [], (message) => viewer.logger.warn(message));
    viewer.toolController.registerTool(this.camera.interceptor);
    viewer.toolController.activateTool(this.camera.interceptor.names[0]);
    viewer.addEventListener('camera-change', this.onCameraChange);
    this.syncStops.push(
      this.client.on('txt', (entry) => viewer.emit('chat-message', { from: entry.from, msg: entry.msg })),
      this.client.on('socketError', (error) => viewer.logger.warn(`Live review: ${error.message}`)),
    );
  }

  /** Spec 001 §4: hangs up, detaches, disconnects and resets. */
  stop(): void {
    this.call?.dispose();
    this.call = null;
    if (this.camera) {
      this.viewer.removeEventListener('camera-change', this.onCameraChange);
      this.viewer.toolController.deregisterTool(this.camera.interceptor);
      this.camera.dispose();
    }
    this.camera = null;
    this.pointers?.dispose();
    this.pointers = null;
    this.stateSync?.dispose();
    this.stateSync = null;
    for (const stop of this.syncStops.splice(0)) stop();
    this.client.disconnect();
    this.$roomId.set(null);
    this.$phase.set('prompt');
  }

  /**
   * Sends a chat text (spec 001 §5: only when not empty; `/nick name` renames the sender). Resolves false
   * when there was nothing to send or the server refused it.
   */
  async sendChat(text: string): Promise<boolean> {
    if (!text.trim() || this.client.$status.get() !== 'joined') return false;
    try {
      await this.client.chat(text);
      return true;
    } catch (reason) {
      this.viewer.logger.warn(`Live review: ${(reason as Error).message}`);
      return false;
    }
  }

  /**
   * Spec 001 §2 "Live review UI": the review's URL, with `invited=true`, the room, an optional `itemid` and
   * `doNotRedirect=true`.
   */
  getInviteUrl(pageUrl: string = globalThis.location?.href ?? ''): string {
    const url = new URL(pageUrl);
    url.searchParams.set('invited', 'true');
    url.searchParams.set(REVIEW_QUERY_PARAMETER, this.$roomId.get() ?? this.chooseRoom());
    if (this.settings.itemId) url.searchParams.set('itemid', this.settings.itemId);
    url.searchParams.set('doNotRedirect', 'true');
    return url.href;
  }

  /** A mailto: link inviting someone (subject 'Please Join My Live Review', the URL as its body). */
  getInviteMail(pageUrl?: string): string {
    return `mailto:?subject=${encodeURIComponent(INVITE_MAIL_SUBJECT)}&body=${encodeURIComponent(this.getInviteUrl(pageUrl))}`;
  }

  /** The room: the option, else the invitation's, else a new one of the model's channel (spec 001 §7). */
  private chooseRoom(): string {
    if (this.$roomId.get()) return this.$roomId.get()!;
    if (isRoomId(this.settings.roomId)) return this.settings.roomId;
    const invited = pageParameters().get(REVIEW_QUERY_PARAMETER);
    if (isRoomId(invited)) return invited;
    return newRoomId(channelOf(this.viewer.model?.url ?? globalThis.location?.pathname ?? 'review'));
  }
}

function pageParameters(): URLSearchParams {
  return new URLSearchParams(globalThis.location?.search ?? '');
}

/** A client id: 16 random characters, kept for the life of the extension (reconnections keep it). */
function newSessionId(): string {
  const key = newRoomId('x').slice(2);
  return key.slice(0, 16);
}
