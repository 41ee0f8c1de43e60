import { defineEntity, enableStatus, t } from '../kit';
import {
  DYNAMIC_FORM_TYPES,
  DYNAMIC_NUMBER_TYPES,
  DYNAMIC_OPTION_TYPES,
  DYNAMIC_TEXT_TYPES,
} from '../kit/dynamic-forms';

const typeLabels: Record<(typeof DYNAMIC_FORM_TYPES)[number], { en: string; zh: string }> = {
  text: t('Text', '文本'),
  longText: t('Long text', '多行文本'),
  number: t('Number', '数字'),
  integer: t('Whole number', '整数'),
  select: t('Single choice', '单选'),
  multiSelect: t('Multiple choice', '多选'),
  date: t('Date', '日期'),
  image: t('Image', '图片'),
  boolean: t('Yes / no', '是/否'),
};

const codePattern = {
  source: '^[a-z][a-zA-Z0-9_]*$',
  message: t(
    'Code starts with a lower-case letter and uses letters, digits and underscores',
    '编码以小写字母开头，只能包含字母、数字和下划线',
  ),
  example: 'power',
};

/**
 * /systemManage/dynamic_form_config_list: one input of a dynamic form group. The records of a category
 * (`product`) name a group by its code in their group field; their `dynamicForm` field then holds one value per
 * enabled config of that group, checked by type, options, limits and `required`. A code is unique within its
 * category and group. `filterable` configs are offered as list filters of the category's records.
 */
export const dynamicFormConfig = defineEntity({
  name: 'dynamic_form_config',
  labels: { singular: t('Dynamic form input', '动态表单项'), plural: t('Dynamic forms', '动态表单') },
  permission: { menu: '/systemManage/dynamic_form_config_list' },
  // what the server modules and the console add to this definition (listed, so it is found from here)
  behaviour: {
    // a config's options, and its code unique within its group
    hooks: { 'dynamic-forms': ['beforeWrite: checkConfig'] },
  },
  fields: {
    category: {
      kind: 'enum',
      label: t('Category', '业务类型'),
      default: 'product',
      options: [
        { value: 'product', label: t('Product', '产品') },
        { value: 'company', label: t('Company', '企业') },
      ],
      readOnlyOnEdit: true,
      list: { filter: 'eq', width: 110 },
    },
    groupCode: {
      kind: 'text',
      label: t('Group code', '分组编码'),
      required: true,
      maxLength: 50,
      readOnlyOnEdit: true,
      pattern: { ...codePattern, example: 'machine' },
      list: { filter: 'eq', sortable: true, width: 140 },
    },
    code: {
      kind: 'text',
      label: t('Code', '编码'),
      required: true,
      maxLength: 50,
      readOnlyOnEdit: true,
      pattern: codePattern,
      list: { sortable: true, width: 140 },
    },
    label: { kind: 'bilingual', label: t('Label', '显示名称'), required: 'both', maxLength: 100 },
    type: {
      kind: 'enum',
      label: t('Type', '类型'),
      required: true,
      default: 'text',
      options: DYNAMIC_FORM_TYPES.map((value) => ({ value, label: typeLabels[value] })),
      list: { filter: 'in', width: 120 },
    },
    options: {
      kind: 'json',
      label: t('Options', '选项'),
      required: true,
      onlyWhen: { field: 'type', in: [...DYNAMIC_OPTION_TYPES] },
      form: { widget: 'formOptions', span: 24 },
    },
    required: { kind: 'boolean', label: t('Required', '必填'), default: false, list: { width: 80 } },
    min: {
      kind: 'decimal',
      label: t('Minimum', '最小值'),
      scale: 4,
      precision: 18,
      onlyWhen: { field: 'type', in: [...DYNAMIC_NUMBER_TYPES] },
    },
    max: {
      kind: 'decimal',
      label: t('Maximum', '最大值'),
      scale: 4,
      precision: 18,
      onlyWhen: { field: 'type', in: [...DYNAMIC_NUMBER_TYPES] },
    },
    maxLength: {
      kind: 'integer',
      label: t('Maximum length', '最大长度'),
      min: 1,
      max: 5000,
      onlyWhen: { field: 'type', in: [...DYNAMIC_TEXT_TYPES] },
    },
    sortNo: {
      kind: 'integer',
      label: t('Sort', '排序'),
      min: 0,
      max: 100_000,
      default: 0,
      list: { sortable: true, width: 90 },
    },
    filterable: {
      kind: 'boolean',
      label: t('Offered as a list filter', '作为列表筛选项'),
      default: false,
      list: { filter: 'eq', width: 110 },
    },
    status: enableStatus(),
  },
  search: ['groupCode', 'code', 'label'],
  defaultSort: { field: 'groupCode', order: 'asc' },
  labelField: 'label',
  rules: [
    {
      kind: 'compare',
      field: 'max',
      op: 'gte',
      other: 'min',
      message: t('Maximum cannot be below the minimum', '最大值不能小于最小值'),
    },
  ],
});
