export * from './site/constants';
export * from './site/routes';
export * from './runtime-config/runtime-config';
export * from './backend';
