import { useMemo } from 'react';
import { useViewer } from './ViewerContext.js';

/**
 * An image from the viewer's resource root (res/). It goes through `viewer.getResource`, so the request
 * carries credentials only when the endpoint is configured for them and the URL is same-host or relative
 * (spec 000 §7); otherwise it is anonymous.
 */
export function ResourceImage({ path, className, hidden }: { path: string; className?: string; hidden?: boolean }) {
  const viewer = useViewer();
  const request = useMemo(() => viewer.getResource(path), [viewer, path]);
  return <img className={className} src={request.url} crossOrigin={request.crossOrigin} alt="" draggable={false} hidden={hidden} />;
}
