import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  type ChatEntry,
  chatDisplayName,
  cleanName,
  CLIENT_EVENTS,
  colorOfUser,
  isChatCommand,
  isRoomId,
  type JoinOk,
  nickOf,
  REVIEW_LIMITS,
  REVIEW_RATES,
  type ReviewErrorDetail,
  type ReviewUser,
  SERVER_EVENTS,
} from '../../core/collab/reviewProtocol.js';
import { checkMessage, stampSender } from './messageRules.js';
import { TokenBucket } from './rateLimit.js';
import { MemoryRoomStore, RedisRoomStore, type RoomStore } from './roomStore.js';

/** The user list goes to a room at most this often (ms): the changes of that while in one list. */
const USER_LIST_DELAY_MS = 50;

/** The demo's shared secret, when neither the options nor REVIEW_SECRET give one. */
export const DEMO_REVIEW_SECRET = 'design-viewer-demo';

/** The browser origins the demo's server accepts by default: pages on this machine, any port. */
export const DEFAULT_REVIEW_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'];

export interface ReviewServerOptions {
  /** Port to listen on (0: a free one). Ignored with `httpServer`. */
  port?: number;
  host?: string;
  /** Attach to this HTTP server instead of starting one. */
  httpServer?: HttpServer;
  /** Browser origins allowed to connect ('*' any; 'http://host:*' any port of a host). Clients without an Origin (not browsers) are let in. */
  origins?: string[];
  /** The shared secret clients send as their token (handshake `auth.token`); null: no token asked. */
  secret?: string | null;
  /** A host's own check of a client's token; replaces the shared secret when given. */
  authorize?: (token: string | undefined, request: IncomingMessage) => boolean | Promise<boolean>;
  /** Redis (`redis://host:port`): rooms span every server process with the same Redis, and their history lives there. */
  redisUrl?: string | null;
  historyLength?: number;
  /** Messages a socket may send: per second and burst, per kind. */
  rates?: typeof REVIEW_RATES;
  /** Refused messages after which a socket is disconnected (a flood). */
  floodLimit?: number;
}

export interface ReviewServer {
  /** `http://host:port` of the server (what clients connect to). */
  readonly url: string;
  readonly io: Server;
  /** Sockets connected to this process now. */
  connectionCount(): number;
  close(): Promise<void>;
}

/** What a server keeps on each of its sockets. */
interface ReviewSocketData {
  userId: string;
  name: string;
  color: string;
  roomId: string | null;
}

const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The live review server (issue 35; spec 000 §4 "Live review", §7; spec 001 §7 "Realtime"): socket.io rooms
 * of reviewers, named by the room id the client joins (the model's channel and a random key). It keeps each
 * room's controller, last shared state and chat history (RoomStore), passes camera, pointer, state, joystick
 * and chat to the room and private messages (a call's signalling) to one user, and checks every message:
 * schema and size (messageRules), a token bucket per socket and kind, a token at the handshake, the
 * browser's origin. With `redisUrl` it runs on socket.io's Redis adapter: a room spans every process.
 */
export async function startReviewServer(options: ReviewServerOptions = {}): Promise<ReviewServer> {
  const origins = options.origins ?? DEFAULT_REVIEW_ORIGINS;
  const secret = options.secret === undefined ? (process.env.REVIEW_SECRET ?? DEMO_REVIEW_SECRET) : options.secret;
  const authorize = options.authorize ?? sharedSecretCheck(secret);
  const rates = options.rates ?? REVIEW_RATES;
  const historyLength = options.historyLength ?? REVIEW_LIMITS.historyLength;
  const floodLimit = options.floodLimit ?? 500;
  const http = options.httpServer ?? createServer((_, res) => res.writeHead(404).end());

  const redisClients: Redis[] = [];
  let closed = false;
  const redis = (url: string) => {
    const client = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    redisClients.push(client);
    return client;
  };
  const io = new Server(http, {
    cors: { origin: (origin, callback) => callback(null, originAllowed(origin, origins)), credentials: true },
    // Browsers send an Origin with WebSocket upgrades too, which CORS does not cover.
    allowRequest: (request, callback) => callback(null, originAllowed(request.headers.origin, origins)),
    maxHttpBufferSize: REVIEW_LIMITS.packetBytes,
    pingInterval: 10000,
    pingTimeout: 8000,
  });
  let store: RoomStore = new MemoryRoomStore();
  if (options.redisUrl) {
    const pub = redis(options.redisUrl);
    const sub = pub.duplicate();
    redisClients.push(sub);
    io.adapter(createAdapter(pub, sub, { key: 'design-viewer-review' }));
    store = new RedisRoomStore(redis(options.redisUrl));
  }

  io.use((socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    Promise.resolve(authorize(token, socket.request))
      .then((ok) => next(ok ? undefined : new Error('unauthorized')))
      .catch(() => next(new Error('unauthorized')));
  });

  /** A failure of the store or of the other processes (Redis going away, a shutdown): logged, never thrown at the process. */
  const logFailure = (what: string, error: Error) => {
    if (!closed) console.warn(`review server: ${what} failed: ${error.message}`);
  };

  /** The users of a room, across every process (the adapter asks the others). */
  const usersOf = async (roomId: string): Promise<ReviewUser[]> => {
    const sockets = await io.in(roomId).fetchSockets();
    const users = new Map<string, ReviewUser>();
    for (const { data } of sockets as unknown as { data: ReviewSocketData }[]) {
      if (data.roomId === roomId) users.set(data.userId, { id: data.userId, name: data.name, color: data.color, status: 'online' });
    }
    return [...users.values()];
  };
  /**
   * Tells a room its users, once for the changes of a short while: a burst of joins (a meeting starting, a
   * room reconnecting after a restart) sends a few lists, not one per join to every member.
   */
  const announcing = new Map<string, ReturnType<typeof setTimeout>>();
  const announceUsers = (roomId: string) => {
    if (announcing.has(roomId)) return;
    announcing.set(
      roomId,
      setTimeout(() => {
        announcing.delete(roomId);
        if (closed) return;
        usersOf(roomId).then(
          (users) => io.to(roomId).emit(SERVER_EVENTS.userListChange, { users }),
          (error: Error) => logFailure('user list', error),
        );
      }, USER_LIST_DELAY_MS),
    );
  };

  io.on('connection', (socket: Socket) => {
    const query = socket.handshake.query.sessionId;
    const userId = typeof query === 'string' && SESSION_ID.test(query) ? query : socket.id.replace(/[^A-Za-z0-9_-]/g, '');
    const data: ReviewSocketData = { userId, name: chatDisplayName(null, userId), color: colorOfUser(userId), roomId: null };
    socket.data = data;
    const buckets = {
      stream: new TokenBucket(rates.stream.perSecond, rates.stream.burst),
      discrete: new TokenBucket(rates.discrete.perSecond, rates.discrete.burst),
      private: new TokenBucket(rates.private.perSecond, rates.private.burst),
    };
    let refused = 0;
    const emit = (event: string, payload: unknown) => socket.emit(event, payload);
    const refuse = (error: ReviewErrorDetail, ack?: unknown) => {
      if (typeof ack === 'function') ack({ error });
      emit(SERVER_EVENTS.socketError, error);
      if (++refused >= floodLimit) socket.disconnect(true);
    };
    emit(SERVER_EVENTS.sessionId, { userId });

    socket.on(CLIENT_EVENTS.join, (payload: unknown, ack?: unknown) => {
      join(payload).then(
        (reply) => typeof ack === 'function' && ack(reply),
        (error: Error) => {
          logFailure('join', error);
          if (typeof ack === 'function') ack({ error: { code: 'bad-room', message: 'The room could not be joined now.' } });
        },
      );
    });

    const join = async (payload: unknown): Promise<JoinOk | { error: ReviewErrorDetail }> => {
      const { roomId, name } = (payload ?? {}) as { roomId?: unknown; name?: unknown };
      if (!buckets.discrete.take()) return joinError({ code: 'rate-limited', message: 'Too many requests.' });
      if (!isRoomId(roomId)) return joinError({ code: 'bad-room', message: 'A room id is the channel and a random key of at least 22 characters.' });
      const clean = name === undefined || name === null || name === '' ? chatDisplayName(null, userId) : cleanName(name);
      if (!clean) return joinError({ code: 'bad-name', message: `A name is 1 to ${REVIEW_LIMITS.nameChars} printable characters.` });
      const previous = data.roomId;
      if (previous && previous !== roomId) await leaveRoom();
      // The same user again (a reconnection before the old socket timed out): the old socket goes.
      for (const other of await io.in(roomId).fetchSockets()) {
        if ((other.data as ReviewSocketData).userId === userId && other.id !== socket.id) other.disconnect(true);
      }
      data.name = clean;
      data.roomId = roomId;
      await socket.join([roomId, privateRoom(roomId, userId)]);
      // The first in a room drives; a controller who comes back (a reconnection, a restart) keeps it.
      let controller = await store.getController(roomId);
      if (!controller) await store.setController(roomId, (controller = userId));
      const users = await usersOf(roomId);
      const [state, history] = await Promise.all([store.getState(roomId), store.getHistory(roomId)]);
      const ok: JoinOk = { roomId, userId, users, controller, state, history };
      emit(SERVER_EVENTS.joinOk, ok);
      socket.to(roomId).emit(SERVER_EVENTS.joined, { user: users.find((user) => user.id === userId) });
      announceUsers(roomId);
      return ok;
    };
    const joinError = (error: ReviewErrorDetail) => {
      emit(SERVER_EVENTS.joinError, error);
      return { error };
    };

    const leaveRoom = async () => {
      const roomId = data.roomId;
      if (!roomId) return;
      data.roomId = null;
      await socket.leave(roomId);
      await socket.leave(privateRoom(roomId, userId));
      io.to(roomId).emit(SERVER_EVENTS.left, { userId });
      announceUsers(roomId);
    };

    socket.on(CLIENT_EVENTS.leave, () => leaveRoom().catch((error: Error) => logFailure('leave', error)));
    socket.on('disconnect', () => {
      const roomId = data.roomId;
      if (!roomId) return;
      data.roomId = null;
      io.to(roomId).emit(SERVER_EVENTS.left, { userId });
      announceUsers(roomId);
    });

    socket.on(CLIENT_EVENTS.message, (payload: unknown, ack?: unknown) => {
      const roomId = data.roomId;
      if (!roomId) return refuse({ code: 'not-joined', message: 'Join a room first.' }, ack);
      const checked = checkMessage(payload);
      if ('error' in checked) return refuse(checked.error, ack);
      const bucket = checked.kind === 'private' ? buckets.private : checked.type === 'txt' || checked.type === 'state' ? buckets.discrete : buckets.stream;
      if (!bucket.take()) return refuse({ code: 'rate-limited', message: `Too many ${checked.type} messages.` }, ack);
      refused = 0;
      if (checked.kind === 'private') {
        io.to(privateRoom(roomId, checked.target)).emit(SERVER_EVENTS.private, { type: checked.type, from: userId, msg: checked.msg });
        if (typeof ack === 'function') ack({ ok: true });
        return;
      }
      const done = (reply: unknown) => typeof ack === 'function' && ack(reply);
      void roomMessage(roomId, checked.type, checked.msg).then(done, () => done({ error: { code: 'bad-message', message: 'Not stored.' } }));
    });

    const roomMessage = async (roomId: string, type: string, msg: unknown): Promise<unknown> => {
      if (type === 'txt') return chat(roomId, msg as string);
      const stamped = stampSender(type as never, msg, userId);
      if (type === 'state') await store.setState(roomId, stamped);
      if (type === 'camera' && (stamped as unknown[])[1] === 1 && (await store.getController(roomId)) !== userId) {
        await store.setController(roomId, userId);
        io.to(roomId).emit(SERVER_EVENTS.controlChange, { userId });
      }
      socket.to(roomId).emit(type, { type, from: userId, msg: stamped, roomId });
      return { ok: true };
    };

    const chat = async (roomId: string, text: string): Promise<unknown> => {
      const nick = nickOf(text);
      if (nick) {
        data.name = nick;
        announceUsers(roomId);
        return { ok: true, name: nick };
      }
      // Other commands are not shown (spec 001 §5) and do nothing here.
      if (isChatCommand(text)) return { ok: true };
      const entry: ChatEntry = { id: randomUUID(), type: 'txt', from: userId, name: data.name, msg: text, roomId, time: Date.now() };
      await store.appendChat(roomId, entry, historyLength);
      io.to(roomId).emit(SERVER_EVENTS.chat, entry);
      return { ok: true, id: entry.id };
    };
  });

  if (!options.httpServer) {
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
    });
  }
  const address = http.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host === '0.0.0.0' || host === '[::]' ? 'localhost' : host}:${address.port}`,
    io,
    connectionCount: () => io.of('/').sockets.size,
    close: async () => {
      if (closed) return;
      closed = true;
      // The connections drop as on a crash or a restart (not a "server disconnect"), so clients reconnect.
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
      // Redis last; what was still in flight is refused, and logged (logFailure) rather than thrown.
      for (const timer of announcing.values()) clearTimeout(timer);
      await store.close();
      for (const client of redisClients) client.disconnect();
    },
  };
}

/** The socket.io room of one user within a review room (private messages). */
function privateRoom(roomId: string, userId: string): string {
  return `${roomId}#${userId}`;
}

/** The default token check: the shared secret, compared in constant time; none asked when there is no secret. */
function sharedSecretCheck(secret: string | null): (token: string | undefined) => boolean {
  if (!secret) return () => true;
  const expected = Buffer.from(secret);
  return (token) => {
    if (typeof token !== 'string') return false;
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}

/** Whether a browser origin may connect: none (not a browser), '*', an exact origin, or 'scheme://host:*'. */
export function originAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (!origin) return true;
  return allowed.some((rule) => {
    if (rule === '*' || rule === origin) return true;
    if (!rule.endsWith(':*')) return false;
    const prefix = rule.slice(0, -1);
    return origin.startsWith(prefix) && /^\d+$/.test(origin.slice(prefix.length));
  });
}
