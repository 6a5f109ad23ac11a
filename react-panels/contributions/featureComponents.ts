import type { ComponentType } from 'react';
import { ExplodeSlider } from '../explode/ExplodeSlider.js';

/**
 * The built-in features' own components, by the id of the overlay or panel their extension adds
 * (core/extensions/<name>/ adds the data, react-panels/<name>/ draws it). A contribution without an entry
 * here brings its own `render` (a third party's extension).
 */
export const FEATURE_COMPONENTS: Readonly<Record<string, ComponentType>> = {
  explode: ExplodeSlider,
};
