export * from './money.js';
export * from './amount.js';
