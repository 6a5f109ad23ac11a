/**
 * Toolbar buttons that belong to an extension, with the id of the extension that brings them. Such a
 * button shows only while `viewer.getExtension(id)` is loaded (it comes on `extension-loaded` and goes on
 * `extension-unloaded`), so the bar never offers a feature that is not there. Measure is the spec's lazy
 * id (001 §7); live review is the collaboration extension (spec 001 §3 "Collaboration").
 */
export const TOOLBAR_EXTENSIONS = {
  measure: 'measure',
  collaborate: 'collaboration',
} as const;

export type ExtensionButton = keyof typeof TOOLBAR_EXTENSIONS;

/** Whether a button shows for these loaded extensions: always, unless it is tied to one that is not loaded. */
export function isExtensionButtonShown(item: string, loadedExtensionIds: readonly string[]): boolean {
  const id = (TOOLBAR_EXTENSIONS as Record<string, string>)[item];
  return id === undefined || loadedExtensionIds.includes(id);
}
