export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/** A failure a client can cause; the error handler maps it to its status with a Spanish `detail`. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly errors?: Record<string, string[]>;
  /** Sent as Retry-After (429, 503). */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    options: { errors?: Record<string, string[]>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = APP_ERROR_STATUS[code];
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
