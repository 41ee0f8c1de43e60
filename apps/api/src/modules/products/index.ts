import type { AppModule } from '../../extensions';
import type { DemoSeed } from '../../seed';
import { checkProduct, publicProductCondition, syncCompanyName } from './rules';

// Products: products, their categories and tags are engine entities (packages/domain/src/entities); this
// module adds the checks across records (category levels, a sub-material's parent material), the company name
// the keyword searches, and the demo products.

const seedProductDemo: DemoSeed['run'] = async (ctx) => (await import('./demo')).seedProductDemo(ctx);

export const productsModule: AppModule = {
  name: 'products',
  register: (ext) => {
    ext.hooks('product', { beforeWrite: checkProduct });
    ext.hooks('company', { afterWrite: syncCompanyName });
    ext.demoSeed({ name: 'products', run: seedProductDemo });
  },
};

export { checkProduct, publicProductCondition, seedProductDemo, syncCompanyName };
