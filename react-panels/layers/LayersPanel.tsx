import { useStore } from '@nanostores/react';
import { type MouseEvent, useEffect, useMemo, useState } from 'react';
import type { Layer } from '../../core/index.js';
import { DockingPanel } from '../docking/DockingPanel.js';
import { Icon } from '../icons/Icon.js';
import { SearchBox } from '../search/SearchBox.js';
import { useTranslate, useViewer } from '../ViewerContext.js';

/** Spec 001 §2 "Panels" 3: the filter applies 500 ms after the last keystroke. */
export const LAYER_FILTER_DELAY_MS = 500;

const LAYERS_PANEL_WIDTH = 280;
const LAYERS_PANEL_MAX_HEIGHT = 420;

/**
 * The layers panel (spec 001 §2 "Panels" 3), for models that have layers: a filter box, a button that
 * shows or hides every layer, and the layers. A click shows only that layer; a click with a modifier key
 * (Ctrl, Cmd or Shift) toggles it, as does its eye.
 */
export function LayersPanel() {
  const viewer = useViewer();
  const t = useTranslate();
  const layers = useStore(viewer.stores.$layers);
  const [text, setText] = useState('');
  const [filter, setFilter] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setFilter(text.trim().toLowerCase()), LAYER_FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const shown = useMemo(() => (filter ? layers.filter((layer) => layer.name.toLowerCase().includes(filter)) : layers), [layers, filter]);
  const allVisible = layers.every((layer) => layer.visible);

  const onRow = (event: MouseEvent, layer: Layer) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey) viewer.layers.toggle(layer.index);
    else showOnly(layer);
  };
  const showOnly = (layer: Layer) => {
    const others = layers.filter((other) => other.index !== layer.index && other.visible).map((other) => other.index);
    if (!layer.visible) viewer.layers.setVisible(layer.index, true);
    if (others.length) viewer.layers.setVisible(others, false);
  };
  const onAll = () => (allVisible ? viewer.layers.setVisible(layers.map((layer) => layer.index), false) : viewer.layers.showAll());

  return (
    <DockingPanel
      id="layers"
      title={t('Layers', 'Layers')}
      placement={{ left: 12, top: 12, width: LAYERS_PANEL_WIDTH, maxHeight: LAYERS_PANEL_MAX_HEIGHT }}
      resizable
      className="dv-layers"
    >
      <div className="dv-layers-tools">
        <SearchBox value={text} onChange={setText} onSubmit={() => setFilter(text.trim().toLowerCase())} placeholder={t('Filter layers', 'Filter layers')} />
        <button type="button" className="dv-layers-all" onClick={onAll}>
          <Icon name={allVisible ? 'eyeOff' : 'eye'} size={16} />
          <span>{allVisible ? t('Hide All Layers', 'Hide All Layers') : t('Show All Layers', 'Show All Layers')}</span>
        </button>
      </div>
      <ul className="dv-layers-list" role="list">
        {shown.map((layer) => (
          <li key={layer.index} className={`dv-layer${layer.visible ? '' : ' is-hidden'}`} data-layer={layer.index}>
            <button type="button" className="dv-layer-name" title={layer.description || layer.name} onClick={(event) => onRow(event, layer)}>
              {layer.name || '—'}
            </button>
            <button
              type="button"
              className="dv-layer-eye"
              aria-pressed={layer.visible}
              aria-label={layer.name}
              onClick={() => viewer.layers.toggle(layer.index)}
            >
              <Icon name={layer.visible ? 'eye' : 'eyeOff'} size={16} />
            </button>
          </li>
        ))}
      </ul>
    </DockingPanel>
  );
}
