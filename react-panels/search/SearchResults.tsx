import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { nodeLabel } from '../modelstructure/flattenTree.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import type { SearchHit } from './useModelSearch.js';

/** Spec 001 §9: result rows are 50 px high, with a 100 px scroll buffer and a pool of 150 rows. */
export const SEARCH_ROW_HEIGHT = 50;
export const SEARCH_SCROLL_BUFFER_PX = 100;
export const SEARCH_ROW_POOL = 150;

/**
 * The results of a search, virtualised: the object's name and where it sits. A click (or Enter) selects
 * the object and zooms to it. No hits shows "No Results" and "Try another term" (spec 001 §2 item 9).
 */
export function SearchResults({ hits }: { hits: readonly SearchHit[] }) {
  const viewer = useViewer();
  const t = useTranslate();
  const idPrefix = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const virtualizer = useVirtualizer({
    count: hits.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => SEARCH_ROW_HEIGHT,
    overscan: Math.ceil(SEARCH_SCROLL_BUFFER_PX / SEARCH_ROW_HEIGHT),
  });

  if (!hits.length) {
    return (
      <div className="dv-search-empty" role="status">
        <strong>{t('No Results', 'No Results')}</strong>
        <span>{t('Try another term', 'Try another term')}</span>
      </div>
    );
  }

  const objectLabel = (id: number) => t('Object {{id}}', 'Object {{id}}', { id });
  const choose = (index: number) => {
    const { model, dbId } = hits[index];
    setActive(index);
    viewer.select([dbId], model);
    void viewer.fitToView([dbId], model);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const to = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: hits.length - 1 }[event.key];
    if (event.key === 'Enter') choose(active);
    else if (to !== undefined) {
      const index = Math.max(0, Math.min(hits.length - 1, to));
      setActive(index);
      virtualizer.scrollToIndex(index);
    } else return;
    event.preventDefault();
  };
  const items = virtualizer.getVirtualItems();

  return (
    <div
      ref={scroller}
      className="dv-search-results"
      role="listbox"
      tabIndex={0}
      aria-label={t('Search results', 'Search results')}
      aria-activedescendant={items.some((i) => i.index === active) ? `${idPrefix}-${active}` : undefined}
      onKeyDown={onKeyDown}
    >
      <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const { model, dbId } = hits[item.index];
          const parent = model.getInstanceTree().getNodeParentId(dbId);
          return (
            <div
              key={items.length <= SEARCH_ROW_POOL ? item.index % SEARCH_ROW_POOL : item.index}
              id={`${idPrefix}-${item.index}`}
              role="option"
              aria-selected={item.index === active}
              className={`dv-search-result${item.index === active ? ' is-active' : ''}`}
              style={{ transform: `translateY(${item.start}px)`, height: SEARCH_ROW_HEIGHT }}
              onClick={() => choose(item.index)}
            >
              <span className="dv-search-result-name">{nodeLabel(model, dbId, objectLabel)}</span>
              <span className="dv-search-result-path">{parent > 0 ? nodeLabel(model, parent, objectLabel) : model.getRootName()}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
