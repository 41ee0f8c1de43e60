import type { AppModule } from '../../extensions';
import { dynamicFormConfigHooks } from './hooks';
import { dynamicFormRoutes } from './routes';
import { dynamicFormSeed } from './seed';

// Dynamic forms (/systemManage/dynamic_form_config_list): the configs are an engine entity and the engine
// checks the values of `dynamicForm` fields against them; this module adds the checks of a config (options,
// code unique within its group), the reference groups of products, and the routes the console's dynamic form
// sections and list filters read.

export const dynamicFormsModule: AppModule = {
  name: 'dynamic-forms',
  register: (ext) => {
    ext.routes(dynamicFormRoutes);
    ext.referenceSeed(dynamicFormSeed);
    ext.hooks('dynamic_form_config', dynamicFormConfigHooks);
  },
};

export { checkConfig, dynamicFormConfigHooks } from './hooks';
export { dynamicFormRoutes } from './routes';
export { dynamicFormSeed, fabricGroup, machineGroup, referenceFormGroups, seedFormGroups } from './seed';
