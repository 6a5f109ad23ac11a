import type { Redis } from 'ioredis';
import type { ChatEntry } from '../../core/collab/reviewProtocol.js';

/**
 * What a review room keeps beyond its sockets: who holds the camera, the last shared viewer state, and the
 * chat history (bounded), so that a late joiner gets the current view and the talk so far. In memory for
 * one process; in Redis when the server runs with REDIS_URL, so that every process of a room sees the same,
 * and a restart loses no acknowledged chat message (a message is acknowledged after Redis has it).
 */
export interface RoomStore {
  getController(roomId: string): Promise<string | null>;
  setController(roomId: string, userId: string): Promise<void>;
  getState(roomId: string): Promise<unknown>;
  setState(roomId: string, state: unknown): Promise<void>;
  /** Adds a message to the history (keeping the last `limit`); resolves once it is stored. */
  appendChat(roomId: string, entry: ChatEntry, limit: number): Promise<void>;
  getHistory(roomId: string): Promise<ChatEntry[]>;
  close(): Promise<void>;
}

interface MemoryRoom {
  controller: string | null;
  state: unknown;
  history: ChatEntry[];
}

export class MemoryRoomStore implements RoomStore {
  private readonly rooms = new Map<string, MemoryRoom>();

  private room(roomId: string): MemoryRoom {
    let room = this.rooms.get(roomId);
    if (!room) this.rooms.set(roomId, (room = { controller: null, state: null, history: [] }));
    return room;
  }

  async getController(roomId: string): Promise<string | null> {
    return this.rooms.get(roomId)?.controller ?? null;
  }

  async setController(roomId: string, userId: string): Promise<void> {
    this.room(roomId).controller = userId;
  }

  async getState(roomId: string): Promise<unknown> {
    return this.rooms.get(roomId)?.state ?? null;
  }

  async setState(roomId: string, state: unknown): Promise<void> {
    this.room(roomId).state = state;
  }

  async appendChat(roomId: string, entry: ChatEntry, limit: number): Promise<void> {
    const history = this.room(roomId).history;
    history.push(entry);
    if (history.length > limit) history.splice(0, history.length - limit);
  }

  async getHistory(roomId: string): Promise<ChatEntry[]> {
    return [...(this.rooms.get(roomId)?.history ?? [])];
  }

  async close(): Promise<void> {
    this.rooms.clear();
  }
}

/** How long a room's keys live in Redis after their last change. */
const ROOM_TTL_S = 7 * 24 * 3600;

export class RedisRoomStore implements RoomStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'design-viewer:review:',
  ) {}

  private key(roomId: string, part: string): string {
    return `${this.prefix}${roomId}:${part}`;
  }

  async getController(roomId: string): Promise<string | null> {
    return this.redis.get(this.key(roomId, 'controller'));
  }

  async setController(roomId: string, userId: string): Promise<void> {
    await this.redis.set(this.key(roomId, 'controller'), userId, 'EX', ROOM_TTL_S);
  }

  async getState(roomId: string): Promise<unknown> {
    const json = await this.redis.get(this.key(roomId, 'state'));
    return json ? JSON.parse(json) : null;
  }

  async setState(roomId: string, state: unknown): Promise<void> {
    await this.redis.set(this.key(roomId, 'state'), JSON.stringify(state), 'EX', ROOM_TTL_S);
  }

  async appendChat(roomId: string, entry: ChatEntry, limit: number): Promise<void> {
    const key = this.key(roomId, 'chat');
    await this.redis.multi().rpush(key, JSON.stringify(entry)).ltrim(key, -limit, -1).expire(key, ROOM_TTL_S).exec();
  }

  async getHistory(roomId: string): Promise<ChatEntry[]> {
    const entries = await this.redis.lrange(this.key(roomId, 'chat'), 0, -1);
    return entries.map((json) => JSON.parse(json) as ChatEntry);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
