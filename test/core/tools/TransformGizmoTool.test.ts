import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import { Matrix4, Quaternion, Vector3 } from 'three';
import { type GizmoDragDetail, type HitResult, type Viewer } from '../../../core/index.js';
import { GIZMO_SCALE_DIVISOR } from '../../../core/tools/TransformGizmoTool.js';
import { frames } from '../../support/helpers.js';
import { dispose, mousePath, touchDrag, until, viewerWithModel } from '../../support/navigationInput.js';

/** The page point of a world point. */
function pagePoint(viewer: Viewer, point: Vector3): [number, number] {
  const p = point.clone().project(viewer.navigation.getThreeCamera());
  const rect = viewer.canvas.getBoundingClientRect();
  return [rect.left + ((p.x + 1) / 2) * rect.width, rect.top + ((1 - p.y) / 2) * rect.height];
}

const round = ([x, y]: [number, number]): [number, number] => [Math.round(x), Math.round(y)];

/** Points from `from` along a screen direction, every few pixels. */
function along(from: [number, number], direction: [number, number], length: number, step = 6): [number, number][] {
  const points: [number, number][] = [round(from)];
  for (let d = step; d <= length; d += step) points.push(round([from[0] + direction[0] * d, from[1] + direction[1] * d]));
  points.push(round([from[0] + direction[0] * length, from[1] + direction[1] * length]));
  return points;
}

function screenDirection(viewer: Viewer, origin: Vector3, axis: Vector3, scale: number): [number, number] {
  const a = pagePoint(viewer, origin);
  const b = pagePoint(viewer, origin.clone().addScaledVector(axis, scale * 0.5));
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  return [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
}

/** The gizmo's drag events as they come: name and detail. */
function recordDrags(viewer: Viewer): [string, GizmoDragDetail][] {
  const events: [string, GizmoDragDetail][] = [];
  for (const name of ['gizmo-drag-start', 'gizmo-drag-move', 'gizmo-drag-end'] as const) viewer.addEventListener(name, (e) => events.push([name, e.detail]));
  return events;
}

describe('TransformGizmoTool', () => {
  let viewer: Viewer;
  let container: HTMLDivElement;
  let hit: HitResult;
  beforeEach(async () => {
    ({ viewer, container } = await viewerWithModel());
    const rect = viewer.canvas.getBoundingClientRect();
    hit = viewer.hitTest(rect.left + rect.width / 2, rect.top + rect.height / 2)!;
    viewer.select([hit.dbId], hit.model);
  });
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
    dispose({ viewer, container });
  });

  async function hoverHandle(point: Vector3, axis: string): Promise<[number, number]> {
    const at = round(pagePoint(viewer, point));
    await sendMouse({ type: 'move', position: at });
    await until(() => viewer.transformGizmo.hoverAxis === axis);
    return at;
  }

  it('is hidden until shown, then sits at the centre of the selection with its textures from res/', async () => {
    const gizmo = viewer.transformGizmo;
    expect(gizmo.isShown).to.equal(false);
    expect(gizmo.show('translate')).to.equal(true);
    expect(viewer.toolController.isToolActive('gizmo')).to.equal(true);
    const center = viewer.getBoundsOf([hit.dbId], hit.model).getCenter(new Vector3());
    expect(gizmo.getPosition()!.distanceTo(center)).to.be.lessThan(1e-6);
    expect(gizmo.getTextureUrls().map((url) => url.replace(viewer.resourceRoot, ''))).to.deep.equal(['textures/centerMarker_X.png', 'textures/cardinalPoint.png']);
    await until(() => gizmo.areTexturesLoaded);
    gizmo.hide();
    expect(viewer.toolController.isToolActive('gizmo')).to.equal(false);
    expect(gizmo.getPosition()).to.equal(null);
  });

  it('moves the selection along an axis by a drag, raising start, move and end, and picking follows', async () => {
    const gizmo = viewer.transformGizmo;
    gizmo.show('translate');
    await frames(2);
    const events = recordDrags(viewer);
    const activeAxes = new Set<string | null>();
    viewer.addEventListener('gizmo-drag-move', () => activeAxes.add(gizmo.activeAxis));
    const origin = gizmo.getPosition()!;
    const scale = gizmo.getWorldScale();
    const start = await hoverHandle(origin.clone().add(new Vector3(scale * 0.3, 0, 0)), 'X');
    const direction = screenDirection(viewer, origin, new Vector3(1, 0, 0), scale);
    await mousePath(along(start, direction, 60));
    expect(gizmo.isDragging).to.equal(false);
    expect(events[0][0]).to.equal('gizmo-drag-start');
    expect(events[events.length - 1][0]).to.equal('gizmo-drag-end');
    expect(events.filter(([name]) => name === 'gizmo-drag-move').length).to.be.greaterThan(2);
    expect(events.every(([, d]) => d.axis === 'X' && d.mode === 'translate' && d.dbIds[0] === hit.dbId)).to.equal(true);
    // The dragged handle stays the active one for the whole drag, and none is after it.
    expect([...activeAxes]).to.deep.equal(['X']);
    expect(gizmo.activeAxis).to.equal(null);

    // Moved along X only, by the end event's matrix, fragment by fragment.
    const moved = new Vector3().setFromMatrixPosition(new Matrix4().fromArray(events[events.length - 1][1].matrix));
    expect(moved.x).to.be.greaterThan(scale * 0.2);
    expect(Math.hypot(moved.y, moved.z)).to.be.lessThan(1e-6);
    const fragments = hit.model.fragments;
    const fragId = viewer.getAggregateSelection()[0].fragIds[0];
    expect(new Vector3().setFromMatrixPosition(fragments.getTransform(fragId)).distanceTo(moved)).to.be.lessThan(1e-6);

    // Picking follows: the point that was picked is now where it moved to.
    const [x, y] = pagePoint(viewer, hit.intersectPoint.clone().add(moved));
    const after = viewer.hitTest(x, y)!;
    expect(after.dbId).to.equal(hit.dbId);
    expect(after.intersectPoint.distanceTo(hit.intersectPoint.clone().add(moved))).to.be.lessThan(scale * 0.02);
    // The press on the handle did not change the selection.
    expect(viewer.getSelection()).to.deep.equal([hit.dbId]);
  });

  it('moves the selection along an axis by a one-finger drag on a handle, and leaves the camera alone', async () => {
    const gizmo = viewer.transformGizmo;
    gizmo.show('translate');
    await frames(2);
    const events = recordDrags(viewer);
    const camera = viewer.navigation.position.clone();
    const origin = gizmo.getPosition()!;
    const scale = gizmo.getWorldScale();
    const start = round(pagePoint(viewer, origin.clone().add(new Vector3(scale * 0.3, 0, 0))));
    const direction = screenDirection(viewer, origin, new Vector3(1, 0, 0), scale);
    await touchDrag([start], [direction[0] * 60, direction[1] * 60]);
    await until(() => events.some(([name]) => name === 'gizmo-drag-end'));
    expect(events[0][0]).to.equal('gizmo-drag-start');
    expect(events.filter(([name]) => name === 'gizmo-drag-move').length).to.be.greaterThan(2);
    expect(events.every(([, d]) => d.axis === 'X' && d.mode === 'translate')).to.equal(true);
    const moved = new Vector3().setFromMatrixPosition(new Matrix4().fromArray(events[events.length - 1][1].matrix));
    expect(moved.x).to.be.greaterThan(scale * 0.2);
    expect(Math.hypot(moved.y, moved.z)).to.be.lessThan(1e-6);
    const fragId = viewer.getAggregateSelection()[0].fragIds[0];
    expect(new Vector3().setFromMatrixPosition(hit.model.fragments.getTransform(fragId)).distanceTo(moved)).to.be.lessThan(1e-6);
    // The finger dragged the handle, not the view.
    expect(viewer.navigation.position.distanceTo(camera)).to.equal(0);
    expect(viewer.getSelection()).to.deep.equal([hit.dbId]);
  });

  it('leaves a one-finger drag that starts off the handles to the camera', async () => {
    const gizmo = viewer.transformGizmo;
    gizmo.show('translate');
    await frames(2);
    let started = false;
    viewer.addEventListener('gizmo-drag-start', () => (started = true));
    const camera = viewer.navigation.position.clone();
    const rect = viewer.canvas.getBoundingClientRect();
    await touchDrag([[Math.round(rect.left + rect.width * 0.15), Math.round(rect.top + rect.height * 0.8)]], [60, 0]);
    expect(started).to.equal(false);
    expect(viewer.navigation.position.distanceTo(camera)).to.be.greaterThan(0.01);
  });

  it('snaps a rotation to the nearest increment only within the snap delta', async () => {
    const gizmo = viewer.transformGizmo;
    gizmo.show('rotate');
    await frames(2);
    const origin = gizmo.getPosition()!;
    const scale = gizmo.getWorldScale();
    const fragId = viewer.getAggregateSelection()[0].fragIds[0];
    const ringPoint = (angle: number) => origin.clone().add(new Vector3(Math.cos(angle), 0, Math.sin(angle)).multiplyScalar(scale * 0.5));
    const rotateOnce = async () => {
      const start = await hoverHandle(ringPoint(0.6), 'Y');
      const end = round(pagePoint(viewer, ringPoint(1.3)));
      await mousePath([start, round([(start[0] + end[0]) / 2, (start[1] + end[1]) / 2]), end]);
      await until(() => !gizmo.isDragging);
    };

    // A wide delta: any drag lands on a quarter turn.
    gizmo.setSnap(Math.PI / 2, Math.PI / 4);
    await rotateOnce();
    const snapped = gizmo.lastRotationAngle;
    expect(Math.abs(snapped / (Math.PI / 2) - Math.round(snapped / (Math.PI / 2)))).to.be.lessThan(1e-9);
    expect(Math.abs(gizmo.lastUnsnappedRotationAngle - snapped)).to.be.at.most(Math.PI / 4);
    // The objects turned by exactly that, about world up.
    const turned = new Quaternion().setFromRotationMatrix(new Matrix4().extractRotation(viewer.getAggregateSelection()[0].model.fragments.getTransform(fragId)));
    expect(Math.abs(turned.angleTo(new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), snapped)))).to.be.lessThan(1e-5);

    // No delta: the angle stays where the pointer put it.
    gizmo.setSnap(Math.PI / 12, 0);
    await rotateOnce();
    expect(gizmo.lastRotationAngle).to.equal(gizmo.lastUnsnappedRotationAngle);
    expect(Math.abs(gizmo.lastRotationAngle)).to.be.greaterThan(0.05);
  });

  it('scales with the spec divisor: 50 px along a handle doubles the size on that axis', async () => {
    expect(GIZMO_SCALE_DIVISOR).to.equal(50);
    const gizmo = viewer.transformGizmo;
    gizmo.show('scale');
    await frames(2);
    const origin = gizmo.getPosition()!;
    const scale = gizmo.getWorldScale();
    const start = await hoverHandle(origin.clone().add(new Vector3(scale * 0.5, 0, 0)), 'X');
    const direction = screenDirection(viewer, origin, new Vector3(1, 0, 0), scale);
    const path = along(start, direction, 50);
    await mousePath(path);
    const end = path[path.length - 1];
    const travel = (end[0] - start[0]) * direction[0] + (end[1] - start[1]) * direction[1];
    const fragId = viewer.getAggregateSelection()[0].fragIds[0];
    const matrix = hit.model.fragments.getTransform(fragId);
    const sx = new Vector3().setFromMatrixColumn(matrix, 0).length();
    const sy = new Vector3().setFromMatrixColumn(matrix, 1).length();
    expect(sx).to.be.closeTo(1 + travel / GIZMO_SCALE_DIVISOR, 1e-6);
    expect(sx).to.be.closeTo(2, 0.05);
    expect(sy).to.be.closeTo(1, 1e-9);
    // About the gizmo's centre: it stays where it was.
    expect(origin.clone().applyMatrix4(matrix).distanceTo(origin)).to.be.lessThan(1e-6);
  });
});
