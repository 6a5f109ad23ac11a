import type { Viewer, ViewerState } from '../core/index.js';
import type { DesignViewerElement } from '../elements/index.js';

interface Example {
  /** The call, as a host page writes it: the button's label. */
  code: string;
  run: (viewer: Viewer, element: DesignViewerElement) => unknown;
}

let saved: ViewerState | null = null;

/** The demo's API examples, by topic: each runs exactly the call its label shows. */
const EXAMPLES: { topic: string; examples: Example[] }[] = [
  {
    topic: 'Camera',
    examples: [
      { code: 'viewer.fitToView()', run: (viewer) => viewer.fitToView() },
      { code: 'viewer.goHome()', run: (viewer) => viewer.goHome() },
      { code: "viewer.setViewCube('front')", run: (viewer) => viewer.setViewCube('front') },
      { code: "viewer.toolController.activateTool('zoomwindow')", run: (viewer) => viewer.toolController.activateTool('zoomwindow') },
    ],
  },
  {
    topic: 'Selection and visibility',
    examples: [
      { code: 'viewer.getSelection()', run: (viewer) => viewer.getSelection() },
      { code: 'viewer.isolate(viewer.getSelection())', run: (viewer) => viewer.isolate(viewer.getSelection()) },
      { code: 'viewer.showAll()', run: (viewer) => viewer.showAll() },
      { code: 'viewer.clearSelection()', run: (viewer) => viewer.clearSelection() },
    ],
  },
  {
    topic: 'Transform gizmo (on the selection)',
    examples: [
      { code: "viewer.transformGizmo.show('translate')", run: (viewer) => viewer.transformGizmo.show('translate') },
      { code: "viewer.transformGizmo.show('rotate')", run: (viewer) => viewer.transformGizmo.show('rotate') },
      { code: "viewer.transformGizmo.show('scale')", run: (viewer) => viewer.transformGizmo.show('scale') },
      { code: 'viewer.transformGizmo.hide()', run: (viewer) => viewer.transformGizmo.hide() },
    ],
  },
  {
    topic: 'State',
    examples: [
      { code: 'saved = element.getState()', run: (_, element) => (saved = element.getState()) },
      { code: 'element.restoreState(saved)', run: (_, element) => (saved ? element.restoreState(saved) : 'Save a state first.') },
    ],
  },
];

/** What a call gave back, in one line. */
function summarise(result: unknown): string {
  if (result === undefined) return 'done';
  const text = JSON.stringify(result);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

/** Fills the API panel with its examples; each click shows what the call returned. */
export function showApiExamples(element: DesignViewerElement, panel: HTMLDetailsElement): void {
  const list = panel.querySelector<HTMLElement>('#api-examples')!;
  const output = panel.querySelector<HTMLOutputElement>('#api-result')!;
  for (const { topic, examples } of EXAMPLES) {
    const section = document.createElement('section');
    const heading = document.createElement('h2');
    heading.textContent = topic;
    section.append(heading);
    for (const { code, run } of examples) {
      const button = document.createElement('button');
      button.type = 'button';
      button.innerHTML = '<code></code>';
      button.firstElementChild!.textContent = code;
      const showResult = async () => {
        const viewer = element.viewer;
        if (!viewer) return;
        try {
          output.textContent = `${code} → ${summarise(await run(viewer, element))}`;
        } catch (reason) {
          output.textContent = `${code} → ${String(reason)}`;
        }
      };
      button.addEventListener('click', () => void showResult());
      section.append(button);
    }
    list.append(section);
  }
  // Escape inside the panel folds it and gives the focus back to its button.
  panel.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !panel.open) return;
    panel.open = false;
    panel.querySelector('summary')?.focus();
  });
}
