import { atom } from 'nanostores';

/** Spec 001 §9 "Dialog": logs hide after this many ms by default. */
export const DEFAULT_LOG_DELAY_MS = 5000;
/** Spec 001 §9 "Dialog": the button labels (translated by the chrome) and the button that takes focus. */
export const DIALOG_LABELS = { ok: 'OK', cancel: 'Cancel' } as const;
export const DIALOG_BUTTON_FOCUS = 'ok';

export type DialogKind = 'alert' | 'confirm' | 'prompt';

/** One modal dialog waiting in the queue or on screen. */
export interface DialogRequest {
  id: number;
  kind: DialogKind;
  message: string;
  /** Text the prompt's field starts with. */
  defaultValue: string;
  /** Alerts have only OK; confirm and prompt also have Cancel (and Esc cancels them). */
  hasCancel: boolean;
}

/** A log toast (spec 001 §2 "Dialogs": success and error logs). */
export interface LogEntry {
  id: number;
  message: string;
  type: string;
}

/** A heads-up message over the canvas, optionally with a "do not show again" box tied to a preference. */
export interface HudMessage {
  id: number;
  title: string;
  message: string;
  /** Preference set to false when the user ticks "do not show again" (e.g. firstPersonToolPopup). */
  preference?: string;
}

interface Pending {
  request: DialogRequest;
  onOk?: (value?: string) => void;
  onCancel?: () => void;
  settle: (result: { accepted: boolean; value?: string }) => void;
}

function requireString(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string`);
  return value;
}

function requireCallback<T extends (...args: never[]) => void>(value: unknown): T | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'function') throw new TypeError('callback must be a function');
  return value as T;
}

/**
 * The dialog queue of spec 001 §2 "Dialogs": alert, confirm and prompt are shown one at a time in the
 * order asked; logs are toasts that hide after a delay. The chrome draws `$current`, `$logs` and `$hud`
 * and answers with `close`; hosts and panels call the methods (validation of spec 001 §5: message and
 * type strings, callbacks functions, a TypeError otherwise).
 */
export class Dialogs {
  readonly $current = atom<DialogRequest | null>(null);
  readonly $logs = atom<readonly LogEntry[]>([]);
  readonly $hud = atom<HudMessage | null>(null);
  private readonly queue: Pending[] = [];
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private nextId = 1;

  constructor(private readonly setPreference: (name: string, value: boolean) => void = () => {}) {}

  /** A message with an OK button; the callback runs when it is dismissed. */
  alert(message: string, onOk?: () => void): Promise<boolean> {
    return this.enqueue('alert', message, '', requireCallback(onOk), undefined).then((r) => r.accepted);
  }

  /** OK or Cancel; resolves true for OK. */
  confirm(message: string, onOk?: () => void, onCancel?: () => void): Promise<boolean> {
    return this.enqueue('confirm', message, '', requireCallback(onOk), requireCallback(onCancel)).then((r) => r.accepted);
  }

  /** Asks for a line of text; resolves with it, or null when cancelled. */
  prompt(message: string, onOk?: (value: string) => void, onCancel?: () => void, defaultValue = ''): Promise<string | null> {
    requireString(defaultValue, 'defaultValue');
    return this.enqueue('prompt', message, defaultValue, requireCallback(onOk), requireCallback(onCancel)).then((r) =>
      r.accepted ? (r.value ?? '') : null,
    );
  }

  /** A toast of the given type ("log", "success", "error") that hides after `delay` ms (0: stays). */
  log(message: string, type = 'log', delay = DEFAULT_LOG_DELAY_MS): number {
    requireString(message, 'message');
    requireString(type, 'type');
    const entry: LogEntry = { id: this.nextId++, message, type };
    this.$logs.set([...this.$logs.get(), entry]);
    if (delay > 0) this.timers.set(entry.id, setTimeout(() => this.dismissLog(entry.id), delay));
    return entry.id;
  }

  success(message: string, delay?: number): number {
    return this.log(message, 'success', delay);
  }

  error(message: string, delay?: number): number {
    return this.log(message, 'error', delay);
  }

  dismissLog(id: number): void {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    this.$logs.set(this.$logs.get().filter((entry) => entry.id !== id));
  }

  /** Answers the dialog on screen: OK (with the prompt's text) or Cancel. The next one in the queue follows. */
  close(id: number, accepted: boolean, value?: string): void {
    const pending = this.queue[0];
    if (!pending || pending.request.id !== id) return;
    if (!accepted && !pending.request.hasCancel) accepted = true;
    this.queue.shift();
    this.$current.set(this.queue[0]?.request ?? null);
    if (accepted) pending.onOk?.(pending.request.kind === 'prompt' ? (value ?? '') : undefined);
    else pending.onCancel?.();
    pending.settle({ accepted, value });
  }

  /** Number of dialogs on screen or waiting. */
  get pendingCount(): number {
    return this.queue.length;
  }

  /** Shows a heads-up message; with a preference, ticking "do not show again" turns it off. */
  showHud(message: string, options: { title?: string; preference?: string } = {}): number {
    requireString(message, 'message');
    const hud: HudMessage = { id: this.nextId++, message, title: options.title ?? '', preference: options.preference };
    this.$hud.set(hud);
    return hud.id;
  }

  /** Hides the heads-up message; `doNotShowAgain` sets its preference to false. */
  dismissHud(doNotShowAgain = false): boolean {
    const hud = this.$hud.get();
    if (!hud) return false;
    this.$hud.set(null);
    if (doNotShowAgain && hud.preference) this.setPreference(hud.preference, false);
    return true;
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private enqueue(
    kind: DialogKind,
    message: unknown,
    defaultValue: string,
    onOk: ((value?: string) => void) | undefined,
    onCancel: (() => void) | undefined,
  ): Promise<{ accepted: boolean; value?: string }> {
    requireString(message, 'message');
    return new Promise((settle) => {
      const request: DialogRequest = { id: this.nextId++, kind, message: message as string, defaultValue, hasCancel: kind !== 'alert' };
      this.queue.push({ request, onOk, onCancel, settle });
      if (this.queue.length === 1) this.$current.set(request);
    });
  }
}
