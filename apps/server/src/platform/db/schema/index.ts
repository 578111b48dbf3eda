export * from './configs';
export * from './users';
