export { deployApp, REMOTE_STANDALONE_FILES, type DeployResult } from './deploy.ts';
export {
  shellRelease,
  writeRules,
  writeSecurityHeaders,
  type WriteHeadersOptions,
} from './write-headers.ts';
export { canary, deployRelease, promote, rollback } from './releases.ts';
export { RELEASES_DIR } from '@agentora/host';
export { deploySite, liveRuntimeConfig, wranglerUpload, type Upload } from './deploy-site.ts';
export { pullHostFolder, writeDeployedFiles, DEPLOYED_FILES } from './deployed-files.ts';
export {
  liveCanary,
  liveDeployRelease,
  livePromote,
  liveRollback,
  type LiveReleaseOptions,
} from './live-releases.ts';
