import type { AppModule } from '../../extensions';
import { logReportRoutes } from './log-reports';
import { scheduleRetention } from './retention';
import { loginSecurityRoutes } from './routes';

// The system screens: the system, SMS and object-storage logs (reports), their daily retention, and login
// security (lockout and login history of accounts).

export const systemModule: AppModule = {
  name: 'system',
  register: (ext) => {
    ext.routes(logReportRoutes);
    ext.routes(loginSecurityRoutes);
    ext.routes(async (app) => scheduleRetention(app, app.config.server.logRetentionDays));
  },
};

export { logReportRoutes, TOTAL_CAP } from './log-reports';
export { ensureSystemLogPartitions, RETENTION_LOCK_KEY, removeOldLogs } from './retention';
export { LOGIN_SECURITY_MENU, loginSecurityRoutes } from './routes';
