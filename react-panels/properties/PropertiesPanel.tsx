import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { useSelectionSets } from '../modelstructure/useNodeStates.js';
import { useChrome } from '../ChromeState.js';
import { DockingPanel } from '../docking/DockingPanel.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { groupProperties } from './formatProperty.js';
import { PropertyCategory } from './PropertyCategory.js';
import { PropertyText } from './PropertyText.js';
import { useObjectProperties } from './useObjectProperties.js';

const PROPERTIES_PANEL_WIDTH = 340;
const PROPERTIES_PANEL_MAX_HEIGHT = 520;

/**
 * The properties panel (spec 001 §2 "Panels" 2): the properties of the object selected last, in
 * collapsible categories, links clickable, the model browser's search text highlighted. Titled
 * "Object Properties Loading..." while they load; "No properties to display" when there are none.
 */
export function PropertiesPanel() {
  const viewer = useViewer();
  const chrome = useChrome();
  const t = useTranslate();
  const term = useStore(chrome.$searchTerm);
  const { last } = useSelectionSets(viewer);
  const { isLoading, result } = useObjectProperties(last);
  const groups = useMemo(() => (result && last ? groupProperties(result.properties) : []), [result, last]);

  const title = isLoading ? t('Object Properties Loading...', 'Object Properties Loading...') : t('Properties', 'Properties');
  return (
    <DockingPanel
      id="properties"
      title={title}
      placement={{ right: 12, top: 12, width: PROPERTIES_PANEL_WIDTH, maxHeight: PROPERTIES_PANEL_MAX_HEIGHT }}
      resizable
      className="dv-properties"
    >
      {!last || (!isLoading && !groups.length) ? (
        <p className="dv-empty">{t('No properties to display', 'No properties to display')}</p>
      ) : (
        <div className={`dv-properties-body${isLoading ? ' is-loading' : ''}`} aria-busy={isLoading}>
          {result && (
            <p className="dv-properties-object">
              <PropertyText text={result.name || t('Object {{id}}', 'Object {{id}}', { id: result.dbId })} term={term} />
            </p>
          )}
          {groups.map((group) => (
            <PropertyCategory key={group.category || '-'} category={group.category} properties={group.properties} term={term} />
          ))}
        </div>
      )}
    </DockingPanel>
  );
}
