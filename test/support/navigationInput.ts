import { executeServerCommand, sendMouse } from '@web/test-runner-commands';
import { MathUtils, Vector3 } from 'three';
import { Viewer } from '../../core/index.js';
import { createContainer, sampleUrl } from './helpers.js';

/** A started viewer in a small container with a sample loaded, camera at its home view. */
export async function viewerWithModel(sample = 'gltf/car.glb', width = 400, height = 300): Promise<{ viewer: Viewer; container: HTMLDivElement }> {
  const container = createContainer(width, height);
  const viewer = new Viewer(container, { language: 'en' });
  viewer.start();
  await viewer.loadModel(sampleUrl(sample));
  // Touch gestures are recognised once hammerjs has loaded (it is imported when the viewer starts).
  await viewer.toolController.whenGesturesReady();
  // A model that loads quickly may still be in its first flight to the home view: the tests start from the
  // view at rest.
  viewer.navigation.finishTransition();
  return { viewer, container };
}

export function dispose({ viewer, container }: { viewer: Viewer; container: HTMLElement }): void {
  viewer.finish();
  container.remove();
}

/** The camera's roll from a reference up, in degrees, positive when the world turned clockwise on screen. */
export function rollFrom(viewer: Viewer, referenceUp: Vector3): number {
  const nav = viewer.navigation;
  const angle = MathUtils.radToDeg(referenceUp.angleTo(nav.up));
  const sign = Math.sign(new Vector3().crossVectors(referenceUp, nav.up).dot(nav.getDirection()));
  // The camera turning one way about the view direction turns the world the other way on screen.
  return -sign * angle;
}

/** A point of the canvas in page coordinates: fractions of its width and height (0.5, 0.5 = centre). */
export function canvasPoint(viewer: Viewer, fx = 0.5, fy = 0.5): [number, number] {
  const rect = viewer.canvas.getBoundingClientRect();
  return [Math.round(rect.left + rect.width * fx), Math.round(rect.top + rect.height * fy)];
}

/** A real mouse drag: press, move in steps, release. */
export async function mouseDrag(from: [number, number], by: [number, number], button: 'left' | 'right' | 'middle' = 'left', steps = 5): Promise<void> {
  await sendMouse({ type: 'move', position: from });
  await sendMouse({ type: 'down', button });
  for (let step = 1; step <= steps; step++) {
    await sendMouse({ type: 'move', position: [Math.round(from[0] + (by[0] * step) / steps), Math.round(from[1] + (by[1] * step) / steps)] });
  }
  await sendMouse({ type: 'up', button });
}

/** A real mouse drag along a path of page points (pressed at the first, released at the last). */
export async function mousePath(points: [number, number][], button: 'left' | 'right' | 'middle' = 'left'): Promise<void> {
  await sendMouse({ type: 'move', position: points[0] });
  await sendMouse({ type: 'down', button });
  for (const point of points.slice(1)) await sendMouse({ type: 'move', position: [Math.round(point[0]), Math.round(point[1])] });
  await sendMouse({ type: 'up', button });
}

export function wheel(at: [number, number], deltaY: number, repeat = 1): Promise<unknown> {
  return executeServerCommand('mouse-wheel', { x: at[0], y: at[1], deltaY, repeat });
}

/** Real touch: fingers (page points) that all move by the same offset in steps. */
export function touchDrag(fingers: [number, number][], by: [number, number], steps = 12): Promise<unknown> {
  return touchFrames(Array.from({ length: steps + 1 }, (_, i) => fingers.map(([x, y]): [number, number] => [x + (by[0] * i) / steps, y + (by[1] * i) / steps])));
}

/** Real touch: fingers (page points) go down at the first frame, move through the others and lift. */
export function touchFrames(frames: [number, number][][]): Promise<unknown> {
  return executeServerCommand('touch-sequence', { frames });
}

/** Real touch: two fingers on a circle about a centre, spreading from one radius to another. */
export function touchPinch(center: [number, number], fromRadius: number, toRadius: number, steps = 12): Promise<unknown> {
  const frames = Array.from({ length: steps + 1 }, (_, i) => {
    const r = fromRadius + ((toRadius - fromRadius) * i) / steps;
    return [[center[0] - r, center[1]], [center[0] + r, center[1]]] as [number, number][];
  });
  return touchFrames(frames);
}

/** Real touch: two fingers turning about a centre (degrees, clockwise on screen), at a constant spread. */
export function touchRotate(center: [number, number], radius: number, degrees: number, steps = 16): Promise<unknown> {
  const frames = Array.from({ length: steps + 1 }, (_, i) => {
    const a = ((degrees * i) / steps) * (Math.PI / 180);
    const dx = Math.cos(a) * radius;
    const dy = Math.sin(a) * radius;
    return [[center[0] - dx, center[1] - dy], [center[0] + dx, center[1] + dy]] as [number, number][];
  });
  return touchFrames(frames);
}

export function touchTap(points: [number, number][], taps = 1): Promise<unknown> {
  return executeServerCommand('touch-tap', { points, taps });
}

/** Resolves after `ms` of real time (for the spec's time windows: 100 ms wheel window, 500 ms fade). */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves once a condition holds, checking every animation frame (rejects after a timeout). */
export async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = performance.now();
  while (!condition()) {
    if (performance.now() - start > timeoutMs) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}
