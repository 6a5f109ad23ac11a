/**
 * The live review wire format (spec 000 §3 "Live review chat user", "Chat message", "Camera message",
 * "Pointer message"; §7 "Live review connection", "Join a room", "Send a message", "Receive"; spec 001 §3
 * "Collaboration", §7 "Outgoing realtime messages"). One module for both ends: the review server
 * (server/review/) validates what arrives with these checks, the client (core/collab/) builds with them.
 * No DOM, no Node.
 */

/** What a client emits. */
export const CLIENT_EVENTS = { join: 'join', message: 'message', leave: 'leave' } as const;

/** What the server emits (spec 000 §7 "Receive", spec 001 §7 "Realtime" events). */
export const SERVER_EVENTS = {
  sessionId: 'sessionId',
  joinOk: 'joinok',
  joinError: 'join_error',
  joined: 'joined',
  left: 'left',
  camera: 'camera',
  pointer: 'pointer',
  state: 'state',
  joystick: 'joystick',
  chat: 'txt',
  private: 'private',
  controlChange: 'controlChange',
  userListChange: 'userListChange',
  socketError: 'socketError',
} as const;

/** Spec 000 §7 "Send a message": the message types a room hears; `txt` is chat. */
export const ROOM_MESSAGE_TYPES = ['camera', 'pointer', 'state', 'joystick', 'txt'] as const;
export type RoomMessageType = (typeof ROOM_MESSAGE_TYPES)[number];

/** Private messages between two users (the call's signalling, spec 000 §4 "Peer calls"). */
export const PRIVATE_MESSAGE_TYPES = ['call', 'offer', 'answer', 'candidate', 'bye', 'busy'] as const;
export type PrivateMessageType = (typeof PRIVATE_MESSAGE_TYPES)[number];

/** Limits the server holds every message to (and the client stays within). */
export const REVIEW_LIMITS = {
  /** A chat text, in characters. */
  chatChars: 2000,
  /** A display name, in characters. */
  nameChars: 40,
  /** A shared viewer state, as JSON, in characters. */
  stateChars: 256 * 1024,
  /** A private message (a call's offer carries its SDP), as JSON, in characters. */
  privateChars: 64 * 1024,
  /** socket.io's own cap on one packet, bytes. */
  packetBytes: 300 * 1024,
  /** Chat messages a room keeps for late joiners. */
  historyLength: 200,
} as const;

/** Rate limits per socket: a token bucket per kind, refilled per second, holding at most `burst`. */
export const REVIEW_RATES = {
  /** Camera, pointer, joystick: 30–60 Hz from one leader, with room to spare. */
  stream: { perSecond: 120, burst: 240 },
  /** Chat and state. */
  discrete: { perSecond: 10, burst: 30 },
  /** Private messages (a call's ICE candidates come in bursts). */
  private: { perSecond: 50, burst: 100 },
} as const;

/**
 * A room id: a channel (from the model's base path, spec 001 §7 "channel id from model base path") and a
 * key of at least 128 random bits, so that a room cannot be guessed from the model. Characters safe in a URL.
 */
export const ROOM_ID_PATTERN = /^[A-Za-z0-9._~-]{1,160}\.[A-Za-z0-9_-]{22,64}$/;

export function isRoomId(value: unknown): value is string {
  return typeof value === 'string' && ROOM_ID_PATTERN.test(value);
}

/** The channel of a model: its base path (the URL without file name, query or hash), as URL-safe characters. */
export function channelOf(modelUrl: string): string {
  let path = modelUrl;
  try {
    const url = new URL(modelUrl, 'http://channel.invalid/');
    path = url.host === 'channel.invalid' ? url.pathname : `${url.host}${url.pathname}`;
  } catch {
    // Not a URL: its own characters.
  }
  const base = path.replace(/[?#].*$/, '').replace(/\/[^/]*$/, '');
  const safe = base.replace(/[^A-Za-z0-9._~-]+/g, '-').replace(/^-+|-+$/g, '');
  return (safe || 'review').slice(-160);
}

/** A new room of a channel: the channel and 128 random bits (base64url). */
export function newRoomId(channel: string): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  let key = '';
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  // 16 bytes → 22 characters of 6 bits (the last carries 2 bits).
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      key += alphabet[(value >> bits) & 63];
    }
  }
  if (bits > 0) key += alphabet[(value << (6 - bits)) & 63];
  return `${channel.replace(/[^A-Za-z0-9._~-]+/g, '-').slice(-160) || 'review'}.${key}`;
}

/** Spec 000 §3 "Live review chat user": id, name, isSelf (the receiver's own), status; plus the colour of its pointer. */
export interface ReviewUser {
  id: string;
  name: string;
  /** The user's colour (pointer marker, user list), '#rrggbb'. */
  color: string;
  /** 'online' while connected. */
  status: string;
}

/** Spec 000 §3 "Chat message": type, from, msg, roomId; plus the server's id and time, for the history. */
export interface ChatEntry {
  id: string;
  type: 'txt';
  from: string;
  /** The sender's name when it was sent. */
  name: string;
  msg: string;
  roomId: string;
  /** Server time, ms since 1970. */
  time: number;
}

/** What `joinok` carries: who is there, who drives, the room's last shared state and its chat history. */
export interface JoinOk {
  roomId: string;
  userId: string;
  users: ReviewUser[];
  controller: string | null;
  state: unknown;
  history: ChatEntry[];
}

/** A room message as received: the server sets `from` (never the sender's claim). */
export interface RoomMessage<T = unknown> {
  type: RoomMessageType;
  from: string;
  msg: T;
  roomId: string;
}

export interface PrivateMessage<T = unknown> {
  type: PrivateMessageType;
  from: string;
  msg: T;
}

/** Why the server refused something (`join_error`, `socketError`). */
export interface ReviewErrorDetail {
  code: 'unauthorized' | 'bad-room' | 'bad-name' | 'bad-message' | 'too-large' | 'rate-limited' | 'not-joined' | 'unknown-target';
  message: string;
}

/** Spec 001 §7: a camera message is an array: sender id, control flag, then position, target and up (9 numbers). */
export type CameraMessage = [senderId: string, inControl: 0 | 1, ...view: number[]];
/** Spec 001 §7: a pointer message is an array: sender id, then the ray's origin and direction (6 numbers). */
export type PointerMessage = [senderId: string, ...ray: number[]];

/** Spec 000 §5 "Camera values": rounded to 3 decimals. */
const round3 = (value: number) => Math.round(value * 1000) / 1000;

export function encodeCamera(senderId: string, inControl: boolean, position: Vec3, target: Vec3, up: Vec3): CameraMessage {
  return [senderId, inControl ? 1 : 0, ...[position, target, up].flatMap((v) => [v.x, v.y, v.z].map(round3))];
}

export function encodePointer(senderId: string, origin: Vec3, direction: Vec3): PointerMessage {
  return [senderId, ...[origin, direction].flatMap((v) => [v.x, v.y, v.z].map(round3))];
}

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/** The view in a camera message; null when it is not one. */
export function decodeCamera(msg: unknown): { senderId: string; inControl: boolean; position: Vec3; target: Vec3; up: Vec3 } | null {
  if (!isCameraMessage(msg)) return null;
  const n = msg.slice(2) as number[];
  const v = (i: number) => ({ x: n[i], y: n[i + 1], z: n[i + 2] });
  return { senderId: msg[0], inControl: msg[1] === 1, position: v(0), target: v(3), up: v(6) };
}

export function decodePointer(msg: unknown): { senderId: string; origin: Vec3; direction: Vec3 } | null {
  if (!isPointerMessage(msg)) return null;
  const n = msg.slice(1) as number[];
  return { senderId: msg[0], origin: { x: n[0], y: n[1], z: n[2] }, direction: { x: n[3], y: n[4], z: n[5] } };
}

const finiteNumbers = (values: unknown[]) => values.every((value) => typeof value === 'number' && Number.isFinite(value));

export function isCameraMessage(msg: unknown): msg is CameraMessage {
  return Array.isArray(msg) && msg.length === 11 && typeof msg[0] === 'string' && msg[0].length <= 64 && (msg[1] === 0 || msg[1] === 1) && finiteNumbers(msg.slice(2));
}

export function isPointerMessage(msg: unknown): msg is PointerMessage {
  return Array.isArray(msg) && msg.length === 7 && typeof msg[0] === 'string' && msg[0].length <= 64 && finiteNumbers(msg.slice(1));
}

/** Spec 000 §5 "Nick command": a chat text beginning with it renames the sender. */
export const NICK_COMMAND = '/nick';

/** The new name of a `/nick` text, or null when the text is not one (or names nobody). */
export function nickOf(text: string): string | null {
  const match = /^\/nick\s+(.+)$/s.exec(text.trim());
  const name = match?.[1].trim();
  return name ? name.slice(0, REVIEW_LIMITS.nameChars) : null;
}

/** Spec 001 §5: chat texts starting with '/' are commands, not shown in the history. */
export function isChatCommand(text: string): boolean {
  return text.trimStart().startsWith('/');
}

/** A display name as the server keeps it: trimmed, control characters out, at most `nameChars`. */
export function cleanName(name: unknown): string | null {
  if (typeof name !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, REVIEW_LIMITS.nameChars);
  return clean || null;
}

/** Spec 000 §5 "Chat display name": a configured user name, else the first 5 characters of the user id, else Unknown. */
export function chatDisplayName(name: string | null | undefined, userId: string | null | undefined): string {
  if (name) return name;
  if (userId) return userId.slice(0, 5);
  return 'Unknown';
}

/** The colours users are shown in, by their order of arrival in a room. */
export const USER_COLORS = ['#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4', '#42d4f4', '#f032e6', '#9a6324', '#469990', '#800000'] as const;

/** A user's colour from their id (the same on every client without asking the server). */
export function colorOfUser(userId: string): string {
  let hash = 0;
  for (let i = 0; i < userId.length; i++) hash = (hash * 31 + userId.charCodeAt(i)) >>> 0;
  return USER_COLORS[hash % USER_COLORS.length];
}
