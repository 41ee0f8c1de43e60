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
