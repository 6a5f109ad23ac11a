import { atom } from 'nanostores';
import type { Socket } from 'socket.io-client';
import type { Logger } from '../viewer/Logger.js';
import {
  type ChatEntry,
  CLIENT_EVENTS,
  isChatCommand,
  type JoinOk,
  type PrivateMessage,
  type PrivateMessageType,
  type ReviewErrorDetail,
  type ReviewUser,
  type RoomMessage,
  type RoomMessageType,
  SERVER_EVENTS,
} from './reviewProtocol.js';

/** Spec 000 §4 "Live review": disconnected, connected, joined a room (then in control or following: CameraSync). */
export type ReviewConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'joined';

/** Spec 000 §8: the text logged when a server cannot be reached, before the next address is tried. */
export const CONNECT_FAILED_TEXT = 'Connect failed, trying another server';

/** Failed reconnections to one address after which the others are tried. */
const FAIL_OVER_AFTER_ATTEMPTS = 3;
/** When no address answered a fail-over, how long before the next round. */
const FAIL_OVER_RETRY_MS = 5000;

/** How long to wait before connecting again to a server that closed this connection itself. */
const RECONNECT_AFTER_SERVER_DISCONNECT_MS = 5000;

/** How long a request (connecting to one address, joining) may take before it counts as failed. */
const REQUEST_TIMEOUT_MS = 8000;

export interface ReviewClientOptions {
  /** The token the server checks (its shared secret, or the host's), asked for at each connection. */
  getToken?: () => Promise<string | null | undefined> | string | null | undefined;
  /** This client's id in every room: kept across reconnections so the server knows it again. */
  sessionId: string;
}

type Listener = (payload: never) => void;

/**
 * The connection to the review server (spec 000 §7 "Live review connection", "Join a room", "Send a
 * message", "Receive"): socket.io, loaded on demand (spec 001 §7), several addresses tried in turn,
 * reconnection with backoff that joins the same room again under the same id and name. What it knows is
 * in stores (status, users, who drives, chat); the room's messages go to listeners by event name.
 */
export class ReviewClient {
  readonly $status = atom<ReviewConnectionStatus>('disconnected');
  readonly $users = atom<readonly ReviewUser[]>([]);
  /** Who holds the camera (a user id), as the server last said. */
  readonly $controller = atom<string | null>(null);
  /** The chat history shown: what the room said, commands left out (spec 001 §5). */
  readonly $chat = atom<readonly ChatEntry[]>([]);
  readonly $roomId = atom<string | null>(null);
  /** The name this client joined under (after `/nick`, the new one). */
  readonly $name = atom<string | null>(null);
  /** The server address connected to. */
  readonly $server = atom<string | null>(null);
  private socket: Socket | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();
  /** The room and name to join again after a reconnection. */
  private joining: { roomId: string; name: string | null } | null = null;
  /** The server addresses, in the order they are tried. */
  private addresses: string[] = [];
  /** Whether this client wants to be connected (false once `disconnect()` ran). */
  private wanted = false;
  private failingOver = false;

  constructor(
    private readonly logger: Pick<Logger, 'warn' | 'info'>,
    private readonly options: ReviewClientOptions,
  ) {}

  get userId(): string {
    return this.options.sessionId;
  }

  /**
   * Connects to the first address that answers (spec 000 §7: "Several server addresses are tried in turn on
   * a connection error", logging "Connect failed, trying another server"); rejects when none does.
   */
  async connect(addresses: readonly string[]): Promise<string> {
    if (this.socket?.connected) return this.$server.get()!;
    this.disconnect();
    if (!addresses.length) throw new Error('No live review server is configured.');
    this.addresses = [...addresses];
    this.wanted = true;
    this.$status.set('connecting');
    const connected = await this.connectFirst(this.addresses);
    if ('error' in connected) {
      this.wanted = false;
      this.$status.set('disconnected');
      throw connected.error;
    }
    this.attach(connected.socket, connected.address);
    return connected.address;
  }

  /** The first of the addresses that answers, in their order, warning for each that does not (spec 000 §8). */
  private async connectFirst(addresses: readonly string[]): Promise<{ socket: Socket; address: string } | { error: Error }> {
    const [{ io }, token] = await Promise.all([import('socket.io-client'), this.options.getToken?.()]);
    let lastError: Error = new Error('No live review server answered.');
    for (const address of addresses) {
      if (!this.wanted) break;
      const socket = io(address, {
        transports: ['websocket'],
        query: { sessionId: this.options.sessionId },
        auth: { token: token ?? '' },
        reconnection: false,
        timeout: REQUEST_TIMEOUT_MS,
        forceNew: true,
      });
      const error = await new Promise<Error | null>((resolve) => {
        socket.once('connect', () => resolve(null));
        socket.once('connect_error', (reason: Error) => resolve(reason));
      });
      if (!error && this.wanted) return { socket, address };
      socket.close();
      if (error) {
        lastError = error;
        this.logger.warn(`${CONNECT_FAILED_TEXT} (${address}: ${error.message})`);
      }
    }
    return { error: lastError };
  }

  /**
   * The server went away and did not come back within a few attempts: the other addresses are tried in turn
   * (spec 000 §7; a room spans every process on one Redis, so another process serves it), this one last;
   * the room is joined again on the one that answers. None: again after a while, until `disconnect()`.
   */
  private async failOver(from: string): Promise<void> {
    if (!this.wanted || this.failingOver) return;
    this.failingOver = true;
    this.detach();
    this.$status.set('connecting');
    const start = this.addresses.indexOf(from);
    const order = [...this.addresses.slice(start + 1), ...this.addresses.slice(0, start + 1)];
    const connected = await this.connectFirst(order);
    this.failingOver = false;
    if (!this.wanted) return;
    if ('error' in connected) {
      this.$status.set('disconnected');
      setTimeout(() => void this.failOver(from), FAIL_OVER_RETRY_MS);
      return;
    }
    this.attach(connected.socket, connected.address);
    this.rejoin();
  }

  /** Joins a room under a name (null: the server's default, the first characters of the id); resolves with what the room holds. */
  async join(roomId: string, name: string | null): Promise<JoinOk> {
    const socket = this.requireSocket();
    this.joining = { roomId, name };
    const reply = (await socket.timeout(REQUEST_TIMEOUT_MS).emitWithAck(CLIENT_EVENTS.join, { roomId, name })) as JoinOk | { error: ReviewErrorDetail };
    if ('error' in reply) {
      this.joining = null;
      throw new Error(reply.error.message);
    }
    this.applyJoin(reply);
    return reply;
  }

  /** Sends a message to the room: camera, pointer and joystick are dropped while disconnected (volatile), state is not. */
  send(type: Exclude<RoomMessageType, 'txt'>, msg: unknown): void {
    const socket = this.socket;
    if (!socket || this.$status.get() !== 'joined') return;
    const payload = { type, msg, roomId: this.$roomId.get() };
    if (type === 'state') socket.emit(CLIENT_EVENTS.message, payload);
    else socket.volatile.emit(CLIENT_EVENTS.message, payload);
  }

  /** Sends a chat text; resolves once the server has stored it (or refused it: rejects with its reason). */
  async chat(text: string): Promise<void> {
    const socket = this.requireSocket();
    const reply = (await socket.timeout(REQUEST_TIMEOUT_MS).emitWithAck(CLIENT_EVENTS.message, { type: 'txt', msg: text, roomId: this.$roomId.get() })) as {
      error?: ReviewErrorDetail;
      name?: string;
    };
    if (reply.error) throw new Error(reply.error.message);
    if (reply.name) {
      this.$name.set(reply.name);
      if (this.joining) this.joining.name = reply.name;
    }
  }

  /** A message to one user of the room (a call's offer, answer, candidates, bye). */
  sendPrivate(target: string, type: PrivateMessageType, msg: unknown): void {
    this.socket?.emit(CLIENT_EVENTS.message, { type, target, msg });
  }

  /** Listens to an event of the room (`camera`, `pointer`, `state`, `private`, `joined`, `left`, `socketError`…); returns the removal. */
  on(event: 'camera' | 'pointer' | 'state' | 'joystick', listener: (message: RoomMessage) => void): () => void;
  on(event: 'private', listener: (message: PrivateMessage) => void): () => void;
  on(event: 'socketError', listener: (error: ReviewErrorDetail) => void): () => void;
  on(event: 'txt', listener: (entry: ChatEntry) => void): () => void;
  on(event: 'controlChange', listener: (change: { userId: string }) => void): () => void;
  on(event: 'disconnect' | 'rejoined', listener: (reason: string) => void): () => void;
  on(event: 'joined', listener: (joined: { user?: ReviewUser }) => void): () => void;
  on(event: string, listener: (payload: never) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as Listener);
    return () => set.delete(listener as Listener);
  }

  /** Leaves the room (staying connected). */
  leave(): void {
    this.socket?.emit(CLIENT_EVENTS.leave);
    this.joining = null;
    this.resetRoom();
    if (this.socket?.connected) this.$status.set('connected');
  }

  /** Hangs up: leaves, closes the socket, forgets the room. */
  disconnect(): void {
    this.wanted = false;
    this.detach();
    this.joining = null;
    this.resetRoom();
    this.$server.set(null);
    this.$status.set('disconnected');
  }

  /** Closes the socket, keeping what the room was (a fail-over joins it again). */
  private detach(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.removeAllListeners();
    socket.io.removeAllListeners();
    socket.close();
  }

  /** Joins the room this client was in again (after a reconnection or a fail-over). */
  private rejoin(): void {
    const again = this.joining;
    if (!again) return;
    void this.join(again.roomId, again.name).then(
      () => this.dispatch('rejoined', again.roomId),
      (error: Error) => this.logger.warn(`Could not join the live review again: ${error.message}`),
    );
  }

  private resetRoom(): void {
    this.$roomId.set(null);
    this.$users.set([]);
    this.$controller.set(null);
    this.$chat.set([]);
  }

  private requireSocket(): Socket {
    if (!this.socket) throw new Error('Not connected to a live review server.');
    return this.socket;
  }

  private dispatch(event: string, payload: unknown): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (payload: unknown) => void)(payload);
  }

  private applyJoin(ok: JoinOk): void {
    this.$roomId.set(ok.roomId);
    this.$users.set(ok.users);
    this.$controller.set(ok.controller);
    // The room's history, and what this client had heard that the server no longer has (a restart without Redis).
    const known = new Map([...this.$chat.get(), ...ok.history].map((entry) => [entry.id, entry]));
    this.$chat.set([...known.values()].filter((entry) => !isChatCommand(entry.msg)).sort((a, b) => a.time - b.time));
    this.$name.set(ok.users.find((user) => user.id === ok.userId)?.name ?? this.joining?.name ?? null);
    this.$status.set('joined');
  }

  /**
   * Takes a connected socket: from now on socket.io reconnects it with backoff (0.5 s, doubling to 5 s,
   * randomised) and, each time, it joins the room again under the same id and name.
   */
  private attach(socket: Socket, address: string): void {
    this.socket = socket;
    this.$server.set(address);
    this.$status.set('connected');
    socket.io.opts.reconnection = true;
    socket.io.reconnection(true);
    socket.io.reconnectionDelay(500);
    socket.io.reconnectionDelayMax(5000);
    socket.io.randomizationFactor(0.5);
    socket.io.reconnectionAttempts(Infinity);
    socket.on('connect', () => {
      failedAttempts = 0;
      this.$status.set('connected');
      this.rejoin();
    });
    // Reconnecting to this address keeps failing: another address may serve the room.
    let failedAttempts = 0;
    socket.io.on('reconnect_error', () => {
      if (++failedAttempts >= FAIL_OVER_AFTER_ATTEMPTS && this.addresses.length > 1) void this.failOver(address);
    });
    socket.on('disconnect', (reason: string) => {
      if (this.socket !== socket) return;
      this.$status.set('disconnected');
      this.dispatch('disconnect', reason);
      // A server that said goodbye (shut down for an update, or dropped this socket) is not retried by
      // socket.io itself: try again after the backoff's longest wait.
      if (reason === 'io server disconnect') setTimeout(() => this.socket === socket && !socket.connected && socket.connect(), RECONNECT_AFTER_SERVER_DISCONNECT_MS);
    });
    socket.on(SERVER_EVENTS.userListChange, ({ users }: { users: ReviewUser[] }) => this.$users.set(users));
    socket.on(SERVER_EVENTS.controlChange, (change: { userId: string }) => {
      this.$controller.set(change.userId);
      this.dispatch('controlChange', change);
    });
    socket.on(SERVER_EVENTS.chat, (entry: ChatEntry) => {
      if (!isChatCommand(entry.msg)) this.$chat.set([...this.$chat.get(), entry]);
      this.dispatch('txt', entry);
    });
    for (const event of [SERVER_EVENTS.camera, SERVER_EVENTS.pointer, SERVER_EVENTS.state, SERVER_EVENTS.joystick, SERVER_EVENTS.private, SERVER_EVENTS.socketError, SERVER_EVENTS.joined, SERVER_EVENTS.left]) {
      socket.on(event, (payload: unknown) => this.dispatch(event, payload));
    }
  }

  /** Whether this client holds the camera now. */
  isInControl(): boolean {
    return this.$controller.get() === this.userId;
  }

  /** Marks this client as holding the camera (before the server confirms: its own input wins at once). */
  takeControl(): void {
    this.$controller.set(this.userId);
  }
}
