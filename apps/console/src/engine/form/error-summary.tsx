import { Alert, type FormInstance } from 'antd';
import { useEngineText } from '../../messages';
import type { EntityMeta } from '../entity-meta';

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), textarea, button:not([disabled]), [tabindex]';

/** Scrolls to a field and puts the keyboard on it: its own control, else the first focusable part of its item
 * (an upload's button, a rich-text editor). */
export function focusField(formName: string, name: string) {
  const byId = document.getElementById(`${formName}_${name}`);
  const item = byId?.closest('.ant-form-item') ?? document.querySelector(`[data-field="${name}"]`);
  const target = byId?.matches(FOCUSABLE)
    ? byId
    : ((item?.querySelector(FOCUSABLE) as HTMLElement | null) ?? byId);
  (item ?? target)?.scrollIntoView?.({ block: 'center' });
  target?.focus();
}

/**
 * After a failed save, the fields in error listed at the top of a long form, each a link that scrolls to its field
 * and focuses it. It follows the fields' errors (client checks and the server's) and goes when none is left.
 */
export function ErrorSummary({
  form,
  formName,
  meta,
  isShown,
  order,
}: {
  /** The fields' errors as text (Form's onFieldsChange): the list is read again when they change. */
  errorsKey: string;
  form: FormInstance;
  formName: string;
  meta: EntityMeta;
  /** Set by a failed save; a successful one hides it. */
  isShown: boolean;
  /** Field names in the form's order. */
  order: string[];
}) {
  const t = useEngineText();
  if (!isShown) return null;
  const errors = form
    .getFieldsError()
    .filter((f) => f.errors.length > 0)
    .map((f) => ({ name: String(f.name[0]), message: f.errors[0]! }))
    .sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  if (errors.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      className="entity-form-alert entity-form-summary"
      title={t('form.summaryTitle', { count: errors.length })}
      description={
        <ul className="entity-form-errors">
          {errors.map((e) => (
            <li key={e.name}>
              <a
                href={`#${formName}_${e.name}`}
                onClick={(event) => {
                  event.preventDefault();
                  focusField(formName, e.name);
                }}
              >
                {meta.fieldLabel(e.name)}
              </a>
              {t('form.summarySeparator')}
              {e.message}
            </li>
          ))}
        </ul>
      }
    />
  );
}
