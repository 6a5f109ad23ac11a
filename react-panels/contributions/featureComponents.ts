import type { ComponentType } from 'react';
import { CollaboratePanel } from '../collaborate/CollaboratePanel.js';
import { PointerMarkers } from '../collaborate/PointerMarkers.js';
import { ExplodeSlider } from '../explode/ExplodeSlider.js';
import { LayersPanel } from '../layers/LayersPanel.js';
import { MeasureLabels } from '../measure/MeasureLabels.js';
import { MeasurePanel } from '../measure/MeasurePanel.js';
import { ModelBrowserPanel } from '../modelstructure/ModelBrowserPanel.js';
import { PropertiesPanel } from '../properties/PropertiesPanel.js';
import { RewindStrip } from '../rewind/RewindStrip.js';
import { SectionControls } from '../section/SectionControls.js';
import { RenderingOptionsPanel } from '../settings/RenderingOptionsPanel.js';
import { SettingsPanel } from '../settings/SettingsPanel.js';
import { ViewCube } from '../viewcube/ViewCube.js';

/**
 * The built-in features' own components, by the id of the overlay or panel their extension adds
 * (core/extensions/<name>/ adds the data, react-panels/<name>/ draws it). A contribution without an entry
 * here brings its own `render` (a third party's extension).
 */
export const FEATURE_COMPONENTS: Readonly<Record<string, ComponentType>> = {
  explode: ExplodeSlider,
  section: SectionControls,
  measure: MeasurePanel,
  measureLabels: MeasureLabels,
  browser: ModelBrowserPanel,
  layers: LayersPanel,
  properties: PropertiesPanel,
  settings: SettingsPanel,
  renderingOptions: RenderingOptionsPanel,
  viewcube: ViewCube,
  rewind: RewindStrip,
  collaborate: CollaboratePanel,
  collaboratePointers: PointerMarkers,
};
