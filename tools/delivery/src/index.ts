export { deployApp, type DeployResult } from './deploy.ts';
export {
  HEADERS_FILE,
  HEADERS_JSON_FILE,
  headersFor,
  parseHeadersFile,
  remoteHeaderRules,
  type HeaderRule,
} from './security-headers.ts';
export { writeSecurityHeaders, type WriteHeadersOptions } from './write-headers.ts';
export { canary, deployRelease, promote, rollback, RELEASES_DIR } from './releases.ts';
