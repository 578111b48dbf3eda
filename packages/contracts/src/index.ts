export * from './auth';
export * from './configs';
export * from './endpoints';
export * from './envelope';
export * from './errors';
export * from './routes';
export * from './system';
export * from './user';
