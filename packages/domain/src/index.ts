export * from './child-profile';
export * from './guest-rules';
export * from './login-validation';
export * from './parental-gate';
export * from './promotions';
export * from './settings';
export * from './versions';
