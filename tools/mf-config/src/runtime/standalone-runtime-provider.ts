// The federation runtime core for a remote's standalone page.
//
// Remotes are built with `externalRuntime`: their remoteEntry.js uses the runtime core the page
// already has instead of bundling its own copy (~20 KB gzip per remote on every shell page). Inside
// the site the shell provides it (`provideExternalRuntime`). A remote opened on its own has no
// shell, so its standalone page loads this file first: the same core, from the same installed
// version, published on the global that externalRuntime reads.
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

const global = runtimeCore.Global as { _FEDERATION_RUNTIME_CORE?: typeof runtimeCore };
global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
