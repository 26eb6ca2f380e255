export { IMMUTABLE, NO_STORE, REVALIDATE } from './cache-control.ts';
export {
  COMPATIBILITY_DATE,
  HTML_HANDLING,
  notFoundHandling,
  productionHostname,
  productionOrigin,
  UNSERVED_FILES,
  workerConfig,
  workerName,
  type WorkerConfig,
} from './worker-config.ts';
export {
  contentSecurityPolicy,
  HEADERS_FILE,
  HEADERS_JSON_FILE,
  headersFile,
  HOST_LIMITS,
  inlineScriptsOf,
  RELEASES_DIR,
  remoteHeaderRules,
  scriptHashSource,
  shellHeaderRules,
  type HeaderRule,
  type SiteSources,
} from './header-rules.ts';
export {
  deployFolder,
  serveFolder,
  WRANGLER_ENV,
  type DeployResult,
  type HostedFolder,
} from './wrangler.ts';
