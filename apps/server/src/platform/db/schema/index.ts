export * from './books';
export * from './configs';
export * from './reading';
export * from './users';
