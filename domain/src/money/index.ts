export * from './money.js';
export * from './amount.js';
export * from './currency.js';
