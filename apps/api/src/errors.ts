import { type ErrorKey, errorCatalogue, errorMessage, type FieldError, type Lang } from '@organiser/domain';

/**
 * The one error type routes throw. The envelope plugin turns it into
 * `{ success: false, code, message, content }` with the catalogue's HTTP status and the message in the
 * caller's language. `content` is null for refusals the console handles globally (toast / logout dialog) and
 * non-null for refusals the page handles itself (login outcome, field errors).
 */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly params?: Record<string, string | number>;
  readonly content: unknown;

  constructor(key: ErrorKey, options: { params?: Record<string, string | number>; content?: unknown } = {}) {
    super(errorMessage(key, 'en', options.params));
    this.name = 'AppError';
    this.key = key;
    this.params = options.params;
    this.content = options.content ?? null;
  }

  get status(): number {
    return errorCatalogue[this.key].status;
  }

  get code(): number {
    return errorCatalogue[this.key].code;
  }

  messageIn(lang: Lang): string {
    return errorMessage(this.key, lang, this.params);
  }

  /** A validation refusal listing each bad field by its path. */
  static fields(errors: FieldError[]): AppError {
    return new AppError('validation', { content: { errors } });
  }
}

/** A logged failure as its reader reads it: the message of its catalogue key in the reader's language, with the
 * parameters it was stored with; a row written before keys were kept (or an unexpected failure's own text)
 * shows its stored message. */
export function loggedErrorMessage(
  row: { errorMessage: string | null; errorKey?: string | null; errorParams?: unknown },
  lang: Lang,
): string | null {
  const key = row.errorKey;
  if (!key || !Object.hasOwn(errorCatalogue, key)) return row.errorMessage;
  const params = row.errorParams && typeof row.errorParams === 'object' ? row.errorParams : undefined;
  return errorMessage(key as ErrorKey, lang, params as Record<string, string | number> | undefined);
}

/** The catalogue key and parameters of a failure worth storing beside its message (null for other errors). */
export function errorKeyOf(
  error: unknown,
): { errorKey: string; errorParams: Record<string, string | number> | null } | null {
  return error instanceof AppError ? { errorKey: error.key, errorParams: error.params ?? null } : null;
}
