import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { OverlaySlot, OverlaySpec } from '../../core/index.js';
import { useViewer } from '../ViewerContext.js';
import { DomContent } from './DomContent.js';
import { FEATURE_COMPONENTS } from './featureComponents.js';

const ALWAYS = atom(true);

/** The overlays extensions put in one place over the canvas (viewer.ui), in their order. */
export function ContributedOverlays({ slot }: { slot: OverlaySlot }) {
  const overlays = useStore(useViewer().ui.$overlays).filter((overlay) => overlay.slot === slot);
  return (
    <>
      {overlays.map((overlay) => (
        <ContributedOverlay key={overlay.id} overlay={overlay} />
      ))}
    </>
  );
}

function ContributedOverlay({ overlay }: { overlay: OverlaySpec }) {
  const isShown = useStore(overlay.isShown ?? ALWAYS);
  if (!isShown) return null;
  const Component = FEATURE_COMPONENTS[overlay.id];
  if (Component) return <Component />;
  return overlay.render ? <DomContent render={overlay.render} className={`dv-overlay dv-overlay-${overlay.slot}`} /> : null;
}
