import type { JsonPart, Language } from '@organiser/domain';
import { DatePicker, Input } from 'antd';
import dayjs from 'dayjs';
import { lengthCount } from './length-count';
import './widgets.css';

type Value = Record<string, string | null | undefined>;

type Props = {
  id?: string;
  parts: Readonly<Record<string, JsonPart>>;
  lang: Language;
  value?: unknown;
  onChange?: (value: Value | null) => void;
  disabled?: boolean;
  'aria-invalid'?: boolean;
};

const asObject = (value: unknown): Value =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Value) : {};

/** A JSON object of named parts (a product's address, date of manufacture and size) as one labelled input per
 * part. An emptied part is left out; no part at all is an empty value. */
export function JsonPartsInput({ id, parts, lang, value, onChange, disabled, ...rest }: Props) {
  const current = asObject(value);
  const set = (key: string, next: string | null) => {
    const { [key]: _old, ...others } = current;
    const merged: Value = next ? { ...others, [key]: next } : others;
    onChange?.(Object.keys(merged).length > 0 ? merged : null);
  };
  return (
    <div className="json-parts">
      {Object.entries(parts).map(([key, part], index) => {
        const inputId = index === 0 ? id : id && `${id}_${key}`;
        const label = part.label[lang];
        const text = current[key] ?? '';
        return (
          <div className="json-parts-row" key={key}>
            <label htmlFor={inputId} className="json-parts-label">
              {label}
            </label>
            {part.kind === 'date' ? (
              <DatePicker
                id={inputId}
                aria-label={label}
                disabled={disabled}
                value={text ? dayjs(text) : null}
                onChange={(day) => set(key, day ? day.format('YYYY-MM-DD') : null)}
              />
            ) : (
              <Input
                id={inputId}
                aria-invalid={rest['aria-invalid']}
                disabled={disabled}
                value={text}
                onChange={(e) => set(key, e.target.value === '' ? null : e.target.value)}
                {...lengthCount(part.maxLength)}
                autoComplete="off"
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
