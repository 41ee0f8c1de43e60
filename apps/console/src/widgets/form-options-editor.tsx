import type { DynamicFormOption } from '@organiser/domain';
import { Button, Input, Space } from 'antd';
import { useEngineText } from '../messages';

// The options of a choice input of a dynamic form (a `dynamic_form_config` of type select / multiSelect):
// one row per option with its value and its label in both languages, added, removed and reordered in place.

type Props = {
  id?: string;
  value?: DynamicFormOption[] | null;
  onChange?: (value: DynamicFormOption[] | null) => void;
  disabled?: boolean;
};

export function FormOptionsEditor({ id, value, onChange, disabled }: Props) {
  const t = useEngineText();
  const rows = Array.isArray(value) ? value : [];
  const set = (next: DynamicFormOption[]) => onChange?.(next.length > 0 ? next : null);
  const edit = (index: number, patch: (o: DynamicFormOption) => DynamicFormOption) =>
    set(rows.map((o, i) => (i === index ? patch(o) : o)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row!);
    set(next);
  };
  return (
    <div id={id} className="form-options-editor">
      {rows.map((o, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position; values may be blank or repeated while typed.
        <Space.Compact key={i} block style={{ marginBottom: 8 }}>
          <Input
            aria-label={`${t('dynamicForm.optionValue')} ${i + 1}`}
            placeholder={t('dynamicForm.optionValue')}
            value={o.value}
            disabled={disabled}
            onChange={(e) => edit(i, (x) => ({ ...x, value: e.target.value }))}
          />
          <Input
            aria-label={`${t('dynamicForm.optionEn')} ${i + 1}`}
            placeholder={t('dynamicForm.optionEn')}
            value={o.label?.en ?? ''}
            disabled={disabled}
            onChange={(e) => edit(i, (x) => ({ ...x, label: { ...x.label, en: e.target.value } }))}
          />
          <Input
            aria-label={`${t('dynamicForm.optionZh')} ${i + 1}`}
            placeholder={t('dynamicForm.optionZh')}
            value={o.label?.zh ?? ''}
            disabled={disabled}
            onChange={(e) => edit(i, (x) => ({ ...x, label: { ...x.label, zh: e.target.value } }))}
          />
          <Button
            aria-label={`${t('dynamicForm.moveUp')} ${i + 1}`}
            disabled={disabled || i === 0}
            onClick={() => move(i, -1)}
          >
            ↑
          </Button>
          <Button
            aria-label={`${t('dynamicForm.moveDown')} ${i + 1}`}
            disabled={disabled || i === rows.length - 1}
            onClick={() => move(i, 1)}
          >
            ↓
          </Button>
          <Button
            danger
            aria-label={`${t('dynamicForm.removeOption')} ${i + 1}`}
            disabled={disabled}
            onClick={() => set(rows.filter((_, j) => j !== i))}
          >
            ×
          </Button>
        </Space.Compact>
      ))}
      <Button
        type="dashed"
        disabled={disabled}
        onClick={() => set([...rows, { value: '', label: { en: '', zh: '' } }])}
      >
        {t('dynamicForm.addOption')}
      </Button>
    </div>
  );
}
