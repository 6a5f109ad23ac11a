// Compiled, never run: `npm run typecheck` checks it against the sources, and `npm run test:node` against
// the built types (dist/types) as a host's TypeScript sees them through package.json's "exports". A line
// after @ts-expect-error must not compile: types that let it through fail the check.
import 'design-viewer';
import type { DesignViewerElement, ErrorDetail, ModelSelection, ViewerEventMap } from 'design-viewer';
import { DesignViewer } from 'design-viewer/react';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expectType = <A, B>(isSame: Equal<A, B>) => isSame;

export const element = document.querySelector('design-viewer')!;
expectType<typeof element, DesignViewerElement>(true);
export const created = document.createElement('design-viewer');
expectType<typeof created, DesignViewerElement>(true);

element.addEventListener('selection-change', (e) => expectType<typeof e.detail.selections, ModelSelection[]>(true));
element.addEventListener('error', (e) => expectType<typeof e.detail, ErrorDetail>(true));
element.addEventListener('progress', (e) => expectType<typeof e.detail, ViewerEventMap['progress']>(true));
element.addEventListener('geometry-loaded', (e) => e.detail.model.id);
element.removeEventListener('camera-change', (e) => e.detail.camera.fov);
// The DOM's own events keep their types, and any other name takes a plain listener.
element.addEventListener('pointerdown', (e) => expectType<typeof e, PointerEvent>(true));
element.addEventListener('some-host-event', (e) => e.type);
// @ts-expect-error a selection-change detail holds `selections`, not a model
element.addEventListener('selection-change', (e) => e.detail.model);
// @ts-expect-error error is the element's CustomEvent, not the DOM's ErrorEvent
element.addEventListener('error', (e) => e.filename);

export const page = (
  <>
    <design-viewer
      src="a.glb"
      language="de"
      log-level="debug"
      headless
      screen-mode="full-browser"
      config={{ resourceRoot: '/viewer-res/' }}
      onselection-change={(e) => expectType<typeof e.detail.selections, ModelSelection[]>(true)}
      onerror={(e) => expectType<typeof e.detail, ErrorDetail>(true)}
      ref={(viewer) => {
        void viewer?.load('b.glb');
      }}
      style={{ height: 400 }}
    />
    {/* @ts-expect-error src is a URL */}
    <design-viewer src={42} />
    {/* @ts-expect-error the listener gets the selection-change event */}
    <design-viewer onselection-change={(e: CustomEvent<{ model: string }>) => e.detail.model} />
    <DesignViewer src="a.glb" language="de" onSelectionChange={(e) => expectType<typeof e.detail.selections, ModelSelection[]>(true)} />
  </>
);
