// Every table of the API. Tables of the entity engine live in ./entities (owned by the engine).
export * from './accounts';
export * from './consults';
export * from './entities';
export * from './letters';
export * from './logs';
export * from './open-api';
export * from './quota';
export * from './region';
export * from './requirements';
export * from './sessions';
export * from './settings';
export * from './statistics';
export * from './system-log';
export * from './uploads';
export * from './users';
