/** Spec 001 §8: the numeric error codes. */
export const ErrorCode = {
  UNKNOWN_FAILURE: 1,
  BAD_DATA: 2,
  NETWORK_FAILURE: 3,
  NETWORK_ACCESS_DENIED: 4,
  NETWORK_FILE_NOT_FOUND: 5,
  NETWORK_SERVER_ERROR: 6,
  NETWORK_UNHANDLED_RESPONSE_CODE: 7,
  BROWSER_WEBGL_NOT_SUPPORTED: 8,
  BAD_DATA_NO_VIEWABLE_CONTENT: 9,
  BROWSER_WEBGL_DISABLED: 10,
  BAD_DATA_MODEL_IS_EMPTY: 11,
  RTC_ERROR: 12,
  UNSUPPORTED_FILE_EXTENSION: 13,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Spec 001 §3 "Error info": what the error dialog shows for a code. */
export interface ErrorInfo {
  /** i18n key of the message (also used as the dialog's image class). */
  key: string;
  title: string;
  message: string;
  hints: string[];
}

/** Spec 001 §8: the catalogue, codes 1–13, as data. */
export const ERROR_CATALOGUE: Readonly<Record<ErrorCodeValue, ErrorInfo>> = {
  1: {
    key: 'error-unknown',
    title: 'Sorry',
    message: 'We seem to have some technical difficulties and could not complete your request.',
    hints: ['Try loading the item again.', 'Check your network connection.', 'Reload the page.'],
  },
  2: {
    key: 'error-bad-data',
    title: 'Bad data',
    message: 'The item you are trying to view was not fully processed or is damaged.',
    hints: ['Try to upload the file again to process the item.'],
  },
  3: {
    key: 'error-network',
    title: 'Network error',
    message: 'The item could not be loaded because of a network problem.',
    hints: ['Check your network connection.', 'Try loading the item again.'],
  },
  4: {
    key: 'error-access-denied',
    title: 'No access',
    message: 'You do not have enough privileges to view this item.',
    hints: ['Contact the author of the item to get access.'],
  },
  5: {
    key: 'error-file-not-found',
    title: 'File not found',
    message: 'The item cannot be displayed.',
    hints: [
      'It may not have been processed yet, or it was moved, deleted or is corrupt.',
      'The file format may not be supported; see the list of supported formats.',
    ],
  },
  6: {
    key: 'error-server',
    title: 'Server error',
    message: 'The server that holds the item reported an error.',
    hints: ['Try loading the item again later.'],
  },
  7: {
    key: 'error-unhandled-response',
    title: 'Network problem',
    message: 'The server answered in a way the viewer does not understand.',
    hints: ['Try loading the item again.', 'Check your network connection.'],
  },
  8: {
    key: 'error-webgl-not-supported',
    title: 'WebGL not supported',
    message: 'This browser does not support WebGL, which the viewer needs to draw models.',
    hints: ['Use another browser, such as a current Chrome, Edge, Firefox or Safari.', 'See the WebGL help page.'],
  },
  9: {
    key: 'error-no-viewable-content',
    title: 'No viewable content',
    message: 'No viewable content',
    hints: ['The document holds no geometry that can be shown.'],
  },
  10: {
    key: 'error-webgl-disabled',
    title: 'WebGL disabled',
    message: 'WebGL is turned off in this browser.',
    hints: ['Turn on WebGL (hardware acceleration) in the browser settings.', 'See the WebGL help page.'],
  },
  11: {
    key: 'error-model-empty',
    title: 'Model is empty',
    message: 'The model is empty: it has no geometry to show.',
    hints: ['Check the file in the application that made it.'],
  },
  12: {
    key: 'error-rtc',
    title: 'Live review',
    message: 'Cannot connect to the collaboration server.',
    hints: ['Check your network connection.', 'Try starting the live review again.'],
  },
  13: {
    key: 'error-file-extension',
    title: 'File extension not supported',
    message: 'File extension not supported',
    hints: ['Try a different file.'],
  },
};

/** Spec 001 §8: unknown codes show the raw message under a warning header. */
export function getErrorInfo(code: number): ErrorInfo | undefined {
  return (ERROR_CATALOGUE as Record<number, ErrorInfo>)[code];
}

/** Spec 001 §7 (issue 8): HTTP status to error code. */
export function errorCodeForHttpStatus(status: number): ErrorCodeValue {
  if (status === 0) return ErrorCode.NETWORK_FAILURE;
  if (status === 401 || status === 403) return ErrorCode.NETWORK_ACCESS_DENIED;
  if (status === 404) return ErrorCode.NETWORK_FILE_NOT_FOUND;
  if (status >= 500) return ErrorCode.NETWORK_SERVER_ERROR;
  return ErrorCode.NETWORK_UNHANDLED_RESPONSE_CODE;
}
