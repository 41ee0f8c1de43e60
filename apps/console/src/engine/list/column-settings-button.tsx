import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Tooltip } from 'antd';
import { useEngineText } from '../../messages';
import { type ArrangedColumn, moveColumn, toggleColumn } from './column-settings';

type Props = {
  arranged: ArrangedColumn[];
  labelOf: (name: string) => string;
  onChange: (next: ArrangedColumn[]) => void;
  onReset: () => void;
};

/** Show, hide and order the columns (keyboard: tick boxes and up/down buttons, no drag needed). */
export function ColumnSettingsButton({ arranged, labelOf, onChange, onReset }: Props) {
  const t = useEngineText();
  const content = (
    <div className="entity-columns">
      <ul className="entity-columns-list" aria-label={t('columns.title')}>
        {arranged.map((a, index) => {
          const label = labelOf(a.column.name);
          return (
            <li key={a.column.name}>
              <Checkbox
                checked={a.isShown}
                onChange={(e) => onChange(toggleColumn(arranged, a.column.name, e.target.checked))}
              >
                {label}
              </Checkbox>
              <span className="entity-columns-move">
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined aria-hidden />}
                  disabled={index === 0}
                  aria-label={t('columns.moveUp', { column: label })}
                  onClick={() => onChange(moveColumn(arranged, a.column.name, -1))}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined aria-hidden />}
                  disabled={index === arranged.length - 1}
                  aria-label={t('columns.moveDown', { column: label })}
                  onClick={() => onChange(moveColumn(arranged, a.column.name, 1))}
                />
              </span>
            </li>
          );
        })}
      </ul>
      <div className="entity-columns-footer">
        <span className="entity-columns-hint">{t('columns.hint')}</span>
        <Button size="small" onClick={onReset}>
          {t('columns.reset')}
        </Button>
      </div>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('columns.title')} content={content}>
      <Tooltip title={t('columns.open')}>
        <Button icon={<SettingOutlined aria-hidden />} aria-label={t('columns.open')} />
      </Tooltip>
    </Popover>
  );
}
