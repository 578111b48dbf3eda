export * from './books';
export * from './configs';
export * from './reading';
export * from './speech';
export * from './system';
export * from './users';
export * from './works';
