/** The privacy rules that are not a stream's decider: retention of evidence and chat. */
export * from './retention.js';
export * from './erasure-mail.js';
