import type { WritableAtom } from 'nanostores';

/** Spec 000 §2 "Screen modes": normal, full browser and full screen. */
export const ScreenMode = {
  NORMAL: 'normal',
  FULL_BROWSER: 'full-browser',
  FULL_SCREEN: 'full-screen',
} as const;
export type ScreenModeValue = (typeof ScreenMode)[keyof typeof ScreenMode];

/** Spec 000 §2: the next-mode action cycles normal → full browser → full screen → normal. */
const NEXT_MODE: Readonly<Record<ScreenModeValue, ScreenModeValue>> = {
  normal: 'full-browser',
  'full-browser': 'full-screen',
  'full-screen': 'normal',
};

export function isScreenMode(value: unknown): value is ScreenModeValue {
  return value === 'normal' || value === 'full-browser' || value === 'full-screen';
}

/**
 * The viewer's screen mode. Full browser is a style of the element the viewer lives in (the host
 * element of its shadow root, else its container), which covers the window; full screen uses the
 * Fullscreen API on that element. A change raises `screen-mode-change` and asks for a resize.
 */
export class ScreenModes {
  private readonly onFullscreenChange = () => this.syncWithDocument();
  private savedStyle: string | null = null;

  constructor(
    private readonly container: HTMLElement,
    private readonly store: WritableAtom<string>,
    private readonly changed: (mode: ScreenModeValue) => void,
  ) {
    document.addEventListener('fullscreenchange', this.onFullscreenChange);
  }

  get mode(): ScreenModeValue {
    const mode = this.store.get();
    return isScreenMode(mode) ? mode : ScreenMode.NORMAL;
  }

  /** The element that goes full browser or full screen: the host of the container's shadow root, else the container. */
  get target(): HTMLElement {
    const root = this.container.getRootNode();
    return root instanceof ShadowRoot ? (root.host as HTMLElement) : this.container;
  }

  set(mode: ScreenModeValue): boolean {
    if (!isScreenMode(mode)) return false;
    const previous = this.mode;
    if (mode === previous) return true;
    const target = this.target;
    if (previous === ScreenMode.FULL_SCREEN && document.fullscreenElement) void document.exitFullscreen?.().catch(() => {});
    if (mode === ScreenMode.FULL_SCREEN) {
      // Refused (no user gesture, or not allowed): the mode is still recorded so Escape and the next
      // mode behave as the user asked.
      void target.requestFullscreen?.().catch(() => {});
    }
    this.coverWindow(target, mode !== ScreenMode.NORMAL);
    this.store.set(mode);
    this.changed(mode);
    return true;
  }

  next(): ScreenModeValue {
    const mode = NEXT_MODE[this.mode];
    this.set(mode);
    return mode;
  }

  /** Escape returns to normal; true when there was a mode to leave. */
  escape(): boolean {
    if (this.mode === ScreenMode.NORMAL) return false;
    this.set(ScreenMode.NORMAL);
    return true;
  }

  dispose(): void {
    document.removeEventListener('fullscreenchange', this.onFullscreenChange);
    if (this.mode !== ScreenMode.NORMAL) this.coverWindow(this.target, false);
  }

  /**
   * Full browser (and full screen, where the browser refuses the Fullscreen API) makes the element
   * cover the window; inline styles, so a bare container works as well as the element.
   */
  private coverWindow(target: HTMLElement, cover: boolean): void {
    if (cover && this.savedStyle === null) {
      this.savedStyle = target.style.cssText;
      Object.assign(target.style, { position: 'fixed', inset: '0', width: '100vw', height: '100vh', zIndex: '2147483000', margin: '0' });
    } else if (!cover && this.savedStyle !== null) {
      target.style.cssText = this.savedStyle;
      this.savedStyle = null;
    }
  }

  /** The browser left full screen on its own (its Escape key): follow it back to normal. */
  private syncWithDocument(): void {
    if (this.mode === ScreenMode.FULL_SCREEN && !document.fullscreenElement) this.set(ScreenMode.NORMAL);
  }
}
