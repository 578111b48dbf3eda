export * from './configs';
export * from './users';
export * from './books';
