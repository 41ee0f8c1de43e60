import { CloseCircleFilled } from '@ant-design/icons';
import { Select as AntSelect, type SelectProps } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A select's clear button (`allowClear` of Select, TreeSelect and Cascader) with antd's icon and a name in the
 * reader's language: the select library names the button "Clear" in every language otherwise. */
export type SelectClear = { clearIcon: React.ReactNode; label: string } | false;

/** `clear(isOn)`: what a select's `allowClear` takes, on (the default) or off. */
export function useSelectClear(): (isOn?: boolean) => SelectClear {
  const { t } = useTranslation();
  const label = t('common.clear');
  return useCallback((isOn = true) => (isOn ? { clearIcon: <CloseCircleFilled />, label } : false), [label]);
}

/** antd's Select, whose clear button (`allowClear`) is named in the reader's language. */
export function Select<V = unknown>(props: SelectProps<V>) {
  const clear = useSelectClear();
  const { allowClear } = props;
  return <AntSelect<V> {...props} allowClear={allowClear === true ? clear() : allowClear} />;
}
