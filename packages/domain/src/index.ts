export * from './promotions';
export * from './versions';
