/** @jest-environment node */
import { invalidOverrideOrigins, isOriginPattern, parseRuntimeConfig } from './read-runtime-config';

// What the browser keeps of the runtime config's remoteOverrides.allowedOrigins (docs/architecture.md,
// "Trying a remote in production"). An entry must name origins of one owner: a wildcard over a host
// where anyone can have a bucket or an app, or a host that serves anyone's files by path, would let
// a stranger's build pass the override check (and the CSP, which names the same entries). The deploy
// checks the whole public suffix list besides (tools/delivery/src/override-origins.ts).
const config = (allowedOrigins: unknown) => ({
  remotes: {
    content: 'https://content.agentora.ai/mf-manifest.json',
    signups: 'https://signups.agentora.ai/mf-manifest.json',
    careers: 'https://careers.agentora.ai/mf-manifest.json',
    backoffice: 'https://backoffice.agentora.ai/mf-manifest.json',
  },
  supabase: { url: 'https://abc.supabase.co', publishableKey: 'sb_publishable_x' },
  remoteOverrides: { allowedOrigins },
});

const SHARED = [
  // Wildcards over shared hosting, whatever their number of labels.
  'https://*.s3.amazonaws.com',
  'https://*.s3.us-west-2.amazonaws.com',
  'https://*.s3-website-us-east-1.amazonaws.com',
  'https://*.execute-api.us-east-1.amazonaws.com',
  'https://*.lambda-url.us-east-1.on.aws',
  'https://*.us-east-1.elasticbeanstalk.com',
  'https://*.blob.core.windows.net',
  'https://*.z13.web.core.windows.net',
  'https://*.scm.azurewebsites.net',
  'https://*.eastus.cloudapp.azure.com',
  'https://*.storage.googleapis.com',
  'https://*.r2.cloudflarestorage.com',
  'https://*.nyc3.digitaloceanspaces.com',
  'https://*.us-east-1.linodeobjects.com',
  'https://*.s3.us-west-1.wasabisys.com',
  'https://*.s3.us-west-000.backblazeb2.com',
  'https://*.S3.AmazonAWS.com',
  // Two labels: a public suffix or a whole site of someone's.
  'https://*.github.io',
  'https://*.pages.dev',
  'https://*.workers.dev',
  'https://*.herokuapp.com',
  // Hosts that serve anyone's files by path.
  'https://s3.amazonaws.com',
  'https://storage.googleapis.com',
  'https://raw.githubusercontent.com',
  'https://cdn.jsdelivr.net',
  'https://unpkg.com',
  'https://esm.sh',
  // Every host of these serves anyone's files by path (a bucket's objects, a package, a repository).
  'https://firebasestorage.googleapis.com',
  'https://www.googleapis.com',
  'https://gist.githubusercontent.com',
  'https://fastly.jsdelivr.net',
  'https://esm.run',
  'https://raw.githack.com',
  'https://cdn.skypack.dev',
  'https://ga.jspm.io',
  'https://deno.land',
];

const OURS = [
  'https://*.previews.agentora.ai',
  'https://previews.agentora.ai:8443',
  // One owner's name on a shared host, and a wildcard under a name of one owner there.
  'https://agentora-previews.s3.amazonaws.com',
  'https://agentora.blob.core.windows.net',
  'https://*.agentora-previews.pages.dev',
  'https://*.agentora.workers.dev',
  'http://127.0.0.1:4391',
];

describe('the override allow-list, as the browser reads it', () => {
  it.each(SHARED)('refuses %s', (origin) => {
    expect(isOriginPattern(origin)).toBe(false);
  });

  it.each(OURS)('keeps %s', (origin) => {
    expect(isOriginPattern(origin)).toBe(true);
  });

  it('leaves the shared entries out of the config it reads, and names them for the deploy', () => {
    expect(parseRuntimeConfig(config([...SHARED, ...OURS])).remoteOverrides).toEqual({
      allowedOrigins: OURS,
    });
    expect(invalidOverrideOrigins(config([...SHARED, ...OURS]))).toEqual(SHARED);
  });
});
