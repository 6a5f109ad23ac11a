import { useEffect, useRef } from 'react';

/** The content a contribution renders itself (framework-free): mounted into this element, torn down when it goes. */
export function DomContent({ render, className }: { render: (container: HTMLElement) => (() => void) | void; className?: string }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const teardown = render(container);
    return () => {
      teardown?.();
      container.replaceChildren();
    };
  }, [render]);
  return <div ref={element} className={className} />;
}
