import type { FieldError, KitIssue, Lang } from '@organiser/domain';
import { AppError } from '../errors';

// Field issues of the kit as the API reports them: a 400 naming each field in the caller's language.

export const toFieldErrors = (issues: KitIssue[], lang: Lang): FieldError[] =>
  issues.map((i) => ({ path: i.path, message: i.message[lang] }));

export const fieldsError = (issues: KitIssue[], lang: Lang) => AppError.fields(toFieldErrors(issues, lang));
