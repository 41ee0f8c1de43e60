import type { AppModule } from '../../extensions';
import { createStorage } from '../../storage';
import { seedContentDemo } from './demo';

// Content on the engine's entities (banner positions, banners, company tags): their definitions are all they
// need; this module adds their demo data.

export const contentModule: AppModule = {
  name: 'content',
  register: (ext) => {
    ext.demoSeed({
      name: 'content',
      run: ({ db, config }) => seedContentDemo(db, { storage: createStorage(config.server) }),
    });
  },
};

export { seedContentDemo };
