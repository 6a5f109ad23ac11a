import type { CameraPort, ViewsPort } from '../viewer/ports.js';
import type { TemporaryToolSwitch } from './TemporaryToolSwitch.js';
import type { Tool } from './Tool.js';

/** What NavigationHotkeys needs of the viewer. */
export type NavigationHotkeysPort = CameraPort & ViewsPort;

/**
 * The navigation hotkeys (spec 001 §2 "Hotkeys"), always on above the tools: Ctrl+Shift held runs the
 * field-of-view tool and Alt+Shift held the world-up roll tool, each only while navigation is unlocked;
 * F fits to view, H or Home goes home, Escape leaves a temporary tool. Shift, Space and Alt change the
 * orbit tool's mode; that tool reads them itself.
 */
export class NavigationHotkeys implements Tool {
  readonly names = ['hotkeys'] as const;
  readonly isAlwaysOn = true;
  readonly priority = 100;

  constructor(
    private readonly viewer: NavigationHotkeysPort,
    private readonly temporary: TemporaryToolSwitch,
  ) {}

  deactivate(): void {
    this.temporary.end('hotkey');
  }

  handleKeyDown(event: KeyboardEvent, key: string): boolean {
    if (key === 'Shift' || key === 'Control' || key === 'Meta' || key === 'Alt') {
      const wanted = toolForModifiers(event);
      if (wanted && !this.viewer.navigation.getIsLocked()) this.temporary.begin(wanted, 'hotkey');
      // Modifiers stay visible to the tools below (the orbit tool reads them too).
      return false;
    }
    // Escape leaves a temporary tool even while its keys are still held.
    if (key === 'Escape') return this.temporary.end();
    if (event.ctrlKey || event.metaKey || event.altKey) return false;
    switch (key) {
      case 'f':
      case 'F':
        void this.viewer.fitToView();
        return true;
      case 'h':
      case 'H':
      case 'Home':
        void this.viewer.goHome();
        return true;
    }
    return false;
  }

  handleKeyUp(event: KeyboardEvent): boolean {
    if (this.temporary.cause === 'hotkey' && toolForModifiers(event) !== this.temporary.toolName) this.temporary.end('hotkey');
    return false;
  }

  handleBlur(): boolean {
    this.temporary.end('hotkey');
    return false;
  }
}

/** Ctrl+Shift → field of view, Alt+Shift → world-up roll (Cmd counts as Ctrl). */
function toolForModifiers(event: KeyboardEvent): string | null {
  const ctrl = event.ctrlKey || event.metaKey;
  if (ctrl && event.shiftKey && !event.altKey) return 'fov';
  if (event.altKey && event.shiftKey && !ctrl) return 'worldup';
  return null;
}
