/** Spec 000 §9: log levels none 0, error 1, warning 2, info 3, log 4, debug 5. */
export const LogLevel = {
  NONE: 0,
  ERROR: 1,
  WARNING: 2,
  INFO: 3,
  LOG: 4,
  DEBUG: 5,
} as const;

export type LogLevelValue = (typeof LogLevel)[keyof typeof LogLevel];

/** Spec 000 §9: the default level is error. */
export const DEFAULT_LOG_LEVEL: LogLevelValue = LogLevel.ERROR;

const LEVEL_NAMES: Record<string, LogLevelValue> = {
  none: 0,
  error: 1,
  warning: 2,
  warn: 2,
  info: 3,
  log: 4,
  debug: 5,
};

/** Reads a level given as a name ("warning") or a number (0–5); anything else gives undefined. */
export function parseLogLevel(value: unknown): LogLevelValue | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 5) {
    return value as LogLevelValue;
  }
  if (typeof value === 'string') {
    const trimmed = value.trim().toLowerCase();
    if (trimmed in LEVEL_NAMES) return LEVEL_NAMES[trimmed];
    if (/^[0-5]$/.test(trimmed)) return Number(trimmed) as LogLevelValue;
  }
  return undefined;
}

/**
 * Console logging filtered by level. Each viewer owns a Logger; `Logger.setLevel` sets the level that
 * every logger without a level of its own follows (the spec's global level).
 */
export class Logger {
  private static defaultLevel: LogLevelValue = DEFAULT_LOG_LEVEL;
  private ownLevel: LogLevelValue | undefined;

  /** Sets the level of every logger that has no level of its own. */
  static setLevel(level: LogLevelValue | string | number): void {
    const parsed = parseLogLevel(level);
    if (parsed !== undefined) Logger.defaultLevel = parsed;
  }

  static getLevel(): LogLevelValue {
    return Logger.defaultLevel;
  }

  constructor(private readonly prefix = '') {}

  /** Sets this logger's own level; undefined follows `Logger.setLevel` again. */
  setLevel(level: LogLevelValue | string | number | undefined): void {
    this.ownLevel = level === undefined ? undefined : parseLogLevel(level);
  }

  get level(): LogLevelValue {
    return this.ownLevel ?? Logger.defaultLevel;
  }

  error(...args: unknown[]): void {
    if (this.level >= LogLevel.ERROR) console.error(...this.decorate(args));
  }

  warn(...args: unknown[]): void {
    if (this.level >= LogLevel.WARNING) console.warn(...this.decorate(args));
  }

  info(...args: unknown[]): void {
    if (this.level >= LogLevel.INFO) console.info(...this.decorate(args));
  }

  log(...args: unknown[]): void {
    if (this.level >= LogLevel.LOG) console.log(...this.decorate(args));
  }

  debug(...args: unknown[]): void {
    if (this.level >= LogLevel.DEBUG) console.debug(...this.decorate(args));
  }

  private decorate(args: unknown[]): unknown[] {
    return this.prefix ? [this.prefix, ...args] : args;
  }
}
