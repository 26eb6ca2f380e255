export { deployApp, type DeployResult } from './deploy.ts';
