import { registerExtension } from '../viewer/LoadedExtensions.js';
import { CollaborateExtension } from './collaborate/CollaborateExtension.js';
import { ContextMenuExtension } from './contextmenu/ContextMenuExtension.js';
import { ExplodeExtension } from './explode/ExplodeExtension.js';
import { FullscreenExtension } from './fullscreen/FullscreenExtension.js';
import { LayersExtension } from './layers/LayersExtension.js';
import { MeasureExtension } from './measure/MeasureExtension.js';
import { ModelStructureExtension } from './modelstructure/ModelStructureExtension.js';
import { PropertiesExtension } from './properties/PropertiesExtension.js';
import { RewindExtension } from './rewind/RewindExtension.js';
import { SectionExtension } from './section/SectionExtension.js';
import { SettingsExtension } from './settings/SettingsExtension.js';
import { ViewCubeExtension } from './viewcube/ViewCubeExtension.js';

/**
 * The built-in features, each an extension under the spec's id (001 §7: "explode, section, measure,
 * layers, settings, properties, …"), written the way a third party writes one: its core part in
 * core/extensions/<name>/, what the chrome draws of it in react-panels/<name>/. The chrome loads them
 * (config.builtInExtensions picks some); a host can unload one, and its button and panel go.
 */
export const BUILT_IN_EXTENSIONS = {
  explode: ExplodeExtension,
  section: SectionExtension,
  measure: MeasureExtension,
  modelstructure: ModelStructureExtension,
  layers: LayersExtension,
  properties: PropertiesExtension,
  settings: SettingsExtension,
  fullscreen: FullscreenExtension,
  viewcube: ViewCubeExtension,
  rewind: RewindExtension,
  contextmenu: ContextMenuExtension,
  collaborate: CollaborateExtension,
} as const;

export type BuiltInExtensionId = keyof typeof BUILT_IN_EXTENSIONS;

export const BUILT_IN_EXTENSION_IDS = Object.keys(BUILT_IN_EXTENSIONS) as BuiltInExtensionId[];

/** Registers the built-in features for every viewer of the page (once; a host's own class under an id wins). */
export function registerBuiltInExtensions(): void {
  for (const [id, extension] of Object.entries(BUILT_IN_EXTENSIONS)) registerExtension(id, extension);
}
