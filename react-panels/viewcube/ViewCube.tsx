import { useStore } from '@nanostores/react';
import { type PointerEvent as ReactPointerEvent, useCallback, useRef, useState } from 'react';
import { CLICK_TOLERANCE_PX, GESTURE_RECOGNIZERS, type ViewCubeArrow } from '../../core/index.js';
import { ResourceImage } from '../ResourceImage.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { AxisTriad } from './AxisTriad.js';
import { CubeBody } from './CubeBody.js';
import { ViewCubeMenu } from './ViewCubeMenu.js';

/** Spec 000 §2, §9: the cube's opacity while the pointer is away from it. */
const VIEW_CUBE_INACTIVE_OPACITY = 0.5;

const ARROWS: { arrow: ViewCubeArrow; label: string }[] = [
  { arrow: 'up', label: 'Rotate up' },
  { arrow: 'right', label: 'Rotate right' },
  { arrow: 'down', label: 'Rotate down' },
  { arrow: 'left', label: 'Rotate left' },
];

interface Press {
  pointerId: number;
  button: number;
  x: number;
  y: number;
  target: string | null;
  dragging: boolean;
  /** A finger's press: the timer that opens the menu if it stays down and still (spec 000 §9 press time). */
  longPress: number;
}

/**
 * The orientation cube in the canvas's top-right corner (spec 000 §2 "Orientation cube", §4): click a face,
 * edge or corner to turn the view there; the arrows step to the neighbouring face and the roll arrows roll
 * a quarter turn (both, and the menu icon, while a face view is current); a drag orbits; the secondary
 * button, a finger held still (a long press) or the menu icon opens the context menu. Half transparent
 * until the pointer comes near, over an opaque body of its own, so it reads the same over any model. It
 * draws `viewer.viewCube.$state` and acts only through `viewer.viewCube`; the preference `viewCube` hides it.
 */
export function ViewCube() {
  const viewer = useViewer();
  const t = useTranslate();
  const state = useStore(viewer.viewCube.$state);
  const preferences = useStore(viewer.stores.$preferences);
  const [hovered, setHovered] = useState<string | null>(null);
  const [isPointerOver, setPointerOver] = useState(false);
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<HTMLDivElement>(null);
  const press = useRef<Press | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);

  if (preferences.viewCube === false) return null;

  const leftHanded = Boolean(preferences.leftHandedMouseSetup);
  // Spec 000 §6: the left-handed option swaps a mouse's primary and secondary buttons (a finger is not a mouse).
  const buttonOf = ({ button, pointerType }: ReactPointerEvent) => (!leftHanded || pointerType === 'touch' ? button : button === 0 ? 2 : button === 2 ? 0 : button);

  const openMenuAt = (clientX: number, clientY: number) => {
    const rect = layerRef.current!.getBoundingClientRect();
    setHovered(null);
    setMenu({ x: clientX - rect.left, y: clientY - rect.top });
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    const button = buttonOf(event);
    if (menu || (button !== 0 && button !== 2)) return;
    event.preventDefault();
    const element = event.currentTarget;
    element.setPointerCapture(event.pointerId);
    const zone = (event.target as HTMLElement).closest<HTMLElement>('[data-target]');
    const current: Press = { pointerId: event.pointerId, button, x: event.clientX, y: event.clientY, target: zone?.dataset.target ?? null, dragging: false, longPress: 0 };
    if (event.pointerType === 'touch' && button === 0) {
      // Touch has no secondary button: a finger that stays down and still opens the menu instead.
      current.longPress = window.setTimeout(() => {
        if (press.current !== current || current.dragging || !layerRef.current) return;
        press.current = null;
        if (element.hasPointerCapture(current.pointerId)) element.releasePointerCapture(current.pointerId);
        openMenuAt(current.x, current.y);
      }, GESTURE_RECOGNIZERS.press.time);
    }
    press.current = current;
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = press.current;
    if (!current) {
      const zone = (event.target as HTMLElement).closest<HTMLElement>('[data-target]');
      setHovered(zone?.dataset.target ?? null);
      return;
    }
    if (current.button !== 0) return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    if (!current.dragging) {
      if (Math.hypot(dx, dy) <= CLICK_TOLERANCE_PX) return;
      // Spec 000 §4: a drag on the cube orbits; the cube refuses (and cancels) it when it cannot run.
      if (!viewer.viewCube.beginDrag()) {
        release(event);
        return;
      }
      current.dragging = true;
      clearTimeout(current.longPress);
      setHovered(null);
    }
    viewer.viewCube.dragBy(dx, dy, widgetRef.current?.clientWidth ?? 200);
    current.x = event.clientX;
    current.y = event.clientY;
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    release(event);
    if (current.dragging) viewer.viewCube.endDrag();
    else if (current.button === 2) openMenuAt(event.clientX, event.clientY);
    else if (current.target) void viewer.viewCube.setViewCube(current.target);
  };

  const release = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (press.current) clearTimeout(press.current.longPress);
    press.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  };

  const onPointerCancel = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = press.current;
    release(event);
    if (current?.dragging) viewer.viewCube.endDrag();
  };

  const active = isPointerOver || menu !== null || state.isDragging;
  const { eye, up, isPerspective } = state.camera;
  const showFaceControls = state.isFaceView && !state.isDragging;
  return (
    <div ref={layerRef} className="dv-viewcube-layer">
      {/* Outside the half-transparent widget, an opaque copy of the cube's body keeps the model from
          showing through the faces: away from the pointer the cube fades towards its own colour, never the model's. */}
      <div className="dv-viewcube-backing" aria-hidden="true">
        <CubeBody eye={eye} up={up} isPerspective={isPerspective} hovered={null} isBacking />
      </div>
      <div
        ref={widgetRef}
        className="dv-viewcube"
        role="group"
        aria-label={t('View cube', 'View cube')}
        data-face={state.face}
        style={{ opacity: active ? 1 : VIEW_CUBE_INACTIVE_OPACITY }}
        onPointerEnter={() => setPointerOver(true)}
        onPointerLeave={() => {
          setPointerOver(false);
          setHovered(null);
        }}
        onContextMenu={(event) => event.preventDefault()}
      >
        <div className="dv-viewcube-hit" onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={onPointerUp} onPointerCancel={onPointerCancel}>
          <CubeBody eye={eye} up={up} isPerspective={isPerspective} hovered={hovered} />
        </div>
        {state.options.showTriad ? <AxisTriad eye={eye} up={up} isPerspective={isPerspective} frame={state.frame} /> : null}
        {showFaceControls
          ? ARROWS.map(({ arrow, label }) => (
              <button key={arrow} type="button" className="dv-viewcube-button dv-viewcube-arrow" data-arrow={arrow} aria-label={t(label, label)} onClick={() => void viewer.viewCube.stepToNeighbour(arrow)}>
                <ResourceImage path="textures/viewcube-arrow.png" className="dv-icon" fallback="▲" />
                <ResourceImage path="textures/viewcube-arrow-hover.png" className="dv-icon-hover" />
              </button>
            ))
          : null}
        {showFaceControls ? (
          <>
            <button type="button" className="dv-viewcube-button dv-viewcube-roll" data-roll="counterclockwise" aria-label={t('Roll counterclockwise', 'Roll counterclockwise')} onClick={() => void viewer.viewCube.roll(false)}>
              <ResourceImage path="textures/viewcube-roll.png" className="dv-icon" fallback="↻" />
              <ResourceImage path="textures/viewcube-roll-hover.png" className="dv-icon-hover" />
            </button>
            <button type="button" className="dv-viewcube-button dv-viewcube-roll" data-roll="clockwise" aria-label={t('Roll clockwise', 'Roll clockwise')} onClick={() => void viewer.viewCube.roll(true)}>
              <ResourceImage path="textures/viewcube-roll.png" className="dv-icon" fallback="↻" />
              <ResourceImage path="textures/viewcube-roll-hover.png" className="dv-icon-hover" />
            </button>
            <button
              type="button"
              className="dv-viewcube-button dv-viewcube-context"
              aria-label={t('View cube menu', 'View cube menu')}
              aria-haspopup="menu"
              aria-expanded={menu !== null}
              onClick={(event) => (menu ? closeMenu() : openMenuAt(event.clientX, event.clientY))}
            >
              <ResourceImage path="textures/viewcube-context.png" className="dv-icon" fallback="☰" />
              <ResourceImage path="textures/viewcube-context-hover.png" className="dv-icon-hover" />
            </button>
          </>
        ) : null}
        {state.options.showHomeButton ? (
          <button type="button" className="dv-viewcube-button dv-viewcube-home" aria-label={t('Go Home', 'Go Home')} onClick={() => void viewer.viewCube.goHome()}>
            <ResourceImage path="textures/viewcube-home.png" className="dv-icon" fallback="⌂" />
            <ResourceImage path="textures/viewcube-home-hover.png" className="dv-icon-hover" />
          </button>
        ) : null}
      </div>
      {menu ? <ViewCubeMenu x={menu.x} y={menu.y} onClose={closeMenu} /> : null}
    </div>
  );
}
