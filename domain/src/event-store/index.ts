export * from './types.js';
export * from './hash.js';
export * from './subscription.js';
export * from './in-memory.js';
export * from './command-handler.js';
export * from './snapshots.js';
export { verifyHashChain, type ChainLink, type ChainCheck } from './canonical-json.js';
export * from './multi-stream.js';
