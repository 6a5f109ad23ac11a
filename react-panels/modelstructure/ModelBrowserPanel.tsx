import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import { useChrome } from '../ChromeState.js';
import { DockingPanel } from '../docking/DockingPanel.js';
import { SearchBox } from '../search/SearchBox.js';
import { SearchResults } from '../search/SearchResults.js';
import { useModelSearch } from '../search/useModelSearch.js';
import { useTranslate, useViewer } from '../ViewerContext.js';
import { hasTree } from './flattenTree.js';
import { ModelTree } from './ModelTree.js';

const MODEL_PANEL_WIDTH = 320;
const MODEL_PANEL_MAX_HEIGHT = 560;

/**
 * The model browser (spec 001 §2 "Panels" 1, 3D only): a search box over the tree of each model.
 * "Loading model" with a spinning image while the model loads; "Model Browser is not available." when
 * there is no tree to show.
 */
export function ModelBrowserPanel() {
  const viewer = useViewer();
  const chrome = useChrome();
  const t = useTranslate();
  const models = useStore(viewer.stores.$models);
  const progress = useStore(viewer.stores.$progress);
  const onTerm = useCallback((term: string) => chrome.$searchTerm.set(term), [chrome]);
  const search = useModelSearch(viewer, onTerm);
  const treeModels = models.filter((model) => model.is3d() && hasTree(model));

  let body;
  if (!models.length && progress.isLoading) {
    body = (
      <div className="dv-tree-loading" role="status">
        <img className="dv-tree-spinner" src={viewer.resources.url('ui/spinner.png')} alt="" />
        <span>{t('Loading model', 'Loading model')}</span>
      </div>
    );
  } else if (!treeModels.length) {
    body = <p className="dv-empty">{t('Model Browser is not available.', 'Model Browser is not available.')}</p>;
  } else if (search.results) {
    body = <SearchResults hits={search.results} />;
  } else {
    body = <ModelTree models={treeModels} />;
  }

  return (
    <DockingPanel
      id="browser"
      title={t('Model', 'Model')}
      placement={{ left: 12, top: 12, width: MODEL_PANEL_WIDTH, maxHeight: MODEL_PANEL_MAX_HEIGHT }}
      resizable
      className="dv-browser"
    >
      <SearchBox value={search.text} onChange={search.change} onSubmit={search.submit} placeholder={t('Search', 'Search')} />
      {search.isSearching && <div className="dv-search-busy" role="status">{t('Searching…', 'Searching…')}</div>}
      {body}
    </DockingPanel>
  );
}
