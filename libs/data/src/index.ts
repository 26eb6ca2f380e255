export * from './site/paths';
export * from './site/constants';
export * from './runtime-config/runtime-config';
export * from './backend';
export * from './site/articles';
export * from './growth/places';
