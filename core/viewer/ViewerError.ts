import { ErrorCode, type ErrorCodeValue, errorCodeForHttpStatus } from './ErrorCodes.js';

/** The plain data an `error` event carries. */
export interface ErrorDetail {
  code: number;
  message: string;
  httpStatus?: number;
}

/** A failure as a value: the spec's code (1–13), its text and, for HTTP failures, the status. */
export class ViewerError extends Error {
  readonly code: ErrorCodeValue;
  readonly httpStatus?: number;

  constructor(code: ErrorCodeValue, message: string, httpStatus?: number) {
    super(message);
    this.name = 'ViewerError';
    this.code = code;
    if (httpStatus !== undefined) this.httpStatus = httpStatus;
  }

  /** An HTTP failure, with the code the status maps to. */
  static fromHttpStatus(status: number, statusText: string, url: string): ViewerError {
    const detail = statusText ? `${status} ${statusText}` : String(status);
    return new ViewerError(errorCodeForHttpStatus(status), `Error: ${detail} (${url})`, status);
  }

  /** Wraps anything thrown into a ViewerError; a ViewerError passes through unchanged. */
  static from(reason: unknown, fallbackCode: ErrorCodeValue = ErrorCode.UNKNOWN_FAILURE): ViewerError {
    if (reason instanceof ViewerError) return reason;
    if (isErrorDetail(reason)) return new ViewerError(reason.code as ErrorCodeValue, reason.message, reason.httpStatus);
    const message = reason instanceof Error ? reason.message : String(reason);
    return new ViewerError(fallbackCode, message);
  }

  toDetail(): ErrorDetail {
    const detail: ErrorDetail = { code: this.code, message: this.message };
    if (this.httpStatus !== undefined) detail.httpStatus = this.httpStatus;
    return detail;
  }
}

function isErrorDetail(value: unknown): value is ErrorDetail {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorDetail).code === 'number' &&
    typeof (value as ErrorDetail).message === 'string'
  );
}
