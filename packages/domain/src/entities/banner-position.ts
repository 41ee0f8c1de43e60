import { defineEntity, t } from '../kit';

/** /banner/banner_position_list. A position (its code) names where banners show and the image size they
 * need (banner ratios 1200x240, 1920x200, 614x420, 588x430). */
export const bannerPosition = defineEntity({
  name: 'banner_position',
  labels: { singular: t('Banner position', '横幅位置'), plural: t('Banner positions', '横幅位置') },
  permission: { menu: '/banner/banner_position_list' },
  fields: {
    code: {
      kind: 'text',
      label: t('Code', '编码'),
      required: true,
      unique: true,
      maxLength: 50,
      pattern: {
        source: '^[a-z][a-z0-9_]*$',
        message: t(
          'Code uses lower-case letters, digits and _ and starts with a letter',
          '编码只能包含小写字母、数字和下划线，且以字母开头',
        ),
        example: 'home_top',
      },
      readOnlyOnEdit: true,
      list: { sortable: true, filter: 'like', width: 160 },
    },
    name: { kind: 'bilingual', label: t('Name', '名称'), required: 'either', maxLength: 100 },
    sizeHint: {
      kind: 'text',
      label: t('Image size', '图片尺寸'),
      maxLength: 20,
      pattern: {
        source: '^[1-9][0-9]{1,4}x[1-9][0-9]{1,4}$',
        message: t('Write the size as width x height, e.g. 1200x240', '尺寸格式为 宽x高，例如 1200x240'),
        example: '1200x240',
      },
      list: { width: 120 },
      form: { placeholder: t('e.g. 1200x240', '例如 1200x240') },
    },
  },
  search: ['code', 'name'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  labelField: 'name',
});
