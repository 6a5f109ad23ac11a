import {
  isCameraMessage,
  isPointerMessage,
  PRIVATE_MESSAGE_TYPES,
  type PrivateMessageType,
  REVIEW_LIMITS,
  ROOM_MESSAGE_TYPES,
  type ReviewErrorDetail,
  type RoomMessageType,
} from '../../core/collab/reviewProtocol.js';

/** A message the server accepts: to the room, or to one user of it. */
export type CheckedMessage =
  | { kind: 'room'; type: RoomMessageType; msg: unknown }
  | { kind: 'private'; type: PrivateMessageType; target: string; msg: unknown };

const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

const refuse = (code: ReviewErrorDetail['code'], message: string): { error: ReviewErrorDetail } => ({ error: { code, message } });

/** The size of a value as JSON, in characters; Infinity when it is not JSON. */
function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? Infinity;
  } catch {
    return Infinity;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Spec 000 §7 "Send a message" (type, msg, and roomId or target), checked against its type's schema and
 * size before anything is stored or passed on. The sender id inside camera and pointer arrays is the
 * server's to set (see `stampSender`).
 */
export function checkMessage(payload: unknown): CheckedMessage | { error: ReviewErrorDetail } {
  if (!isPlainObject(payload)) return refuse('bad-message', 'A message is an object: { type, msg, roomId | target }.');
  const { type, msg, target } = payload;
  if (target !== undefined) {
    if (typeof target !== 'string' || !USER_ID.test(target)) return refuse('bad-message', 'A private message names its target user.');
    if (!PRIVATE_MESSAGE_TYPES.includes(type as PrivateMessageType)) return refuse('bad-message', `Unknown private message type: ${String(type).slice(0, 40)}`);
    if (jsonLength(msg) > REVIEW_LIMITS.privateChars) return refuse('too-large', `A private message is at most ${REVIEW_LIMITS.privateChars} characters.`);
    return { kind: 'private', type: type as PrivateMessageType, target, msg: msg ?? null };
  }
  switch (type as RoomMessageType) {
    case 'camera':
      return isCameraMessage(msg) ? { kind: 'room', type: 'camera', msg } : refuse('bad-message', 'A camera message is [senderId, controlFlag, 9 numbers].');
    case 'pointer':
      return isPointerMessage(msg) ? { kind: 'room', type: 'pointer', msg } : refuse('bad-message', 'A pointer message is [senderId, 6 numbers].');
    case 'joystick':
      return Array.isArray(msg) && msg.length <= 16 && msg.every((n) => typeof n === 'number' && Number.isFinite(n))
        ? { kind: 'room', type: 'joystick', msg }
        : refuse('bad-message', 'A joystick message is up to 16 numbers.');
    case 'state':
      if (!isPlainObject(msg)) return refuse('bad-message', 'A state message is a viewer state object.');
      if (jsonLength(msg) > REVIEW_LIMITS.stateChars) return refuse('too-large', `A shared state is at most ${REVIEW_LIMITS.stateChars} characters of JSON.`);
      return { kind: 'room', type: 'state', msg };
    case 'txt':
      if (typeof msg !== 'string' || !msg.trim()) return refuse('bad-message', 'A chat message is a text that is not empty.');
      if (msg.length > REVIEW_LIMITS.chatChars) return refuse('too-large', `A chat message is at most ${REVIEW_LIMITS.chatChars} characters.`);
      return { kind: 'room', type: 'txt', msg };
    default:
      if (!ROOM_MESSAGE_TYPES.includes(type as RoomMessageType)) return refuse('bad-message', `Unknown message type: ${String(type).slice(0, 40)}`);
      return refuse('bad-message', 'Unreadable message.');
  }
}

/** Camera and pointer arrays carry their sender first: the server puts the sender it knows there. */
export function stampSender(type: RoomMessageType, msg: unknown, userId: string): unknown {
  if ((type === 'camera' || type === 'pointer') && Array.isArray(msg)) return [userId, ...msg.slice(1)];
  return msg;
}
