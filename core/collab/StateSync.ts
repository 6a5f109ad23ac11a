import type { ViewerEventName } from '../viewer/ViewerEvents.js';
import type { ReviewClient } from './ReviewClient.js';
import type { RoomMessage } from './reviewProtocol.js';

/**
 * The keys of the viewer state a review shares (spec 001 §3 "Collaboration": selection and object set, cut
 * planes, render options; issue 35: also explode, visibility and measurements): everything but the
 * camera, which the camera messages carry.
 */
export const SHARED_STATE_FILTER = { seedURN: true, objectSet: true, cutplanes: true, renderOptions: true, measure: true } as const;

/** The viewer's changes that change the shared state. */
const SHARED_STATE_EVENTS: readonly ViewerEventName[] = [
  'selection-change',
  'isolate-change',
  'hide-change',
  'show-change',
  'explode-change',
  'cutplanes-change',
  'layer-visibility-change',
  'measure-change',
  'preference-change',
];

/** What the state sync needs of the viewer. */
export interface StateSyncPort {
  getState(filter?: unknown): object;
  restoreState(state: unknown, filter?: unknown, immediate?: boolean): boolean;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/**
 * The shared viewer state (spec 000 §7 "State carries the shared viewer state"; spec 001 §7 state message):
 * after any change of selection, visibility, explode, cut planes, layers, measurements or render options,
 * the state (SHARED_STATE_FILTER) goes to the room, once per frame; a state from the room is restored
 * without moving the camera. A state equal to the last one sent or received is not sent again, so what a
 * restore changes does not echo back.
 */
export class StateSync {
  private lastJson = '';
  private pending = 0;
  private readonly onChange = () => this.schedule();
  private readonly stop: () => void;

  constructor(
    private readonly viewer: StateSyncPort,
    private readonly client: ReviewClient,
  ) {
    for (const event of SHARED_STATE_EVENTS) viewer.addEventListener(event, this.onChange);
    this.stop = client.on('state', (message) => this.receive(message));
  }

  /** Brings this viewer to a room's state (a message, or the state `joinok` carried). */
  apply(state: unknown): void {
    if (!state || typeof state !== 'object') return;
    this.lastJson = JSON.stringify(state);
    this.viewer.restoreState(state, SHARED_STATE_FILTER, true);
    // What the restore itself changed is this state: remember it as the viewer reports it.
    this.lastJson = JSON.stringify(this.viewer.getState(SHARED_STATE_FILTER));
  }

  private receive(message: RoomMessage): void {
    if (message.from === this.client.userId) return;
    this.apply(message.msg);
  }

  private schedule(): void {
    if (this.pending || this.client.$status.get() !== 'joined') return;
    this.pending = requestAnimationFrame(() => {
      this.pending = 0;
      this.sendIfChanged();
    });
  }

  /** Sends the state now if it differs from the last one sent or received. */
  sendIfChanged(): void {
    if (this.client.$status.get() !== 'joined') return;
    const state = this.viewer.getState(SHARED_STATE_FILTER);
    const json = JSON.stringify(state);
    if (json === this.lastJson) return;
    this.lastJson = json;
    this.client.send('state', state);
  }

  dispose(): void {
    if (this.pending) cancelAnimationFrame(this.pending);
    for (const event of SHARED_STATE_EVENTS) this.viewer.removeEventListener(event, this.onChange);
    this.stop();
  }
}
