export { buildReference, referenceConfigs } from './reference-configs.ts';
