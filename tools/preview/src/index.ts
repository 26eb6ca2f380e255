export { startPreviewSite, type PreviewSite, type PreviewSiteOptions } from './site.ts';
export { startRemoteHost, type RemoteHost, type RemoteHostOptions } from './remote-host.ts';
