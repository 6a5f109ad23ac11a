import { ErrorCode } from '../viewer/ErrorCodes.js';
import { ViewerError } from '../viewer/ViewerError.js';

/** The message a cancelled load rejects with (replaced by a newer load, or its viewer finished): no error is raised for it. */
export const LOAD_CANCELLED_MESSAGE = 'Loading was cancelled.';

export function loadCancelledError(): ViewerError {
  return new ViewerError(ErrorCode.UNKNOWN_FAILURE, LOAD_CANCELLED_MESSAGE);
}

/** A signal that aborts when any of the given ones does (AbortSignal.any, where the browser lacks it). */
export function anySignal(signals: (AbortSignal | undefined)[]): AbortSignal {
  const given = signals.filter((s): s is AbortSignal => s !== undefined);
  if (given.length === 1) return given[0];
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(given);
  const controller = new AbortController();
  for (const signal of given) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}
