import { atom } from 'nanostores';
import { Ray, Vector3 } from 'three';
import type { ReviewClient } from './ReviewClient.js';
import { decodePointer, encodePointer, type RoomMessage } from './reviewProtocol.js';

/** Spec 000 §2 "Collaboration pointer marker": 6 px wide; spec 001 §9: drawn 6 px off the point. */
export const POINTER_MARKER_SIZE_PX = 6;
export const POINTER_MARKER_OFFSET_PX = 6;

/** Another user's pointer: where on the model (or in front of it) it points, in the sender's colour. */
export interface SharedPointer {
  userId: string;
  name: string;
  color: string;
  point: { x: number; y: number; z: number };
}

/** What the pointer sync needs of the viewer. */
export interface PointerSyncPort {
  rayFromCanvas(x: number, y: number): Ray;
  rayCast(ray: Ray): { intersectPoint?: { x: number; y: number; z: number } | null } | null;
  /** The distance from the camera to its target: how far a ray that hits nothing points. */
  viewDistance(): number;
}

/**
 * The shared pointer (spec 000 §2, §3 "Pointer message", §7; spec 001 §7 pointer message): this user's
 * pointer over the canvas goes to the room as a ray (origin, direction) once per frame; the others' rays
 * become points on the model (where the ray meets it, else at the view's distance), drawn by the chrome as
 * markers in their colours (react-panels/collaborate/PointerMarkers).
 */
export class PointerSync {
  readonly $pointers = atom<Readonly<Record<string, SharedPointer>>>({});
  private pending: { x: number; y: number } | null = null;
  private frame = 0;
  private readonly stops: (() => void)[];

  constructor(
    private readonly viewer: PointerSyncPort,
    private readonly client: ReviewClient,
  ) {
    this.stops = [
      client.on('pointer', (message) => this.receive(message)),
      client.$users.subscribe((users) => {
        const present = new Set(users.map((user) => user.id));
        const pointers = this.$pointers.get();
        if (Object.keys(pointers).some((id) => !present.has(id))) this.$pointers.set(Object.fromEntries(Object.entries(pointers).filter(([id]) => present.has(id))));
      }),
    ];
  }

  /** The user's pointer moved over the canvas (CSS px): sent with the next frame. */
  moved(canvasX: number, canvasY: number): void {
    if (this.client.$status.get() !== 'joined') return;
    this.pending = { x: canvasX, y: canvasY };
    if (!this.frame) this.frame = requestAnimationFrame(() => this.flush());
  }

  private flush(): void {
    this.frame = 0;
    const at = this.pending;
    this.pending = null;
    if (!at) return;
    const ray = this.viewer.rayFromCanvas(at.x, at.y);
    this.client.send('pointer', encodePointer(this.client.userId, ray.origin, ray.direction));
  }

  private receive(message: RoomMessage): void {
    const pointer = decodePointer(message.msg);
    if (!pointer || message.from === this.client.userId) return;
    const ray = new Ray(new Vector3(pointer.origin.x, pointer.origin.y, pointer.origin.z), new Vector3(pointer.direction.x, pointer.direction.y, pointer.direction.z).normalize());
    const hit = this.viewer.rayCast(ray)?.intersectPoint;
    const point = hit ? { x: hit.x, y: hit.y, z: hit.z } : ray.at(this.viewer.viewDistance(), new Vector3());
    const user = this.client.$users.get().find((u) => u.id === message.from);
    this.$pointers.set({
      ...this.$pointers.get(),
      [message.from]: { userId: message.from, name: user?.name ?? message.from.slice(0, 5), color: user?.color ?? '#e6194b', point: { x: point.x, y: point.y, z: point.z } },
    });
  }

  dispose(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    for (const stop of this.stops.splice(0)) stop();
    this.$pointers.set({});
  }
}
