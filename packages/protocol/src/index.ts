// @bpm/protocol: every shape that crosses a process boundary, defined once.
export * from './product.js';
export * from './permissions.js';
export * from './errors.js';
export * from './text.js';
export * from './auth.js';
export * from './users.js';
export * from './roles.js';
export * from './keys.js';
export * from './logs.js';
export * from './config.js';
export * from './reports.js';
export * from './events.js';
export * from './probes.js';
export * from './live.js';
export * from './live-compact.js';
export * from './report-batch-fast.js';
export * from './alarms.js';
