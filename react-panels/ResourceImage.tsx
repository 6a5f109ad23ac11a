import { useMemo, useState } from 'react';
import { useViewer } from './ViewerContext.js';

/**
 * An image from the viewer's resource root (res/). It goes through `viewer.getResource`, so the request
 * carries credentials only when the endpoint is configured for them and the URL is same-host or relative
 * (spec 000 §7); otherwise it is anonymous. An image that cannot be had (a host that did not serve res/)
 * never shows as a broken image: it gives way to `fallback`, a glyph drawn as text, or to nothing.
 */
export function ResourceImage({ path, className, hidden, fallback }: { path: string; className?: string; hidden?: boolean; fallback?: string }) {
  const viewer = useViewer();
  const request = useMemo(() => viewer.getResource(path), [viewer, path]);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (failedUrl === request.url) {
    return fallback ? (
      <span className={`${className ?? ''} dv-image-fallback`} hidden={hidden} aria-hidden="true">
        {fallback}
      </span>
    ) : null;
  }
  return <img className={className} src={request.url} crossOrigin={request.crossOrigin} alt="" draggable={false} hidden={hidden} onError={() => setFailedUrl(request.url)} />;
}
