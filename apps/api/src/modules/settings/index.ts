import type { AppModule } from '../../extensions';
import { settingsRoutes } from './routes';

// Configuration management (/configManage/config_manage): typed run-time settings, changed without a restart
// and read by other modules through `getSetting`.

export const settingsModule: AppModule = {
  name: 'settings',
  register: (ext) => ext.routes(settingsRoutes),
};

export { CONFIG_MENU, settingsRoutes } from './routes';
export {
  announceSettingsChange,
  effectiveUploadLimits,
  getSetting,
  storedSettings,
  withRunTimeSettings,
} from './store';
