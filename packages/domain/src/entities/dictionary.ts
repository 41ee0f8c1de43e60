import { defineEntity, enableStatus, t } from '../kit';

/** /systemManage/dict_group_list: the system's editable dictionaries. A `dict` field names a group
 * by its code and accepts only the value of one of its enabled items while the group is enabled. */
export const dictGroup = defineEntity({
  name: 'dict_group',
  labels: { singular: t('Dictionary', '数据字典'), plural: t('Dictionaries', '数据字典') },
  permission: { menu: '/systemManage/dict_group_list' },
  fields: {
    code: {
      kind: 'text',
      label: t('Code', '字典编码'),
      required: true,
      unique: true,
      maxLength: 50,
      readOnlyOnEdit: true,
      pattern: {
        source: '^[a-z][a-z0-9_]*$',
        message: t(
          'Code uses lower-case letters, digits and underscores, starting with a letter',
          '编码只能包含小写字母、数字和下划线，并以字母开头',
        ),
        example: 'company_industry',
      },
      list: { sortable: true, width: 200 },
    },
    name: { kind: 'bilingual', label: t('Name', '字典名称'), required: 'both', maxLength: 100 },
    status: enableStatus(),
    remark: { kind: 'longText', label: t('Remark', '备注'), maxLength: 500 },
  },
  search: ['code', 'name'],
  defaultSort: { field: 'code', order: 'asc' },
  labelField: 'name',
});

/** A dictionary item: one value of a dictionary, with its label in both languages. A value is unique
 * within its dictionary; items are shown in `sort` order inside their dictionary's screens. */
export const dictItem = defineEntity({
  name: 'dict_item',
  labels: { singular: t('Dictionary item', '字典项'), plural: t('Dictionary items', '字典项') },
  permission: { menu: '/systemManage/dict_item_list' },
  // what the server modules and the console add to this definition (listed, so it is found from here)
  behaviour: {
    // an item's value is unique within its dictionary
    hooks: { dictionary: ['beforeWrite: checkItemValueUnique'] },
  },
  fields: {
    groupId: {
      kind: 'relation',
      label: t('Dictionary', '所属字典'),
      to: 'dict_group',
      labelField: 'name',
      required: true,
      readOnlyOnEdit: true,
      list: { filter: 'eq', width: 180 },
    },
    value: {
      kind: 'text',
      label: t('Value', '字典值'),
      required: true,
      maxLength: 100,
      list: { sortable: true, width: 180 },
    },
    label: { kind: 'bilingual', label: t('Label', '显示名称'), required: 'both', maxLength: 100 },
    sort: {
      kind: 'integer',
      label: t('Sort', '排序'),
      min: 0,
      max: 100_000,
      default: 0,
      list: { sortable: true, width: 90 },
    },
    status: enableStatus(),
    remark: { kind: 'longText', label: t('Remark', '备注'), maxLength: 500 },
  },
  search: ['value', 'label'],
  defaultSort: { field: 'sort', order: 'asc' },
  labelField: 'label',
  parent: { entity: 'dict_group', field: 'groupId', order: 'sort' },
});
