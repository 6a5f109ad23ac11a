import { atom } from 'nanostores';
import { Vector3 } from 'three';
import type { Navigation } from '../camera/Navigation.js';
import type { Tool } from '../tools/Tool.js';
import type { ReviewClient } from './ReviewClient.js';
import { decodeCamera, encodeCamera, type RoomMessage } from './reviewProtocol.js';

/** Spec 000 §4: connected and joined, then in control or following. */
export type ReviewRole = 'in-control' | 'following';

/** What the camera sync needs of the viewer. */
export interface CameraSyncPort {
  readonly navigation: Navigation;
  invalidate(): void;
  /** Raises `control-change`. */
  onControlChange(userId: string, inControl: boolean): void;
}

/** How fast a follower's camera closes on the leader's view: the time constant of its exponential approach, ms. */
const FOLLOW_TIME_CONSTANT_MS = 40;
/** Closer than this share of the view's distance, the follower's camera lands on the leader's view. */
const FOLLOW_SNAP = 1e-4;

/**
 * The shared camera (spec 000 §4 "Live review", §6; spec 001 §7 camera message): whoever last interacted
 * holds control and sends the view (position, target, up) once per frame while it changes; the others
 * follow it, smoothly (an exponential approach over a few frames), unless a follower disconnected from
 * camera control. Any input of the user (button, wheel, gesture, key) on the canvas takes control; the
 * interceptor tool sees it before every other tool and lets it through.
 */
export class CameraSync {
  /** False once this follower disconnected from camera control (its own view, until it connects again). */
  readonly $followsCamera = atom(true);
  readonly interceptor: Tool;
  private pendingSend = 0;
  private followTarget: { position: Vector3; target: Vector3; up: Vector3 } | null = null;
  private lastFrameTime = 0;
  private readonly stops: (() => void)[] = [];
  /** The last controller this client reported (control-change is raised when it changes). */
  private reportedController: string | null = null;
  /** Whether this client held control when its connection dropped. */
  private wasLeading = false;

  constructor(
    private readonly viewer: CameraSyncPort,
    private readonly client: ReviewClient,
    /** Called on the user's input on the canvas (pointer moves are the pointer sync's). */
    onPointerMove: (canvasX: number, canvasY: number) => void,
  ) {
    const takeControl = () => {
      this.takeControl();
      return false;
    };
    this.interceptor = {
      names: ['collaborate-interceptor'],
      priority: 1000,
      isAlwaysOn: true,
      handleButtonDown: takeControl,
      handleWheel: takeControl,
      handleGesture: takeControl,
      handleKeyDown: takeControl,
      handleMouseMove: (event) => {
        onPointerMove(event.canvasX, event.canvasY);
        return false;
      },
      update: (time) => this.follow(time),
    };
    this.stops.push(
      client.on('camera', (message) => this.receive(message)),
      client.$controller.subscribe((controller) => this.reportController(controller)),
      // Someone joined: the leader sends the view now, so the newcomer starts from it.
      client.on('joined', () => {
        if (client.isInControl()) this.sendNow();
      }),
      // Cut off (a network drop, a server restart): a leader takes control again once back, so the room keeps its leader.
      client.on('disconnect', () => {
        this.wasLeading = client.isInControl();
      }),
      client.on('rejoined', () => {
        if (!this.wasLeading) return;
        client.takeControl();
        this.sendNow();
      }),
    );
  }

  /** Whether this client drives the camera now, or follows. */
  getRole(): ReviewRole {
    return this.client.isInControl() ? 'in-control' : 'following';
  }

  /** The viewer's camera moved: the leader sends it (at most once per frame). */
  cameraChanged(): void {
    if (!this.client.isInControl() || this.followTarget || this.pendingSend) return;
    this.pendingSend = requestAnimationFrame(() => this.sendNow());
  }

  /** Takes control of the shared camera (the user's input; a disconnected follower keeps its own view instead). */
  takeControl(): void {
    if (this.client.$status.get() !== 'joined' || this.client.isInControl() || !this.$followsCamera.get()) return;
    this.followTarget = null;
    this.client.takeControl();
    this.sendNow();
  }

  /** Spec 000 §4: "A follower can disconnect camera control"; connecting again goes to the leader's view. */
  setFollowsCamera(follows: boolean): void {
    this.$followsCamera.set(follows);
    if (follows && this.lastReceived) this.followTo(this.lastReceived);
  }

  private lastReceived: RoomMessage | null = null;

  private receive(message: RoomMessage): void {
    const camera = decodeCamera(message.msg);
    if (!camera || message.from === this.client.userId) return;
    if (camera.inControl && this.client.$controller.get() !== message.from) this.client.$controller.set(message.from);
    if (!camera.inControl && message.from !== this.client.$controller.get()) return;
    this.lastReceived = message;
    if (this.$followsCamera.get()) this.followTo(message);
  }

  private followTo(message: RoomMessage): void {
    const camera = decodeCamera(message.msg);
    if (!camera) return;
    const v = (p: { x: number; y: number; z: number }) => new Vector3(p.x, p.y, p.z);
    this.followTarget = { position: v(camera.position), target: v(camera.target), up: v(camera.up).normalize() };
    this.lastFrameTime = 0;
    this.viewer.invalidate();
  }

  /** One frame of following: closes on the leader's view; true while not there yet (another frame). */
  private follow(time: number): boolean {
    const goal = this.followTarget;
    if (!goal) return false;
    const navigation = this.viewer.navigation;
    const dt = this.lastFrameTime ? Math.max(0, time - this.lastFrameTime) : 16;
    this.lastFrameTime = time;
    const k = 1 - Math.exp(-dt / FOLLOW_TIME_CONSTANT_MS);
    const camera = navigation.getCamera();
    const position = new Vector3().copy(camera.position).lerp(goal.position, k);
    const target = new Vector3().copy(camera.target).lerp(goal.target, k);
    const up = new Vector3().copy(camera.up).lerp(goal.up, k).normalize();
    const scale = Math.max(goal.position.distanceTo(goal.target), 1e-9);
    const arrived = position.distanceTo(goal.position) < FOLLOW_SNAP * scale && target.distanceTo(goal.target) < FOLLOW_SNAP * scale;
    navigation.batch(() => {
      navigation.setView(arrived ? goal.position : position, arrived ? goal.target : target);
      navigation.setCameraUpVector(arrived ? goal.up : up);
    });
    if (arrived) this.followTarget = null;
    return !arrived;
  }

  private sendNow(): void {
    if (this.pendingSend) cancelAnimationFrame(this.pendingSend);
    this.pendingSend = 0;
    if (this.client.$status.get() !== 'joined') return;
    const camera = this.viewer.navigation.getCamera();
    this.client.send('camera', encodeCamera(this.client.userId, this.client.isInControl(), camera.position, camera.target, camera.up));
  }

  private reportController(controller: string | null): void {
    if (!controller || controller === this.reportedController) return;
    this.reportedController = controller;
    this.viewer.onControlChange(controller, controller === this.client.userId);
  }

  dispose(): void {
    if (this.pendingSend) cancelAnimationFrame(this.pendingSend);
    for (const stop of this.stops.splice(0)) stop();
    this.followTarget = null;
  }
}
