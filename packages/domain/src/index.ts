export * from './config';
export * from './entities';
export * from './errors';
export * from './i18n';
export * from './kit';
export * from './navigation';
export * from './reports';
export * from './routes';
