export * from './constants';
export * from './first-screen';
export * from './schema';
export * from './settings';
