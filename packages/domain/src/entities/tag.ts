import { defineEntity, enableStatus } from '../kit';

type Text = { en: string; zh: string };

/** A tag list (company tags, product tags): a unique name and a status, searched and labelled by name. */
export const tagEntity = <const Name extends string>(
  name: Name,
  labels: { singular: Text; plural: Text },
  menu: string,
) =>
  defineEntity({
    name,
    labels,
    permission: { menu },
    fields: {
      name: {
        kind: 'text',
        label: { en: 'Name', zh: '名称' },
        required: true,
        unique: true,
        maxLength: 50,
        list: { sortable: true, width: 240 },
      },
      status: enableStatus(),
    },
    search: ['name'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    softDelete: true,
    labelField: 'name',
  });
