import {
  startPreviewSite as startUntracked,
  startRemoteHost as startRemoteHostUntracked,
  type PreviewSite,
  type PreviewSiteOptions,
  type RemoteHost,
  type RemoteHostOptions,
} from '@agentora/preview';
import { inFlight } from './in-flight';

// The preview's sites and hosts as the specs start them: the same, with their start and each call
// that waits on their hosts known to in-flight.ts, so that a test that times out in one says where.

/** tools/preview's startPreviewSite, tracked. */
export function startPreviewSite(options: PreviewSiteOptions): Promise<PreviewSite> {
  const name = `the site on :${options.ports.shell}`;
  return inFlight(`starting ${name}`, async (progress) => {
    let step = progress;
    const site = await startUntracked({ ...options, progress: (text) => step(text) });
    const tracked =
      (what: string) =>
      <A extends unknown[]>(call: (...args: A) => Promise<void>) =>
      (...args: A) =>
        inFlight(`${what} ${name}${args.length > 0 ? ` (${args.join(', ')})` : ''}`, (next) => {
          step = next;
          return call(...args);
        });
    return {
      ...site,
      settled: tracked('waiting for')(site.settled),
      stop: tracked('stopping a host of')(site.stop),
      start: tracked('starting a host of')(site.start),
      close: tracked('closing')(site.close),
    };
  });
}

/** tools/preview's startRemoteHost, tracked. */
export async function startRemoteHost(options: RemoteHostOptions): Promise<RemoteHost> {
  const name = `${options.remote}'s host on :${options.port}`;
  const host = await inFlight(`starting ${name}`, (progress) =>
    startRemoteHostUntracked({ ...options, progress }),
  );
  return {
    ...host,
    settled: () => inFlight(`waiting for ${name}`, () => host.settled()),
    close: () => inFlight(`closing ${name}`, () => host.close()),
  };
}
