import { computed } from 'nanostores';
import { Extension } from '../../viewer/Extension.js';
import type { ToolbarButtonState } from '../../viewer/ViewerUi.js';

/**
 * The screen modes button (spec 000 §2 "Screen modes"; spec 001 §2 "Toolbar", §7 lazy id "fullscreen"),
 * last of the settings group: each click moves to the next mode (normal → full browser → full screen →
 * normal), and the button names the mode it goes to. The modes themselves are the viewer's
 * (`viewer.setScreenMode`, `nextScreenMode`, Escape: API.md); this is the user's way to them.
 */
export class FullscreenExtension extends Extension {
  override load(): boolean {
    const $mode = this.viewer.stores.$screenMode;
    // Inside a native application full browser is not offered: the cycle goes straight to full screen.
    const skipsFullBrowser = Boolean(this.viewer.config.isNativeApplication);
    this.addToolbarButton({
      id: 'fullscreen',
      group: 'settings',
      order: 60,
      label: computed($mode, (mode) => (mode === 'normal' && !skipsFullBrowser ? 'Full browser' : mode === 'full-screen' ? 'Exit full screen' : 'Full screen')),
      icon: computed($mode, (mode) => (mode === 'normal' ? 'fullscreen' : 'exitFullscreen')),
      isToggle: false,
      state: computed($mode, (mode): ToolbarButtonState => (mode === 'normal' ? 'inactive' : 'active')),
      onClick: () => {
        this.viewer.nextScreenMode();
      },
    });
    return true;
  }
}
