export * from './version.js';
export * from './limits.js';
export * from './errors.js';
export * from './commands.js';
export * from './acks.js';
export * from './http.js';
export * from './socket.js';
