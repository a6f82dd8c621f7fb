export * from './auth';
export * from './constants';
export * from './envelope';
export * from './fields';
export * from './messages';
export * from './roles';
export * from './health';
export * from './forms';
