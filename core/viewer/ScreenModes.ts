import type { Logger } from './Logger.js';

/** Spec 000 §2 "Screen modes": the three modes, in the order the next-mode action cycles through them. */
export const SCREEN_MODES = ['normal', 'full-browser', 'full-screen'] as const;
export type ScreenMode = (typeof SCREEN_MODES)[number];

/** Inline styles that make an element fill the browser window (full browser mode). */
const FULL_BROWSER_STYLE: Record<string, string> = {
  position: 'fixed',
  inset: '0',
  width: 'auto',
  height: 'auto',
  'max-width': 'none',
  'max-height': 'none',
  margin: '0',
  'z-index': '2147483000',
};

export interface ScreenModeHost {
  readonly logger: Logger;
  /** The mode changed: resize the canvas, publish the mode, raise `screen-mode-change`. */
  onModeChange(mode: ScreenMode): void;
}

/**
 * The viewer's screen modes (spec 000 §2, spec 001 §2 full screen button): normal; full browser (the
 * element fills the window); full screen (the element is the document's fullscreen element). The next-
 * mode action cycles normal → full browser → full screen → normal; Escape returns to normal. Inside a
 * native application the host owns the window, so full browser is not supported there and the cycle skips
 * it. A change resizes the viewer and raises `screen-mode-change`.
 */
export class ScreenModes {
  private current: ScreenMode = 'normal';
  private savedStyle: string | null = null;
  private listening = false;
  private readonly onKeyDown = (event: KeyboardEvent) => {
    // Tools and menus that handled Escape (a temporary tool, an open menu) prevent the default: they go first.
    if (event.key === 'Escape' && !event.defaultPrevented && this.current !== 'normal') {
      if (this.escapeScreenMode()) event.preventDefault();
    }
  };
  private readonly onFullscreenChange = () => {
    // The browser leaves full screen by itself on Escape, or the page left it: follow.
    if (this.current === 'full-screen' && this.document.fullscreenElement !== this.target()) this.apply('normal', false);
  };

  constructor(
    private readonly host: ScreenModeHost,
    /** The element that fills the window or the screen: the `<design-viewer>` element, or the viewer's container. */
    private readonly target: () => HTMLElement,
    /** Spec 000 §2: running inside a native application delegate, where full browser is not supported. */
    readonly isNativeApplication = false,
  ) {}

  get mode(): ScreenMode {
    return this.current;
  }

  isModeSupported(mode: string): mode is ScreenMode {
    if (!(SCREEN_MODES as readonly string[]).includes(mode)) return false;
    if (mode === 'full-browser') return !this.isNativeApplication;
    if (mode === 'full-screen') return typeof this.target().requestFullscreen === 'function';
    return true;
  }

  /** Switches to a mode; false (with a warning) when the mode is unknown or not supported here. */
  setScreenMode(mode: string): boolean {
    if (!this.isModeSupported(mode)) {
      this.host.logger.warn(`Screen mode not supported: ${mode}`);
      return false;
    }
    if (mode === this.current) return true;
    this.apply(mode, true);
    return true;
  }

  /** The next mode of the cycle that is supported here; switches to it and returns it. */
  nextScreenMode(): ScreenMode {
    const start = SCREEN_MODES.indexOf(this.current);
    for (let step = 1; step <= SCREEN_MODES.length; step++) {
      const candidate = SCREEN_MODES[(start + step) % SCREEN_MODES.length];
      if (this.isModeSupported(candidate)) {
        this.setScreenMode(candidate);
        break;
      }
    }
    return this.current;
  }

  /** Escape: back to normal. False when already normal. */
  escapeScreenMode(): boolean {
    if (this.current === 'normal') return false;
    this.apply('normal', true);
    return true;
  }

  dispose(): void {
    if (this.current !== 'normal') this.apply('normal', true, false);
    this.listen(false);
  }

  private get document(): Document {
    return this.target().ownerDocument ?? document;
  }

  private apply(mode: ScreenMode, drive: boolean, announce = true): void {
    const previous = this.current;
    const element = this.target();
    this.current = mode;
    if (previous === 'full-browser') this.restoreStyle(element);
    if (mode === 'full-browser') this.fillWindow(element);
    if (drive && previous === 'full-screen' && this.document.fullscreenElement === element) {
      void this.document.exitFullscreen?.().catch(() => {});
    }
    if (drive && mode === 'full-screen' && this.document.fullscreenElement !== element) {
      element.requestFullscreen().catch((reason: unknown) => {
        // Browsers refuse full screen without a user gesture, or when it is disabled: stay usable in normal mode.
        this.host.logger.warn(`Full screen was refused: ${(reason as Error)?.message ?? reason}`);
        if (this.current === 'full-screen') this.apply('normal', false);
      });
    }
    this.listen(mode !== 'normal');
    if (announce) this.host.onModeChange(mode);
  }

  private fillWindow(element: HTMLElement): void {
    this.savedStyle = element.getAttribute('style');
    for (const [name, value] of Object.entries(FULL_BROWSER_STYLE)) element.style.setProperty(name, value, 'important');
  }

  private restoreStyle(element: HTMLElement): void {
    if (this.savedStyle === null) element.removeAttribute('style');
    else element.setAttribute('style', this.savedStyle);
    this.savedStyle = null;
  }

  private listen(on: boolean): void {
    if (on === this.listening) return;
    this.listening = on;
    const doc = this.document;
    if (on) {
      doc.addEventListener('keydown', this.onKeyDown);
      doc.addEventListener('fullscreenchange', this.onFullscreenChange);
    } else {
      doc.removeEventListener('keydown', this.onKeyDown);
      doc.removeEventListener('fullscreenchange', this.onFullscreenChange);
    }
  }
}
