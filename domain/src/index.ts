export * from './shared/errors.js';
export * from './event-store/index.js';
export * from './bus/types.js';
export * from './bus/in-process.js';
export * from './shared/command.js';
export * from './shared/personal-data.js';
