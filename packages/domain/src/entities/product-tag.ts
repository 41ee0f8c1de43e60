import { tagEntity } from './tag';

const t = (en: string, zh: string) => ({ en, zh });

/** /productManage/product_tag_list: a product tag has a name and a status. */
export const productTag = tagEntity(
  'product_tag',
  { singular: t('Product tag', '产品标签'), plural: t('Product tags', '产品标签') },
  '/productManage/product_tag_list',
);
